import { Hono } from 'hono';

import type { SandboxConfig } from './config';
import type { Database } from './db/database';
import { addFault, clearFaults } from './faults';
import { sendVerificationLink } from './handlers/auth';
import { html, json, noContent, problem, toResponse } from './http';
import type { Outbox } from './outbox';
import { outboxPage } from './pages/outbox-page';
import { signInRoutes } from './pages/sign-in-page';
import { paymentPageRoutes } from './pages/payment-page';
import { createBulkTestCustomer, createTestCustomer, maxBulkOrders } from './seed/test-customers';

export interface SandboxDeps {
  db: Database;
  config: SandboxConfig;
  outbox: Outbox;
  reset: () => Promise<void>;
}

/**
 * What the real world has around the API: the test hooks under /__sandbox/ (outbox, faults,
 * reset) and the pages of the authorization server and the payment provider under /sandbox/.
 * None of it is part of the portal's build.
 */
export function sandboxRoutes(deps: SandboxDeps): Hono {
  const routes = new Hono();

  routes.get('/__sandbox/outbox', async (c) => {
    const to = c.req.query('to');
    const mails = await deps.outbox.list(to);
    if (c.req.header('Accept')?.includes('text/html')) return toResponse(c, html(outboxPage(mails)));
    return toResponse(c, json(200, mails));
  });

  routes.post('/__sandbox/faults', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const method = typeof body?.method === 'string' ? body.method : undefined;
    const path = typeof body?.path === 'string' ? body.path : undefined;
    const status = typeof body?.status === 'number' ? body.status : undefined;
    const delayMs = typeof body?.delayMs === 'number' ? body.delayMs : undefined;
    const times = typeof body?.times === 'number' ? body.times : 1;
    if (!method || !path || (status === undefined && delayMs === undefined)) {
      return toResponse(
        c,
        problem(400, 'invalidFault', 'A fault needs method, path and status or delayMs', {
          detail: 'e.g. {"method":"POST","path":"/api/v3/order/orders/submit","status":503,"times":1}',
        }),
      );
    }
    await addFault(deps.db, { method, path, times, ...(status !== undefined ? { status } : {}), ...(delayMs !== undefined ? { delayMs } : {}) });
    return toResponse(c, noContent());
  });

  routes.delete('/__sandbox/faults', async (c) => {
    await clearFaults(deps.db);
    return toResponse(c, noContent());
  });

  // A fresh customer with an active, a withdrawable and a pending order, for one browser test
  // (sandbox/seed/test-customers.ts): tests that change a subscription do not share demo data.
  // `{ "verified": false }`: its address is not verified yet, and the verification link is in the
  // outbox, mailed by the registration's own code.
  // `{ "lockedInstruments": true }`: two of its orders pay with a locked instrument (decision 32).
  // `{ "product": "joti" }`: a job ticket account of TDX9960 with a staff number of its own (decision 32).
  // `{ "orders": N }` (1 to 1000): a verified customer with N orders of a realistic mix, the first
  // three those named above (issue 14: "My tickets" at 500 orders, npm run bench).
  routes.post('/__sandbox/customers', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (body?.orders !== undefined) {
      const count = body.orders;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > maxBulkOrders) {
        return toResponse(c, problem(400, 'invalidCustomer', `orders must be a whole number from 1 to ${maxBulkOrders}`));
      }
      return toResponse(c, json(201, await createBulkTestCustomer(deps.db, count)));
    }
    const verified = body?.verified !== false;
    const customer = await createTestCustomer(deps.db, {
      verified,
      lockedInstruments: body?.lockedInstruments === true,
      product: body?.product === 'joti' ? 'joti' : 'deuti',
    });
    if (!verified) await sendVerificationLink(deps.db, deps.config, deps.outbox, { id: customer.userId, email: customer.email });
    return toResponse(c, json(201, customer));
  });

  routes.post('/__sandbox/reset', async (c) => {
    await deps.reset();
    return toResponse(c, noContent());
  });

  routes.route('/', signInRoutes(deps));
  routes.route('/', paymentPageRoutes(deps));
  return routes;
}

// @vitest-environment node
import type { BulkTestCustomer, TestCustomer } from '#sandbox/seed/test-customers';
import { todayIso } from '#sandbox/tickets/subscription-lifecycle';
import { addDays } from '#src/domain/contract-withdrawal';
import { createTestSandbox } from './harness';

/**
 * POST /__sandbox/customers: a fresh customer of its own for each browser test that changes a
 * subscription (sandbox/seed/test-customers.ts), so such tests can run in parallel.
 */
describe('POST /__sandbox/customers', () => {
  it('creates a customer who signs in and finds an active, a withdrawable, a pending and a recent order', async () => {
    const { client, newClient } = await createTestSandbox();
    const created = await client.post('/__sandbox/customers', { unchecked: true });
    expect(created.status).toBe(201);
    const customer = created.body as TestCustomer;
    expect(customer.email).toMatch(/^test-[0-9a-f]{8}@example\.com$/);

    const other = (await client.post('/__sandbox/customers', { unchecked: true })).body as TestCustomer;
    expect(other.email).not.toBe(customer.email);
    expect(other.orders.active.number).not.toBe(customer.orders.active.number);

    const signedIn = newClient();
    await signedIn.signInAs(customer.email);
    const orders = (await signedIn.get('/api/v2/order/orders')).body as { order_number: string; order_status: string; subscription_id: string | null }[];
    const byNumber = new Map(orders.map((order) => [order.order_number, order]));
    expect(orders).toHaveLength(4);
    expect(byNumber.get(customer.orders.active.number)).toMatchObject({ order_status: 'fulfilled', subscription_id: customer.orders.active.subscriptionId });
    expect(byNumber.get(customer.orders.withdrawable.number)).toMatchObject({
      order_status: 'terminated',
      subscription_id: customer.orders.withdrawable.subscriptionId,
    });
    expect(byNumber.get(customer.orders.pending.number)).toMatchObject({ order_status: 'submitted', subscription_id: null });

    const withdrawable = await signedIn.get(`/api/v2/subscription/subscriptions/${customer.orders.withdrawable.subscriptionId}`);
    expect(withdrawable.body).toMatchObject({ canWithdrawTermination: true, withdrawableUntil: null });
    // The recent one was concluded 3 days ago: 11 days of its 14-day withdrawal period are left; the others' are over.
    expect(byNumber.get(customer.orders.recent.number)).toMatchObject({ order_status: 'fulfilled', subscription_id: customer.orders.recent.subscriptionId });
    const recent = await signedIn.get(`/api/v2/subscription/subscriptions/${customer.orders.recent.subscriptionId}`);
    expect(recent.body).toMatchObject({ status: 'active', withdrawableUntil: addDays(todayIso(), 11) });
    const active = await signedIn.get(`/api/v2/subscription/subscriptions/${customer.orders.active.subscriptionId}`);
    expect(active.body).toMatchObject({ withdrawableUntil: null });
    const instrument = await signedIn.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${customer.orders.active.id}`);
    expect(instrument.body).toMatchObject({ paymentInstrumentType: 'BANKACCOUNT', instrumentStatus: 'Ok' });
  });

  it('customers created at the same moment, as parallel browser tests do, each get their own order numbers', async () => {
    const { client } = await createTestSandbox();
    // Each creation reads the highest order number before it writes: without the retry on the
    // UNIQUE order number, the second of two at once answered 500 (a browser test failed on it).
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.post('/__sandbox/customers', { unchecked: true })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const numbers = answers.flatMap((answer) => Object.values((answer.body as TestCustomer).orders).map((order) => order.number));
    expect(new Set(numbers).size).toBe(24);
  });

  it('creates an unverified customer on request, with the verification link in the outbox, as the registration mails it', async () => {
    const { client, sandbox, newClient } = await createTestSandbox();
    const created = await client.post('/__sandbox/customers', { json: { verified: false }, unchecked: true });
    expect(created.status).toBe(201);
    const customer = created.body as TestCustomer;
    expect(customer.userId).toMatch(/^user-test-[0-9a-f]{8}$/);

    const signedIn = newClient();
    await signedIn.signInAs(customer.email);
    expect((await signedIn.get('/api/v2/auth/connect/user-info')).body).toMatchObject({ email: customer.email, email_verified: false });

    const [mail, ...more] = await sandbox.outbox.list(customer.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'verify-email', subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse / Please confirm your email address' });
    const link = new URL(mail!.link!);
    expect(link.origin).toBe(sandbox.config.portalOrigin);
    expect(link.pathname).toBe('/actions/verify-email');
    expect(link.searchParams.get('user_id')).toBe(customer.userId);
    const token = link.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    // The link verifies once; opened again it fails as used.
    const query = `user_id=${encodeURIComponent(customer.userId)}&token=${encodeURIComponent(token)}`;
    expect((await newClient().get(`/account/verify-email?${query}`)).status).toBe(200);
    expect((await newClient().get(`/account/verify-email?${query}`)).status).toBe(400);
    expect((await signedIn.get('/api/v2/auth/connect/user-info')).body).toMatchObject({ email_verified: true });
  });

  it('without a body, or with verified: true, the customer is verified and no mail is sent', async () => {
    const { client, sandbox } = await createTestSandbox();
    for (const options of [{ unchecked: true }, { json: { verified: true }, unchecked: true }]) {
      const customer = (await client.post('/__sandbox/customers', options)).body as TestCustomer;
      expect(await sandbox.outbox.list(customer.email)).toEqual([]);
    }
  });

  it('creates a customer with many orders on request ({ orders: N }): a realistic mix, each subscription with its tickets, in one go', async () => {
    const { client, newClient } = await createTestSandbox();
    const created = await client.post('/__sandbox/customers', { json: { orders: 500 }, unchecked: true });
    expect(created.status).toBe(201);
    const customer = created.body as BulkTestCustomer;
    expect(customer.orderCount).toBe(500);
    // The named orders of a test customer come first, so a journey test can use a bulk customer too.
    expect(Object.keys(customer.orders).sort()).toEqual(['active', 'pending', 'recent', 'withdrawable']);

    const signedIn = newClient();
    await signedIn.signInAs(customer.email);
    expect((await signedIn.get('/api/v2/auth/connect/user-info')).body).toMatchObject({ email: customer.email, email_verified: true });
    const orders = (await signedIn.get('/api/v2/order/orders')).body as { order_number: string; order_status: string; subscription_id: string | null }[];
    expect(orders).toHaveLength(500);
    expect(new Set(orders.map((order) => order.order_number)).size).toBe(500);
    const statuses = new Map<string, number>();
    for (const order of orders) statuses.set(order.order_status, (statuses.get(order.order_status) ?? 0) + 1);
    for (const status of ['fulfilled', 'terminated', 'revoked', 'submitted', 'approved', 'inprogress', 'rejected'])
      expect(statuses.get(status), status).toBeGreaterThan(20);
    const subscriptions = orders.filter((order) => order.subscription_id !== null);
    expect(subscriptions.length).toBeGreaterThan(200);

    const tickets = (await signedIn.get('/api/dashboard/v1/tickets')).body as { subscription_id?: string; subscriptionId?: string }[];
    expect(tickets.length).toBeGreaterThan(subscriptions.length);
    const instruments = await Promise.all(
      orders.slice(0, 14).map(
        async (order) =>
          (
            await signedIn.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${encodeURIComponent((order as unknown as { id: string }).id)}`, {
              unchecked: true,
            })
          ).status,
      ),
    );
    expect(instruments).toContain(200);
    expect(instruments).toContain(404);
  });

  it('refuses an order count that is not a whole number from 1 to 1000', async () => {
    const { client } = await createTestSandbox();
    for (const orders of [0, 1001, 2.5, '500', -1]) {
      const refused = await client.post('/__sandbox/customers', { json: { orders }, unchecked: true });
      expect(refused.status, String(orders)).toBe(400);
    }
    const one = (await client.post('/__sandbox/customers', { json: { orders: 1 }, unchecked: true })).body as BulkTestCustomer;
    expect(one.orderCount).toBe(1);
    expect(Object.keys(one.orders)).toEqual(['active']);
  });
});

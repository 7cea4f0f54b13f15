// @vitest-environment node
import { createActor, waitFor } from 'xstate';

import type { ResetLink } from '#machines/password-reset/password-reset.machine';
import { selectPasswordResetView } from '#machines/password-reset/password-reset.selectors';
import { createTestCustomer } from '#sandbox/seed/test-customers';
import { providePasswordReset } from '#src/flows/password-reset/password-reset.actors';
import type { FlowServices } from '#src/flows/use-flow';
import { sandboxApi } from '../support/sandbox-api';

/**
 * The password reset's real actors (src/flows/password-reset/password-reset.actors.ts) over the
 * in-process sandbox: the answer for an address with and without an account is the same, the
 * mailed link sets the password once, a used link ends on passwordInput.errorInvalid, and a
 * browser without the CSRF cookie yet still gets through.
 */

async function startFlow(link?: ResetLink) {
  const harness = await sandboxApi();
  const navigations: unknown[] = [];
  const services = { api: harness.api, navigate: async (options: unknown) => void navigations.push(options) } as unknown as FlowServices;
  const actor = createActor(providePasswordReset(services), { input: { link } });
  actor.start();
  return { actor, navigations, harness };
}

async function requestFor(email: string) {
  const flow = await startFlow();
  flow.actor.send({ type: 'link.request', email });
  const sent = await waitFor(flow.actor, (snapshot) => snapshot.matches('sent') || snapshot.context.error !== undefined);
  return { ...flow, sent };
}

/** The link of the newest reset mail to an address, as the customer follows it. */
async function mailedLink(harness: Awaited<ReturnType<typeof sandboxApi>>, email: string): Promise<ResetLink> {
  const [mail] = await harness.sandbox.outbox.list(email);
  expect(mail?.kind).toBe('reset-password');
  const url = new URL(mail!.link!);
  expect(url.pathname).toBe('/password-reset');
  return { userId: url.searchParams.get('user_id')!, token: url.searchParams.get('token')! };
}

describe('password-reset actors against the sandbox', () => {
  it('an address with an account and one without lead to the same sent step; only the first gets a mail', async () => {
    const known = await requestFor('deuti@example.com');
    const unknown = await requestFor('nobody-at-all@example.org');
    const view = (snapshot: typeof known.sent) => ({ ...selectPasswordResetView(snapshot), email: '(the address)' });
    expect(view(known.sent)).toEqual(view(unknown.sent));
    expect(selectPasswordResetView(known.sent)).toMatchObject({ step: 'sent', email: 'deuti@example.com', error: undefined });
    expect(await known.harness.sandbox.outbox.list('deuti@example.com')).toHaveLength(1);
    expect(await unknown.harness.sandbox.outbox.list('nobody-at-all@example.org')).toHaveLength(0);
    expect(unknown.harness.calls).toEqual(['POST /account/send-password-reset-code']);
  });

  it('a browser without the CSRF cookie yet: one public GET hands it out, and the request goes through (no requestStep.error403)', async () => {
    const flow = await startFlow();
    flow.harness.client.jar.delete('XSRF-TOKEN');
    flow.actor.send({ type: 'link.request', email: 'deuti@example.com' });
    const sent = await waitFor(flow.actor, (snapshot) => snapshot.matches('sent') || snapshot.context.error !== undefined);
    expect(sent.context.error).toBeUndefined();
    expect(flow.harness.calls).toEqual([
      'POST /account/send-password-reset-code',
      'GET /api/v1/order/countries?enabled=true',
      'POST /account/send-password-reset-code',
    ]);
  });

  it('the mailed link sets the new password once and hides itself from the address bar; used again it is passwordInput.errorInvalid', async () => {
    const first = await startFlow();
    const customer = await createTestCustomer(first.harness.sandbox.db);
    first.actor.send({ type: 'link.request', email: customer.email });
    await waitFor(first.actor, (snapshot) => snapshot.matches('sent'));
    const link = await mailedLink(first.harness, customer.email);

    const navigations: unknown[] = [];
    const services = { api: first.harness.api, navigate: async (options: unknown) => void navigations.push(options) } as unknown as FlowServices;
    const reset = createActor(providePasswordReset(services), { input: { link } }).start();
    expect(navigations).toEqual([{ to: '/password-reset', search: {}, replace: true }]);
    reset.send({ type: 'password.submit', password: 'Ganz-Neu-2027!' });
    const done = await waitFor(reset, (snapshot) => snapshot.status === 'done' || snapshot.context.error !== undefined);
    expect(selectPasswordResetView(done)).toEqual({ step: 'done' });

    const again = createActor(providePasswordReset(services), { input: { link } }).start();
    again.send({ type: 'password.submit', password: 'Noch-Neuer-2028!' });
    const invalid = await waitFor(again, (snapshot) => snapshot.matches('linkInvalid') || snapshot.status === 'done');
    expect(invalid.context.error).toBe('passwordInput.errorInvalid');
  });
});

// @vitest-environment node
import { type AnyActorRef, createActor, type SnapshotFrom, waitFor } from 'xstate';

import type { changeEmailMachine } from '#machines/change-email/change-email.machine';
import { selectChangeEmailView } from '#machines/change-email/change-email.selectors';
import { run } from '#sandbox/db/database';
import { userInfoQuery } from '#src/api/queries/account';
import { provideChangeEmail, ticketsAfterEmailChange } from '#src/flows/change-email/change-email.actors';
import type { FlowServices } from '#src/flows/use-flow';
import { sandboxApi } from '../support/sandbox-api';

/**
 * The email change's real actors (src/flows/change-email/change-email.actors.ts) over the
 * in-process sandbox (sandbox/handlers/account.ts) and its seeded world: the pre-check, the code
 * mailed to the new address (read from the outbox), the refusals as the sandbox gives them (address
 * in use, wrong, expired and used-up code, an account that may not change), and the user-info cache
 * after the change.
 */

async function startFlow(email: string) {
  const harness = await sandboxApi({ signedInAs: email });
  const navigations: unknown[] = [];
  const services = {
    api: harness.api,
    queries: harness.queries,
    queryClient: harness.queryClient,
    navigate: async (options: unknown) => void navigations.push(options),
  } as unknown as FlowServices;
  const actor = createActor(provideChangeEmail(services));
  actor.start();
  return { actor, navigations, harness };
}

const view = (actor: AnyActorRef) => selectChangeEmailView(actor.getSnapshot() as SnapshotFrom<typeof changeEmailMachine>);
const inCode = (snapshot: SnapshotFrom<typeof changeEmailMachine>) => snapshot.matches({ code: { confirmation: 'editing' } });

/** The 6-digit code of the newest mail to an address. */
async function codeMailedTo(harness: Awaited<ReturnType<typeof sandboxApi>>, to: string): Promise<string> {
  const [mail] = await harness.sandbox.outbox.list(to);
  const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe('change-email actors against the sandbox', () => {
  it('changes deuti@example.com to a new address with the mailed code, once, then the tickets page; user-info has the new address', async () => {
    const { actor, navigations, harness } = await startFlow('deuti@example.com');
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    expect(view(actor)).toMatchObject({ step: 'address', currentEmail: 'deuti@example.com' });
    actor.send({ type: 'address.submit', newEmail: 'erika.neu@example.com' });
    actor.send({ type: 'address.submit', newEmail: 'erika.neu@example.com' });
    await waitFor(actor, inCode);
    const code = await codeMailedTo(harness, 'erika.neu@example.com');
    expect(await harness.sandbox.outbox.list('erika.neu@example.com')).toHaveLength(1);
    actor.send({ type: 'code.submit', code });
    actor.send({ type: 'code.submit', code });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(harness.calls.filter((call) => call.startsWith('POST '))).toEqual(['POST /account/send-change-email-code', 'POST /account/change-email']);
    expect(navigations).toEqual([ticketsAfterEmailChange]);
    expect(harness.queryClient.getQueryData(userInfoQuery(harness.queries).queryKey)).toMatchObject({ email: 'erika.neu@example.com', email_verified: true });
    const fresh = await harness.client.get('/api/v2/auth/connect/user-info');
    expect(fresh.body).toMatchObject({ email: 'erika.neu@example.com' });
  });

  it('fixed-email@example.com may not change: the explanation, nothing sent', async () => {
    const { actor, harness } = await startFlow('fixed-email@example.com');
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectChangeEmailView(end)).toEqual({ step: 'notAllowed' });
    expect(harness.calls.some((call) => call.startsWith('POST '))).toBe(false);
  });

  it('an address in use is alreadyExists at the field, the address kept, no mail to it', async () => {
    const { actor, harness } = await startFlow('joti@example.com');
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail: 'deuti@example.com' });
    await waitFor(actor, (snapshot) => snapshot.matches('address') && snapshot.context.addressError !== undefined);
    expect(view(actor)).toMatchObject({ step: 'address', newEmail: 'deuti@example.com', addressError: 'alreadyExists', failed: false });
    expect(await harness.sandbox.outbox.list('deuti@example.com')).toEqual([]);
  });

  it('a wrong code, then an expired one, are invalidCode at the field; a resent code replaces the old one; a used code is refused again', async () => {
    const { actor, harness } = await startFlow('seti@example.com');
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail: 'sophie.neu@example.com' });
    await waitFor(actor, inCode);
    const first = await codeMailedTo(harness, 'sophie.neu@example.com');
    const wrong = first === '000000' ? '111111' : '000000';
    actor.send({ type: 'code.submit', code: wrong });
    await waitFor(actor, (snapshot) => inCode(snapshot) && snapshot.context.codeError !== undefined);
    expect(view(actor)).toMatchObject({ step: 'code', code: wrong, codeError: 'invalidCode' });

    // Expired: the sandbox's 15 minutes are over.
    await run(harness.sandbox.db, "UPDATE one_time_codes SET expires_at = 0 WHERE kind = 'change-email'");
    actor.send({ type: 'code.submit', code: first });
    await waitFor(actor, (snapshot) => inCode(snapshot) && snapshot.context.code === first && snapshot.context.codeError !== undefined);
    expect(view(actor)).toMatchObject({ code: first, codeError: 'invalidCode' });

    // A new code (the machine's wait is its own; here the delay event comes at once).
    actor.send({ type: 'xstate.after.resendCooldown.changeEmail.code.resend.coolingDown' } as never);
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (snapshot) => snapshot.context.codeResent);
    const second = await codeMailedTo(harness, 'sophie.neu@example.com');
    expect(await harness.sandbox.outbox.list('sophie.neu@example.com')).toHaveLength(2);
    actor.send({ type: 'code.submit', code: second });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');

    // Single use: the same code does not change anything a second time.
    const again = await harness.api.POST('/account/change-email', { body: { new_email: 'sophie.neu@example.com', code: second } });
    expect(again.response.status).toBe(400);
  });

  it('after five wrong codes even the right one is refused (decision 28): tooManyAttempts with the time from Retry-After, the code kept', async () => {
    const { actor, harness } = await startFlow('undeletable@example.com');
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail: 'udo.neu@example.com' });
    await waitFor(actor, inCode);
    const right = await codeMailedTo(harness, 'udo.neu@example.com');
    const wrongs = ['000001', '000002', '000003', '000004', '000005', '000006'].filter((code) => code !== right).slice(0, 5);
    for (const wrong of wrongs) {
      actor.send({ type: 'code.submit', code: wrong });
      await waitFor(actor, (snapshot) => inCode(snapshot) && snapshot.context.code === wrong && snapshot.context.codeError !== undefined);
    }
    const before = Date.now();
    actor.send({ type: 'code.submit', code: right });
    await waitFor(actor, (snapshot) => inCode(snapshot) && snapshot.context.code === right && snapshot.context.error !== undefined);
    expect(view(actor)).toMatchObject({ error: 'tooManyAttempts', codeError: undefined, code: right });
    // The sandbox's Retry-After (the fifth wrong code was just now) became the time to try again: about 15 minutes on.
    const wait = Date.parse(actor.getSnapshot().context.retryAt ?? '') - before;
    expect(wait).toBeGreaterThan(14 * 60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000 + 1000);
  });
});

// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { type VerifiedLink, type VerifyEmailInput, verifyEmailMachine } from '#machines/verify-email/verify-email.machine';
import { selectVerifyEmailView } from '#machines/verify-email/verify-email.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { inputs, invalidToken, machines, notFound, offline, serverError, token, unavailable, userId, verifyEmailModel } from './verify-email.model';

type Snapshot = SnapshotFrom<typeof verifyEmailMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot, input: VerifyEmailInput): void {
  const { context } = snapshot;
  const view = selectVerifyEmailView(snapshot);
  expect(context).toMatchObject({ page: input.page, userId: input.userId, token: input.token, signedIn: input.signedIn });

  // The link is checked only on its own page, and only with its user_id and token.
  if (snapshot.matches('verifying') || snapshot.matches('verifyFailed')) {
    expect(context.page).toBe('verify');
    expect(context.userId && context.token).toBeTruthy();
    expect(view.step).toBe(snapshot.matches('verifying') ? 'verifying' : 'verifyFailed');
  }
  if (snapshot.matches('verifying')) expect(context.error).toBeUndefined();
  // A failure of the call (not of the link) is its own message, with a retry.
  expect(context.error === 'verifyFailed').toBe(snapshot.matches('verifyFailed'));
  if (snapshot.matches('verifyFailed')) expect(view).toEqual({ step: 'verifyFailed', canRetry: true });

  // Where a confirmation goes depends on the session: signed in with the link's own account to My
  // data; signed out (or signed in as someone else) the success page.
  if (snapshot.matches('confirmed')) expect(view).toEqual({ step: 'confirmed', canSignIn: true });
  if (snapshot.matches('confirmedSignedIn')) expect(context.signedIn).toBe(true);

  // The resend button is the failed page's, with the user_id of the link; one request per press.
  if (snapshot.matches('linkFailed') || snapshot.matches('resending') || snapshot.matches('linkResent')) expect(context.page).toBe('failed');
  if (view.step === 'failed') {
    expect(view.canResend).toBe(Boolean(context.userId));
    expect(view.resending).toBe(snapshot.matches('resending'));
    expect(snapshot.can({ type: 'link.resend' })).toBe(snapshot.matches('linkFailed') && Boolean(context.userId));
    expect(view.resendFailed).toBe(snapshot.matches('linkFailed') && context.error === 'resendFailed');
  }
  if (context.error === 'resendFailed') expect(snapshot.matches('linkFailed')).toBe(true);
  if (snapshot.matches('linkResent')) expect(view).toEqual({ step: 'resent' });

  // The pages that leave (to the failed page, to My data) show the "verifying" status until they are gone.
  if (snapshot.matches('linkInvalid') || snapshot.matches('confirmedSignedIn')) expect(view).toEqual({ step: 'verifying' });
  expect(snapshot.status === 'done').toBe(snapshot.matches('linkInvalid') || snapshot.matches('confirmedSignedIn') || snapshot.matches('linkResent'));
}

const report = runModel(verifyEmailModel);

describe('verify-email machine, model-based (xstate/graph)', () => {
  it('covers every state and transition', () => {
    expect(report.problems).toEqual([]);
    expect(report.coverage.states).toMatchObject({ missing: [], reached: report.coverage.states.total });
    expect(report.coverage.transitions.missing).toEqual([]);
  });

  describe.each(report.runs.map((run) => [run.variant.name, run] as const))('%s', (name, run) => {
    const input = inputs[name as keyof typeof inputs];
    it('its start keeps the invariants', () => checkInvariants(createActor(machines[name as keyof typeof inputs], { input }).getSnapshot(), input));
    it.each(run.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
      const machine = machines[name as keyof typeof inputs];
      replayPath(machine, path, createActor(machine, { input }).getSnapshot(), (snapshot) => checkInvariants(snapshot, input));
    });
  });
});

/** The machine with fake actors and recording navigation, run as the app runs it. */
function start(input: VerifyEmailInput, options: { verify?: () => Promise<VerifiedLink>; resend?: () => Promise<void> } = {}) {
  const calls = { verify: [] as string[], resend: [] as string[], failedPage: [] as (string | undefined)[], confirmedNotice: 0, signIn: 0 };
  const actor = createActor(
    verifyEmailMachine.provide({
      actors: {
        verifyEmail: fromPromise(async ({ input: link }) => {
          calls.verify.push(`${link.userId}:${link.token}`);
          return options.verify ? options.verify() : { ownAccount: link.signedIn };
        }),
        resendLink: fromPromise(async ({ input: request }) => {
          calls.resend.push(request.userId);
          return options.resend ? options.resend() : undefined;
        }),
      },
      actions: {
        showFailedPage: (_, params) => void calls.failedPage.push(params.userId),
        showConfirmedNotice: () => void (calls.confirmedNotice += 1),
        startSignIn: () => void (calls.signIn += 1),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, calls };
}

describe('verify-email machine, behaviour', () => {
  it('signed out: checks the link once, shows the success page, and its button starts the sign-in', async () => {
    const { actor, calls } = start(inputs.signedOut);
    expect(selectVerifyEmailView(actor.getSnapshot())).toEqual({ step: 'verifying' });
    const confirmed = await waitFor(actor, (snapshot) => snapshot.matches('confirmed'));
    expect(selectVerifyEmailView(confirmed)).toEqual({ step: 'confirmed', canSignIn: true });
    actor.send({ type: 'session.signIn' });
    expect(calls).toEqual({ verify: [`${userId}:${token}`], resend: [], failedPage: [], confirmedNotice: 0, signIn: 1 });
  });

  it('signed in: checks the link once and goes on to My data with the notice', async () => {
    const { actor, calls } = start(inputs.signedIn);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ verify: [`${userId}:${token}`], resend: [], failedPage: [], confirmedNotice: 1, signIn: 0 });
  });

  it('signed in as someone else: checks the link once and shows the success page, not their own My data', async () => {
    const { actor, calls } = start(inputs.signedIn, { verify: () => Promise.resolve({ ownAccount: false }) });
    const confirmed = await waitFor(actor, (snapshot) => snapshot.matches('confirmed'));
    expect(selectVerifyEmailView(confirmed)).toEqual({ step: 'confirmed', canSignIn: true });
    expect(calls).toEqual({ verify: [`${userId}:${token}`], resend: [], failedPage: [], confirmedNotice: 0, signIn: 0 });
  });

  it.each([
    ['400 (wrong, used or expired token)', invalidToken],
    ['404 (no such account)', notFound],
  ])('a %s replaces the page with the failed page, with the user_id', async (_name, failure) => {
    const { actor, calls } = start(inputs.signedIn, { verify: () => Promise.reject(failure) });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('linkInvalid');
    expect(calls.failedPage).toEqual([userId]);
    expect(calls.confirmedNotice).toBe(0);
  });

  it('a link without its token goes to the failed page without a call', () => {
    const { actor, calls } = start(inputs.withoutToken);
    expect(actor.getSnapshot().value).toBe('linkInvalid');
    expect(calls).toMatchObject({ verify: [], failedPage: [userId] });
    const withoutAnything = start({ page: 'verify', userId: undefined, token: undefined, signedIn: false });
    expect(withoutAnything.calls).toMatchObject({ verify: [], failedPage: [undefined] });
  });

  it.each([
    ['500', serverError],
    ['503 (the client has gone to /maintenance)', unavailable],
    ['network failure', offline],
  ])("a %s is not the link's fault: the message with a retry, which checks the same link again", async (_name, failure) => {
    let answer: () => Promise<VerifiedLink> = () => Promise.reject(failure);
    const { actor, calls } = start(inputs.signedOut, { verify: () => answer() });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('verifyFailed'));
    expect(selectVerifyEmailView(failed)).toEqual({ step: 'verifyFailed', canRetry: true });
    expect(calls.failedPage).toEqual([]);
    answer = async () => ({ ownAccount: false });
    actor.send({ type: 'verify.retry' });
    actor.send({ type: 'verify.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirmed'));
    expect(calls.verify).toEqual([`${userId}:${token}`, `${userId}:${token}`]);
  });

  it('the failed page sends one request for a new link however often the button is pressed', async () => {
    const { actor, calls } = start(inputs.failedPage);
    expect(selectVerifyEmailView(actor.getSnapshot())).toEqual({ step: 'failed', canResend: true, resending: false, resendFailed: false });
    actor.send({ type: 'link.resend' });
    expect(selectVerifyEmailView(actor.getSnapshot())).toEqual({ step: 'failed', canResend: true, resending: true, resendFailed: false });
    actor.send({ type: 'link.resend' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectVerifyEmailView(end)).toEqual({ step: 'resent' });
    expect(calls).toEqual({ verify: [], resend: [userId], failedPage: [], confirmedNotice: 0, signIn: 0 });
  });

  it('a failed request for a new link says so; the button tries again', async () => {
    let answer: () => Promise<void> = () => Promise.reject(serverError);
    const { actor, calls } = start(inputs.failedPage, { resend: () => answer() });
    actor.send({ type: 'link.resend' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('linkFailed') && snapshot.context.error !== undefined);
    expect(selectVerifyEmailView(failed)).toEqual({ step: 'failed', canResend: true, resending: false, resendFailed: true });
    answer = () => Promise.reject(offline);
    actor.send({ type: 'link.resend' });
    await waitFor(actor, (snapshot) => snapshot.matches('linkFailed') && snapshot.context.error !== undefined);
    answer = async () => undefined;
    actor.send({ type: 'link.resend' });
    await waitFor(actor, (snapshot) => snapshot.matches('linkResent'));
    expect(calls.resend).toEqual([userId, userId, userId]);
  });

  it('the failed page without a user_id offers no new link and sends nothing', () => {
    const { actor, calls } = start(inputs.failedPageWithoutUser);
    expect(selectVerifyEmailView(actor.getSnapshot())).toEqual({ step: 'failed', canResend: false, resending: false, resendFailed: false });
    actor.send({ type: 'link.resend' });
    expect(actor.getSnapshot().value).toBe('linkFailed');
    expect(calls.resend).toEqual([]);
  });
});

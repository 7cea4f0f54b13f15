// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { passwordResetMachine, resendCooldownMs, type ResetLink } from '#machines/password-reset/password-reset.machine';
import { selectPasswordResetView } from '#machines/password-reset/password-reset.selectors';
import { messageKeys } from '#src/domain/failure';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  email,
  forbidden,
  invalidToken,
  link,
  linkMachine,
  newPassword,
  offline,
  passwordResetModel,
  requestMachine,
  serverError,
} from './password-reset.model';

type Snapshot = SnapshotFrom<typeof passwordResetMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectPasswordResetView(snapshot);

  // The new password is in the context only while it is sent; never afterwards.
  expect(context.newPassword !== undefined).toBe(snapshot.matches('resetting'));
  // The link's steps need the link; the request steps never show it.
  if (snapshot.matches('reset') || snapshot.matches('resetting')) expect(context.link).toEqual(link);

  // One request per press: while a request or a reset is sent, the form does not take another.
  if (view.step === 'request') {
    expect(view.requesting).toBe(snapshot.matches('requesting'));
    expect(snapshot.can({ type: 'link.request', email })).toBe(!view.requesting);
    // Nothing typed is lost: the form starts with the address asked for last.
    expect(view.email).toBe(context.email);
  }
  if (view.step === 'reset') {
    expect(view.resetting).toBe(snapshot.matches('resetting'));
    expect(snapshot.can({ type: 'password.submit', password: newPassword })).toBe(!view.resetting);
  }
  // The sent step is the same whatever the address: it shows the address and nothing about an account.
  if (view.step === 'sent') {
    expect(Object.keys(view).sort()).toEqual(['canResend', 'coolingDown', 'email', 'error', 'resending', 'resent', 'step']);
    expect(view.email).toBe(email);
    expect(view.canResend).toBe(snapshot.matches({ sent: 'ready' }));
    expect(view.coolingDown).toBe(snapshot.matches({ sent: 'coolingDown' }));
    if (view.resent) expect(view.error).toBeUndefined();
  }

  // Each error belongs to the state that shows it; SPEC.md 8's keys come from src/domain/failure.ts.
  if (context.error === 'requestStep.error403' || context.error === 'requestStep.error')
    expect(snapshot.matches('request') || snapshot.matches({ sent: 'ready' })).toBe(true);
  if (context.error === 'resetFailed') expect(snapshot.matches('reset')).toBe(true);
  expect(context.error === 'passwordInput.errorInvalid').toBe(snapshot.matches('linkInvalid'));
  if (snapshot.matches('linkInvalid')) expect(view).toEqual({ step: 'linkInvalid' });
  if (snapshot.matches('requesting') || snapshot.matches('resetting') || snapshot.matches({ sent: 'resending' })) expect(context.error).toBeUndefined();

  expect(snapshot.status === 'done').toBe(snapshot.matches('done'));
  if (snapshot.matches('done')) expect(view).toEqual({ step: 'done' });
}

/** A model machine's first snapshot: `withInput` starts it with its variant's input (the argument is not read). */
const initialOf = (machine: typeof requestMachine) => createActor(machine, { input: undefined as never }).getSnapshot();

const report = runModel(passwordResetModel);
const paths = report.runs.flatMap((run) =>
  run.paths.map((path) => [`${run.variant.name}: ${path.steps.map((step) => step.event.type).join(' → ')}`, run.variant.machine, path] as const),
);

describe('password-reset machine, model-based (xstate/graph)', () => {
  it('covers every state and transition', () => {
    expect(report.problems).toEqual([]);
    expect(report.coverage.states.missing).toEqual([]);
    expect(report.coverage.transitions.missing).toEqual([]);
  });

  it.each(paths)('path %s keeps the invariants', (_name, machine, path) => {
    replayPath(machine, path, initialOf(machine), (snapshot) => checkInvariants(snapshot));
  });

  it('the machines start where the page was opened: the request without a link, the new password with one', () => {
    expect(initialOf(requestMachine).value).toBe('request');
    expect(initialOf(linkMachine).value).toBe('reset');
  });
});

/** The machine with fake actors and a recording address bar, run as the app runs it. */
function start(options: { link?: ResetLink; send?: () => Promise<void>; reset?: () => Promise<void> } = {}) {
  const calls = { send: [] as string[], reset: [] as { link: ResetLink; password: string }[], hidden: 0 };
  const actor = createActor(
    passwordResetMachine.provide({
      actors: {
        sendResetLink: fromPromise(async ({ input }) => {
          calls.send.push(input.email);
          return options.send ? options.send() : undefined;
        }),
        resetPassword: fromPromise(async ({ input }) => {
          calls.reset.push(input);
          return options.reset ? options.reset() : undefined;
        }),
      },
      actions: { hideLinkFromAddressBar: () => void (calls.hidden += 1) },
    }),
    { input: { link: options.link } },
  );
  actor.start();
  return { actor, calls };
}

describe('password-reset machine, behaviour', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for a link once however often the customer submits, then says it was sent if an account exists', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'link.request', email });
    actor.send({ type: 'link.request', email });
    const sent = await waitFor(actor, (snapshot) => snapshot.matches('sent'));
    expect(calls.send).toEqual([email]);
    expect(selectPasswordResetView(sent)).toEqual({
      step: 'sent',
      email,
      canResend: false,
      coolingDown: true,
      resending: false,
      resent: false,
      error: undefined,
    });
    expect(calls.hidden).toBe(0);
  });

  it('a 403 shows requestStep.error403 and keeps the address; another failure shows requestStep.error and the retry works', async () => {
    let answer: () => Promise<void> = () => Promise.reject(forbidden);
    const { actor, calls } = start({ send: () => answer() });
    actor.send({ type: 'link.request', email });
    const refused = await waitFor(actor, (snapshot) => snapshot.matches('request') && snapshot.context.error !== undefined);
    expect(refused.context.error).toBe(messageKeys.passwordResetRequest(forbidden));
    expect(selectPasswordResetView(refused)).toEqual({ step: 'request', email, error: 'requestStep.error403', requesting: false });

    answer = () => Promise.reject(offline);
    actor.send({ type: 'link.request', email });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('request') && snapshot.context.error === 'requestStep.error');
    expect(failedOnce.context.error).toBe(messageKeys.passwordResetRequest(serverError));
    expect(selectPasswordResetView(failedOnce)).toMatchObject({ step: 'request', email });

    answer = async () => undefined;
    actor.send({ type: 'link.request', email });
    await waitFor(actor, (snapshot) => snapshot.matches('sent'));
    expect(calls.send).toEqual([email, email, email]);
  });

  it('the resend waits for the cooldown, then sends one more link per press and waits again', async () => {
    vi.useFakeTimers();
    const { actor, calls } = start();
    actor.send({ type: 'link.request', email });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ sent: 'coolingDown' })).toBe(true);
    actor.send({ type: 'link.resend' });
    expect(calls.send).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(resendCooldownMs - 1);
    expect(selectPasswordResetView(actor.getSnapshot())).toMatchObject({ canResend: false, coolingDown: true });
    await vi.advanceTimersByTimeAsync(1);
    expect(selectPasswordResetView(actor.getSnapshot())).toMatchObject({ canResend: true, coolingDown: false });
    actor.send({ type: 'link.resend' });
    actor.send({ type: 'link.resend' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ sent: 'coolingDown' })).toBe(true);
    expect(calls.send).toEqual([email, email]);
    expect(selectPasswordResetView(actor.getSnapshot())).toMatchObject({ resent: true, canResend: false });
  });

  it('another address: back to the form with the address typed before', async () => {
    const { actor } = start();
    actor.send({ type: 'link.request', email });
    await waitFor(actor, (snapshot) => snapshot.matches('sent'));
    actor.send({ type: 'email.edit' });
    expect(selectPasswordResetView(actor.getSnapshot())).toEqual({ step: 'request', email, error: undefined, requesting: false });
  });

  it('with the link: hides it from the address bar, sets the new password once, success', async () => {
    const { actor, calls } = start({ link });
    expect(calls.hidden).toBe(1);
    actor.send({ type: 'password.submit', password: newPassword });
    actor.send({ type: 'password.submit', password: newPassword });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.reset).toEqual([{ link, password: newPassword }]);
    expect(end.context.newPassword).toBeUndefined();
    expect(selectPasswordResetView(end)).toEqual({ step: 'done' });
  });

  it('an invalid, used or expired link shows passwordInput.errorInvalid with the way to a new link', async () => {
    const { actor, calls } = start({ link, reset: () => Promise.reject(invalidToken) });
    actor.send({ type: 'password.submit', password: newPassword });
    const invalid = await waitFor(actor, (snapshot) => snapshot.matches('linkInvalid'));
    expect(invalid.context.error).toBe(messageKeys.passwordReset(invalidToken));
    expect(invalid.context.newPassword).toBeUndefined();
    actor.send({ type: 'link.requestNew' });
    expect(actor.getSnapshot().value).toBe('request');
    expect(actor.getSnapshot().context.link).toBeUndefined();
    actor.send({ type: 'link.request', email });
    await waitFor(actor, (snapshot) => snapshot.matches('sent'));
    expect(calls.send).toEqual([email]);
  });

  it('no answer or a server error keeps the form (the link is still good) and the next submit tries again', async () => {
    let answer: () => Promise<void> = () => Promise.reject(serverError);
    const { actor, calls } = start({ link, reset: () => answer() });
    actor.send({ type: 'password.submit', password: newPassword });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('reset') && snapshot.context.error !== undefined);
    expect(selectPasswordResetView(failedOnce)).toEqual({ step: 'reset', resetting: false, error: 'resetFailed' });
    expect(failedOnce.context.newPassword).toBeUndefined();
    answer = () => Promise.reject(offline);
    actor.send({ type: 'password.submit', password: newPassword });
    await waitFor(actor, (snapshot) => snapshot.matches('reset') && snapshot.context.error !== undefined);
    answer = async () => undefined;
    actor.send({ type: 'password.submit', password: newPassword });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.reset).toHaveLength(3);
  });
});

// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { changePasswordMachine, type PasswordChange } from '#machines/change-password/change-password.machine';
import { selectChangePasswordView } from '#machines/change-password/change-password.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { dataWithRetryAt } from '#src/api/retry-at';
import { change, changePasswordModel, machine, offline, passwordIncorrect, serverError, tooManyAttempts, weakPassword } from './change-password.model';

type Snapshot = SnapshotFrom<typeof changePasswordMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectChangePasswordView(snapshot);
  // Nothing typed is stored: no password is ever in the context (it lives in the form).
  const stored = JSON.stringify(context);
  expect(stored).not.toContain(change.oldPassword);
  expect(stored).not.toContain(change.newPassword);

  if (snapshot.matches('done')) {
    expect(view).toEqual({ step: 'done' });
    expect(snapshot.status).toBe('done');
    return;
  }
  expect(view.step).toBe('form');
  if (view.step !== 'form') return;
  // One request: while the change is sent, a second submit is not taken, and the button says it is busy.
  expect(view.canSubmit).toBe(snapshot.matches('editing'));
  expect(view.changing).toBe(snapshot.matches('changing'));
  if (snapshot.matches('changing')) expect(view).toMatchObject({ error: undefined, fieldErrors: [] });
  // Each error is shown where it belongs: a wrong old password at its field, refused rules at the new one's.
  switch (context.error) {
    case 'passwordIncorrect':
      expect(view.fieldErrors).toEqual([{ field: 'oldPassword', code: 'passwordIncorrect' }]);
      break;
    case 'passwordRejected':
      expect(view.fieldErrors.length).toBeGreaterThan(0);
      expect(view.fieldErrors.every((item) => item.field === 'password')).toBe(true);
      break;
    default:
      expect(view.fieldErrors).toEqual([]);
  }
}

const [run] = runModel(changePasswordModel).runs;

describe('change-password machine, model-based (xstate/graph)', () => {
  it('reaches the account page, and the form again after each failure', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → password.change → xstate.done.actor.changePassword');
    expect(ends).toContain('xstate.init → password.change → xstate.error.actor.changePassword');
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    replayPath(machine, path, createActor(machine).getSnapshot(), (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with a fake actor and a recording navigation, run as the app runs it. */
function start(answer: (change: PasswordChange) => Promise<void> = async () => undefined) {
  const calls = { change: [] as PasswordChange[], accountPage: 0 };
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise(async ({ input }) => {
          calls.change.push(input);
          return answer(input);
        }),
      },
      actions: { showAccountPage: () => void (calls.accountPage += 1) },
    }),
  );
  actor.start();
  return { actor, calls };
}

describe('change-password machine, behaviour', () => {
  it('sends one request however often the customer submits, then goes to the account page', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'password.change', change });
    actor.send({ type: 'password.change', change });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ change: [change], accountPage: 1 });
  });

  it('a wrong old password: passwordIncorrect at the old password (SPEC.md 8), and the next submit tries again', async () => {
    let answer: () => Promise<void> = () => Promise.reject(passwordIncorrect);
    const { actor, calls } = start(() => answer());
    actor.send({ type: 'password.change', change });
    const wrong = await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.error !== undefined);
    expect(wrong.context.error).toBe('passwordIncorrect');
    expect(selectChangePasswordView(wrong)).toEqual({
      step: 'form',
      canSubmit: true,
      changing: false,
      error: 'passwordIncorrect',
      fieldErrors: [{ field: 'oldPassword', code: 'passwordIncorrect' }],
    });
    expect(calls.accountPage).toBe(0);
    answer = async () => undefined;
    actor.send({ type: 'password.change', change: { ...change, oldPassword: 'Richtig-2026!' } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.change.map((item) => item.oldPassword)).toEqual([change.oldPassword, 'Richtig-2026!']);
  });

  it('a new password the server refuses: its broken rules at the new password', async () => {
    const { actor } = start(() => Promise.reject(weakPassword));
    actor.send({ type: 'password.change', change });
    const refused = await waitFor(actor, (snapshot) => snapshot.context.error !== undefined);
    expect(selectChangePasswordView(refused)).toMatchObject({
      error: 'passwordRejected',
      fieldErrors: [
        { field: 'password', code: 'passwordDigit' },
        { field: 'password', code: 'passwordSpecial' },
      ],
    });
  });

  it('429 after too many wrong old passwords (decision 28): tooManyAttempts with the time from Retry-After, the form stays; the next submit clears it', async () => {
    const response = new Response(null, { status: 429, headers: { 'Retry-After': '600' } });
    let failure: unknown;
    try {
      dataWithRetryAt({ error: { status: 429, code: 'tooManyAttempts' }, response }, () => Date.parse('2026-05-12T08:00:00Z'));
    } catch (error) {
      failure = error;
    }
    expect(failure).toMatchObject({ status: 429, code: 'tooManyAttempts', retryAt: '2026-05-12T08:10:00.000Z' });
    let answer: () => Promise<void> = () => Promise.reject(failure);
    const { actor, calls } = start(() => answer());
    actor.send({ type: 'password.change', change });
    const refused = await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.error !== undefined);
    expect(selectChangePasswordView(refused)).toEqual({
      step: 'form',
      canSubmit: true,
      changing: false,
      error: 'tooManyAttempts',
      fieldErrors: [],
      retryAt: '2026-05-12T08:10:00.000Z',
    });
    answer = () => Promise.reject(tooManyAttempts);
    actor.send({ type: 'password.change', change });
    expect(selectChangePasswordView(actor.getSnapshot())).toMatchObject({ error: undefined, retryAt: undefined });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.retryAt).toBe(tooManyAttempts.retryAt);
    expect(calls.accountPage).toBe(0);
  });

  it.each([
    ['a 500', serverError],
    ['no answer', offline],
  ])('%s: changeFailed, the form stays and may be sent again', async (_name, error) => {
    const { actor, calls } = start(() => Promise.reject(error));
    actor.send({ type: 'password.change', change });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.context.error !== undefined);
    expect(selectChangePasswordView(failedOnce)).toEqual({ step: 'form', canSubmit: true, changing: false, error: 'changeFailed', fieldErrors: [] });
    actor.send({ type: 'password.change', change });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && calls.change.length === 2);
    expect(calls.accountPage).toBe(0);
  });
});

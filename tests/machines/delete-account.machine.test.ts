// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { type AccountDeleteCheck, deleteAccountMachine, type DeleteAccountOutcome } from '#machines/delete-account/delete-account.machine';
import { selectDeleteAccountView } from '#machines/delete-account/delete-account.selectors';
import { messageKeys } from '#src/domain/failure';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  allowed,
  deleted,
  deleteAccountModel,
  tooManyAttempts,
  machine,
  notAllowed,
  notDeleted,
  offline,
  password,
  passwordIncorrectProblem,
  serverError,
  wrongPassword,
} from './delete-account.model';

type Snapshot = SnapshotFrom<typeof deleteAccountMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectDeleteAccountView(snapshot);
  // Nothing typed is stored: the password is never in the context (it lives in the form).
  expect(JSON.stringify(context)).not.toContain(password);

  if (snapshot.matches('checking')) expect(view).toEqual({ step: 'checking' });
  if (snapshot.matches('checkFailed')) expect(view).toEqual({ step: 'checkFailed', canRetry: true });
  expect(context.error === 'checkFailed').toBe(snapshot.matches('checkFailed'));
  // The not-possible page replaces the screen: it ends the flow with the pre-check's view.
  if (snapshot.matches('notPossible')) expect(view).toEqual({ step: 'checking' });
  if (snapshot.matches('signingOut') || snapshot.matches('done')) expect(view).toEqual({ step: 'deleted' });
  expect(snapshot.status === 'done').toBe(snapshot.matches('notPossible') || snapshot.matches('done'));

  if (view.step === 'password') {
    // The dialog is open while confirming and deleting; one request: a confirmation is taken only while confirming.
    expect(view.dialogOpen).toBe(!snapshot.matches('ready'));
    expect(view.canRequest).toBe(snapshot.matches('ready'));
    expect(view.canConfirm).toBe(snapshot.matches('confirming'));
    expect(view.deleting).toBe(snapshot.matches('deleting'));
    expect(view.error).toBe(context.error);
    // An error is shown on the password step only, never over the dialog.
    if (view.error !== undefined) expect(snapshot.matches('ready')).toBe(true);
  }
}

const [run] = runModel(deleteAccountModel).runs;

describe('delete-account machine, model-based (xstate/graph)', () => {
  it('reaches the success page, the not-possible page, and the password step again after each failure', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain(
      'xstate.init → xstate.done.actor.checkAccountDelete → deletion.request → deletion.confirm → xstate.done.actor.deleteAccount → xstate.done.actor.endSession',
    );
    expect(ends).toContain('xstate.init → xstate.done.actor.checkAccountDelete');
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    replayPath(machine, path, createActor(machine).getSnapshot(), (snapshot) => checkInvariants(snapshot));
  });
});

interface Fakes {
  check?: () => Promise<AccountDeleteCheck>;
  remove?: () => Promise<DeleteAccountOutcome>;
  endSession?: () => Promise<void>;
}

/** The machine with fake actors and recording navigations, run as the app runs it. */
function start(fakes: Fakes = {}) {
  const calls = { check: 0, remove: [] as string[], endSession: 0, notPossiblePage: 0, deletedPage: 0 };
  const actor = createActor(
    deleteAccountMachine.provide({
      actors: {
        checkAccountDelete: fromPromise(async () => {
          calls.check += 1;
          return fakes.check ? fakes.check() : allowed;
        }),
        deleteAccount: fromPromise(async ({ input }) => {
          calls.remove.push(input.password);
          return fakes.remove ? fakes.remove() : deleted;
        }),
        endSession: fromPromise(async () => {
          calls.endSession += 1;
          return fakes.endSession?.();
        }),
      },
      actions: {
        showNotPossiblePage: () => void (calls.notPossiblePage += 1),
        showDeletedPage: () => void (calls.deletedPage += 1),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

async function toDialog(actor: ReturnType<typeof start>['actor']) {
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'deletion.request' });
}

describe('delete-account machine, behaviour', () => {
  it('an account that may not be deleted goes to the not-possible page, without a password step', async () => {
    const { actor, calls } = start({ check: async () => notAllowed });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('notPossible');
    expect(end.can({ type: 'deletion.request' })).toBe(false);
    expect(calls).toMatchObject({ notPossiblePage: 1, remove: [], deletedPage: 0 });
  });

  it('deletes once however often the customer confirms, ends the session, then shows the success page', async () => {
    const { actor, calls } = start();
    await toDialog(actor);
    actor.send({ type: 'deletion.confirm', password });
    actor.send({ type: 'deletion.confirm', password });
    // Closing the dialog meanwhile (the dialog closes itself after its confirm) changes nothing.
    actor.send({ type: 'deletion.cancel' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ check: 1, remove: [password], endSession: 1, notPossiblePage: 0, deletedPage: 1 });
  });

  it('closing the dialog keeps the account: nothing is sent', async () => {
    const { actor, calls } = start();
    await toDialog(actor);
    actor.send({ type: 'deletion.cancel' });
    const back = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectDeleteAccountView(back)).toMatchObject({ step: 'password', dialogOpen: false, error: undefined });
    expect(calls.remove).toEqual([]);
  });

  it.each([
    ['passwordCorrect false', () => Promise.resolve(wrongPassword)],
    ['a problem with the code passwordIncorrect', () => Promise.reject(passwordIncorrectProblem)],
  ])('%s: passwordIncorrect (SPEC.md 8), the session goes on', async (_name, remove) => {
    const { actor, calls } = start({ remove });
    await toDialog(actor);
    actor.send({ type: 'deletion.confirm', password: 'wrong' });
    const wrong = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(selectDeleteAccountView(wrong)).toEqual({
      step: 'password',
      canRequest: true,
      dialogOpen: false,
      canConfirm: false,
      deleting: false,
      error: 'passwordIncorrect',
    });
    expect(wrong.context.error).toBe(messageKeys.deleteAccount(passwordIncorrectProblem));
    expect(calls).toMatchObject({ endSession: 0, deletedPage: 0 });
  });

  it('429 after too many wrong passwords (decision 28): tooManyAttempts with the time to try again, nothing deleted, the session goes on', async () => {
    const { actor, calls } = start({ remove: () => Promise.reject(tooManyAttempts) });
    await toDialog(actor);
    actor.send({ type: 'deletion.confirm', password });
    const refused = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(selectDeleteAccountView(refused)).toEqual({
      step: 'password',
      canRequest: true,
      dialogOpen: false,
      canConfirm: false,
      deleting: false,
      error: 'tooManyAttempts',
      retryAt: tooManyAttempts.retryAt,
    });
    actor.send({ type: 'deletion.request' });
    expect(selectDeleteAccountView(actor.getSnapshot())).toMatchObject({ error: undefined, retryAt: undefined });
    expect(calls).toMatchObject({ endSession: 0, deletedPage: 0 });
  });

  it.each([
    ['success false', () => Promise.resolve(notDeleted)],
    ['a 500', () => Promise.reject(serverError)],
    ['no answer', () => Promise.reject(offline)],
  ])('%s: deleteFailed (SPEC.md 8); the next confirmation tries again', async (_name, remove) => {
    let answer = remove;
    const { actor, calls } = start({ remove: () => answer() });
    await toDialog(actor);
    actor.send({ type: 'deletion.confirm', password });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(failedOnce.context.error).toBe('deleteFailed');
    expect(messageKeys.deleteAccount(serverError)).toBe('deleteFailed');
    expect(calls.endSession).toBe(0);
    answer = async () => deleted;
    actor.send({ type: 'deletion.request' });
    actor.send({ type: 'deletion.confirm', password });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.remove).toEqual([password, password]);
    expect(calls.deletedPage).toBe(1);
  });

  it('the success page follows even when the sign-out fails (the deletion ended the session on the server)', async () => {
    const { actor, calls } = start({ endSession: () => Promise.reject(offline) });
    await toDialog(actor);
    actor.send({ type: 'deletion.confirm', password });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.deletedPage).toBe(1);
  });

  it('a failed pre-check offers a retry, which checks again', async () => {
    let check: () => Promise<AccountDeleteCheck> = () => Promise.reject(serverError);
    const { actor, calls } = start({ check: () => check() });
    const failedCheck = await waitFor(actor, (snapshot) => snapshot.matches('checkFailed'));
    expect(selectDeleteAccountView(failedCheck)).toEqual({ step: 'checkFailed', canRetry: true });
    check = async () => allowed;
    actor.send({ type: 'check.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls.check).toBe(2);
  });
});

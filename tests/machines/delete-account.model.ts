import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type AccountDeleteCheck, deleteAccountMachine, type DeleteAccountOutcome } from '#machines/delete-account/delete-account.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The delete-account machine's model (docs/guides/model-based-tests.md): in each state, what the
 * customer can do and what the API can answer (sandbox/handlers/account.ts checkAccountDelete,
 * deleteAccount). Used by delete-account.machine.test.ts, the coverage table and
 * `npm run paths -- delete-account`.
 */

type Machine = typeof deleteAccountMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const password = 'Demo-Portal-2026!';
export const allowed: AccountDeleteCheck = { canDelete: true };
export const notAllowed: AccountDeleteCheck = { canDelete: false };
/** The deletion's three answers (200): deleted, a wrong password, and a right password that did not delete. */
export const deleted: DeleteAccountOutcome = { success: true, passwordCorrect: true };
export const wrongPassword: DeleteAccountOutcome = { success: false, passwordCorrect: false };
export const notDeleted: DeleteAccountOutcome = { success: false, passwordCorrect: true };

export const { done, failed } = actorResults(deleteAccountMachine);
export const passwordIncorrectProblem = new ApiFailure(400, { status: 400, code: 'passwordIncorrect', title: 'The password is wrong' });
/** 429 after too many wrong tries (decision 28), with the time to try again the app read from Retry-After. */
export const tooManyAttempts = Object.assign(new ApiFailure(429, { status: 429, code: 'tooManyAttempts', title: 'Too many failed attempts' }), {
  retryAt: '2026-05-12T08:30:00.000Z',
});
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const unavailable = new ApiFailure(503, { status: 503, title: 'Service Unavailable' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('checking')) {
    return [
      done('checkAccountDelete', allowed),
      done('checkAccountDelete', notAllowed),
      failed('checkAccountDelete', serverError),
      failed('checkAccountDelete', offline),
    ];
  }
  if (snapshot.matches('checkFailed')) return [{ type: 'check.retry' }];
  if (snapshot.matches('ready')) return [{ type: 'deletion.request' }];
  if (snapshot.matches('confirming')) return [{ type: 'deletion.confirm', password }, { type: 'deletion.cancel' }];
  if (snapshot.matches('deleting')) {
    return [
      done('deleteAccount', deleted),
      done('deleteAccount', wrongPassword),
      done('deleteAccount', notDeleted),
      failed('deleteAccount', passwordIncorrectProblem),
      failed('deleteAccount', tooManyAttempts),
      failed('deleteAccount', serverError),
      failed('deleteAccount', unavailable),
      failed('deleteAccount', offline),
    ];
  }
  if (snapshot.matches('signingOut')) return [done('endSession', undefined), failed('endSession', offline)];
  return [];
}

/** What is shown: the state and the error (each error is another screen state). */
export const serialize = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.error ?? null]);

export const machine = deleteAccountMachine;

export const deleteAccountModel: MachineModel<Machine> = {
  file: 'machines/delete-account/delete-account.machine.ts',
  machine: deleteAccountMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

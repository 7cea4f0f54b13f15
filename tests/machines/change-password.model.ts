import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { changePasswordMachine, type PasswordChange } from '#machines/change-password/change-password.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The change-password machine's model (docs/guides/model-based-tests.md): in each state, what the
 * customer can do and what the API can answer (sandbox/handlers/account.ts changePassword). Used by
 * change-password.machine.test.ts, the coverage table and `npm run paths -- change-password`.
 */

type Machine = typeof changePasswordMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const change: PasswordChange = { oldPassword: 'Demo-Portal-2026!', newPassword: 'Neu-Passwort-2027!' };

export const { done, failed } = actorResults(changePasswordMachine);
/** The sandbox's answers: a wrong old password, a new password that breaks rules, too many wrong old passwords, and the failures any call can meet. */
export const passwordIncorrect = new ApiFailure(400, {
  status: 400,
  code: 'passwordIncorrect',
  title: 'The old password is wrong',
  errors: [{ field: 'old_password', code: 'passwordIncorrect' }],
});
export const weakPassword = new ApiFailure(400, {
  status: 400,
  code: 'validationFailed',
  title: 'The new password does not follow the rules',
  errors: [
    { field: 'new_password', code: 'passwordDigit' },
    { field: 'new_password', code: 'passwordSpecial' },
  ],
});
/** 429 after too many wrong tries (decision 28), with the time to try again the app read from Retry-After. */
export const tooManyAttempts = Object.assign(new ApiFailure(429, { status: 429, code: 'tooManyAttempts', title: 'Too many failed attempts' }), {
  retryAt: '2026-05-12T08:30:00.000Z',
});
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const unavailable = new ApiFailure(503, { status: 503, title: 'Service Unavailable' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('editing')) return [{ type: 'password.change', change }];
  if (snapshot.matches('changing')) {
    return [
      done('changePassword', undefined),
      failed('changePassword', passwordIncorrect),
      failed('changePassword', weakPassword),
      failed('changePassword', tooManyAttempts),
      failed('changePassword', serverError),
      failed('changePassword', unavailable),
      failed('changePassword', offline),
    ];
  }
  return [];
}

/** What is shown: the state and the error (each error is another screen state). */
export const serialize = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.error ?? null]);

export const machine = changePasswordMachine;

export const changePasswordModel: MachineModel<Machine> = {
  file: 'machines/change-password/change-password.machine.ts',
  machine: changePasswordMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

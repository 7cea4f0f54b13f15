import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { changeEmailMachine, type EmailChangeCheck } from '#machines/change-email/change-email.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The change-email machine's model (docs/guides/model-based-tests.md): in each state, what the
 * customer can do and what the API can answer (sandbox/handlers/account.ts: 202/204, 400
 * validationFailed or invalidCode, 403 emailChangeNotAllowed, 409 alreadyExists, a 500, no answer).
 * The code step is parallel (the confirmation and the new-code request), so its events are the
 * union of both regions'. Used by change-email.machine.test.ts, the coverage table and
 * `npm run paths -- change-email`.
 */

type Machine = typeof changeEmailMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const currentEmail = 'kim@example.com';
export const newEmail = 'kim.neu@example.com';
export const allowed: EmailChangeCheck = { canChangeEmail: true, currentEmail };
/** fixed-email@example.com (seeded): its address cannot be changed. */
export const notAllowed: EmailChangeCheck = { canChangeEmail: false, currentEmail: 'fixed-email@example.com' };

export const { done, failed } = actorResults(changeEmailMachine, {
  checkCanChangeEmail: 'checkCanChangeEmail',
  sendCode: 'sendCode',
  changeEmail: 'changeEmail',
  // Sending the code again invokes sendCode under its own id.
  resendCode: 'sendCode',
});
export const cooldownOver = { type: 'xstate.after.resendCooldown.changeEmail.code.resend.coolingDown' } as unknown as Event;

/** The sandbox's answers (sandbox/handlers/account.ts), as the app's actors reject with them. */
export const inUse = new ApiFailure(409, {
  status: 409,
  code: 'alreadyExists',
  title: 'This email address is already in use',
  errors: [{ field: 'new_email', code: 'alreadyExists' }],
});
export const forbidden = new ApiFailure(403, { status: 403, code: 'emailChangeNotAllowed', title: 'The email address of this account cannot be changed' });
export const invalidAddress = new ApiFailure(400, {
  status: 400,
  code: 'validationFailed',
  title: 'The new address is invalid',
  errors: [{ field: 'new_email', code: 'invalidEmail' }],
});
export const invalidCode = new ApiFailure(400, {
  status: 400,
  code: 'invalidCode',
  title: 'The code is wrong or has expired',
  errors: [{ field: 'code', code: 'invalidCode' }],
});
/** 429 after too many wrong codes or codes sent (decision 28), with the time to try again the app read from Retry-After. */
export const tooManyAttempts = Object.assign(new ApiFailure(429, { status: 429, code: 'tooManyAttempts', title: 'Too many failed attempts' }), {
  retryAt: '2026-05-12T08:30:00.000Z',
});
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('checking')) {
    return [
      done('checkCanChangeEmail', allowed),
      done('checkCanChangeEmail', notAllowed),
      failed('checkCanChangeEmail', serverError),
      failed('checkCanChangeEmail', offline),
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snapshot.matches('address')) {
    return [
      { type: 'address.submit', newEmail },
      { type: 'address.submit', newEmail: ' KIM@example.com ' },
    ];
  }
  if (snapshot.matches('sendingCode')) {
    return [
      done('sendCode', undefined),
      failed('sendCode', inUse),
      failed('sendCode', forbidden),
      failed('sendCode', invalidAddress),
      failed('sendCode', tooManyAttempts),
      failed('sendCode', serverError),
      failed('sendCode', offline),
    ];
  }
  const events: Event[] = [];
  if (snapshot.matches({ code: { confirmation: 'editing' } })) events.push({ type: 'code.submit', code: '123456' }, { type: 'address.edit' });
  if (snapshot.matches({ code: { confirmation: 'confirming' } })) {
    events.push(
      done('changeEmail', undefined),
      failed('changeEmail', invalidCode),
      failed('changeEmail', tooManyAttempts),
      failed('changeEmail', inUse),
      failed('changeEmail', forbidden),
      failed('changeEmail', invalidAddress),
      failed('changeEmail', serverError),
      failed('changeEmail', offline),
    );
  }
  if (snapshot.matches({ code: { resend: 'coolingDown' } })) events.push(cooldownOver);
  if (snapshot.matches({ code: { resend: 'available' } })) events.push({ type: 'code.resend' });
  if (snapshot.matches({ code: { resend: 'sending' } })) {
    events.push(
      done('resendCode', undefined),
      failed('resendCode', inUse),
      failed('resendCode', forbidden),
      failed('resendCode', tooManyAttempts),
      failed('resendCode', serverError),
      failed('resendCode', offline),
    );
  }
  return events;
}

/** What decides what is shown: the state, the alert, the field codes and the resent notice. */
export const serialize = (snapshot: Snapshot) => {
  const { context } = snapshot;
  return JSON.stringify([snapshot.value, context.error ?? null, context.addressError ?? null, context.codeError ?? null, context.codeResent]);
};

export const machine = changeEmailMachine;

export const changeEmailModel: MachineModel<Machine> = {
  file: 'machines/change-email/change-email.machine.ts',
  machine: changeEmailMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

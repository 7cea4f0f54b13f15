import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { passwordResetMachine, type ResetLink } from '#machines/password-reset/password-reset.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The password-reset machine's model (docs/guides/model-based-tests.md): in each state, what the
 * customer can do and what the API can answer (SPEC.md 7.5: 202 for any address, 403 for an
 * account whose password cannot be reset, 400 invalidToken for a bad, used or expired link, a 500
 * and no answer). Two starts: the request page without a link, and the mailed link. Used by
 * password-reset.machine.test.ts, the coverage table and `npm run paths -- password-reset`.
 */

type Machine = typeof passwordResetMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const link: ResetLink = { userId: 'usr-reset-1', token: 'tok-reset-1' };
export const email = 'kunde@example.com';
export const newPassword = 'Neu-Passwort-2026!';

export const { done, failed } = actorResults(passwordResetMachine, {
  sendResetLink: 'sendResetLink',
  // Sending the link again invokes sendResetLink under its own id.
  resendResetLink: 'sendResetLink',
  resetPassword: 'resetPassword',
});
export const cooldownOver = { type: 'xstate.after.resendCooldown.passwordReset.sent.coolingDown' } as unknown as Event;

/** The API's answers as the app's actors reject with them (src/api/failure.ts), and a network failure. */
export const forbidden = new ApiFailure(403, { status: 403, code: 'passwordResetNotAllowed', title: 'The password of this account cannot be reset' });
export const invalidToken = new ApiFailure(400, {
  status: 400,
  code: 'invalidToken',
  title: 'The reset link is invalid or has expired',
  errors: [{ field: 'token', code: 'invalidToken' }],
});
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const unavailable = new ApiFailure(503, { status: 503, title: 'Service Unavailable' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('request')) return [{ type: 'link.request', email }];
  if (snapshot.matches('requesting'))
    return [done('sendResetLink'), failed('sendResetLink', forbidden), failed('sendResetLink', serverError), failed('sendResetLink', offline)];
  if (snapshot.matches({ sent: 'coolingDown' })) return [cooldownOver, { type: 'email.edit' }, { type: 'link.resend' }];
  if (snapshot.matches({ sent: 'ready' })) return [{ type: 'link.resend' }, { type: 'email.edit' }];
  if (snapshot.matches({ sent: 'resending' })) {
    return [done('resendResetLink'), failed('resendResetLink', forbidden), failed('resendResetLink', serverError), { type: 'link.resend' }];
  }
  if (snapshot.matches('reset')) return [{ type: 'password.submit', password: newPassword }];
  if (snapshot.matches('resetting')) {
    return [
      done('resetPassword'),
      failed('resetPassword', invalidToken),
      failed('resetPassword', serverError),
      failed('resetPassword', unavailable),
      failed('resetPassword', offline),
      { type: 'password.submit', password: newPassword },
    ];
  }
  if (snapshot.matches('linkInvalid')) return [{ type: 'link.requestNew' }];
  return [];
}

/** The context decides what is shown: an error, another link sent, a link still held. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.error ?? null,
    snapshot.context.resent,
    snapshot.context.link !== undefined,
    snapshot.context.newPassword !== undefined,
  ]);

export const requestMachine = withInput(passwordResetMachine, { link: undefined });
export const linkMachine = withInput(passwordResetMachine, { link });

export const passwordResetModel: MachineModel<Machine> = {
  file: 'machines/password-reset/password-reset.machine.ts',
  machine: passwordResetMachine,
  variants: [
    { name: 'request', machine: requestMachine, events: eventsFor, serialize },
    { name: 'link', machine: linkMachine, events: eventsFor, serialize },
  ],
  unreachable: {
    'passwordReset.start': 'transient: its `always` transitions leave it while the machine starts (both are counted, one per variant); no snapshot rests in it',
  },
};

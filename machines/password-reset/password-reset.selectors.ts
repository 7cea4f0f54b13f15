import type { SnapshotFrom } from 'xstate';

import type { PasswordResetErrorCode, passwordResetMachine } from './password-reset.machine';

/** Snapshot → the view of the password-reset screen. The screen renders this, nothing else. */

type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

export type PasswordResetView =
  | {
      step: 'request';
      /** What the form starts with: the address asked for last (nothing typed is lost). */
      email: string;
      error: Extract<PasswordResetErrorCode, 'requestStep.error403' | 'requestStep.error'> | undefined;
      /** The request is sent: the button is busy and a second submit is not taken. */
      requesting: boolean;
    }
  | {
      step: 'sent';
      email: string;
      /** Whether the resend button works now (not during the cooldown, not while one is sent). */
      canResend: boolean;
      coolingDown: boolean;
      resending: boolean;
      /** Another link went out from this step. */
      resent: boolean;
      error: Extract<PasswordResetErrorCode, 'requestStep.error403' | 'requestStep.error'> | undefined;
    }
  | {
      step: 'reset';
      /** The new password is sent: the button is busy and a second submit is not taken. */
      resetting: boolean;
      error: Extract<PasswordResetErrorCode, 'resetFailed'> | undefined;
    }
  | { step: 'linkInvalid' }
  | { step: 'done' };

type RequestError = Extract<PasswordResetErrorCode, 'requestStep.error403' | 'requestStep.error'>;
const requestError = (error: PasswordResetErrorCode | undefined): RequestError | undefined =>
  error === 'requestStep.error403' || error === 'requestStep.error' ? error : undefined;

export function selectPasswordResetView(snapshot: PasswordResetSnapshot): PasswordResetView {
  const { context } = snapshot;
  if (snapshot.matches('sent')) {
    return {
      step: 'sent',
      email: context.email,
      canResend: snapshot.can({ type: 'link.resend' }),
      coolingDown: snapshot.matches({ sent: 'coolingDown' }),
      resending: snapshot.matches({ sent: 'resending' }),
      resent: context.resent,
      error: requestError(context.error),
    };
  }
  if (snapshot.matches('reset') || snapshot.matches('resetting')) {
    return { step: 'reset', resetting: snapshot.matches('resetting'), error: context.error === 'resetFailed' ? 'resetFailed' : undefined };
  }
  if (snapshot.matches('linkInvalid')) return { step: 'linkInvalid' };
  if (snapshot.matches('done')) return { step: 'done' };
  return { step: 'request', email: context.email, error: requestError(context.error), requesting: snapshot.matches('requesting') };
}

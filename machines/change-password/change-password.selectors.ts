import type { SnapshotFrom } from 'xstate';

import type { ChangePasswordErrorCode, ChangePasswordFieldError, changePasswordMachine } from './change-password.machine';

/** Snapshot → the view of the change-password screen. The screen renders this, nothing else. */

type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

/** Any change: whether a submit is taken does not depend on the passwords. */
const anyChange = { oldPassword: '', newPassword: '' };

export type ChangePasswordView =
  | {
      step: 'form';
      /** Whether a submit is taken now (false while the change is sent: one request per press). */
      canSubmit: boolean;
      changing: boolean;
      /** `changeFailed` and `tooManyAttempts` are destructive alerts; the others are at their fields (`fieldErrors`). */
      error: ChangePasswordErrorCode | undefined;
      fieldErrors: readonly ChangePasswordFieldError[];
      /** With `tooManyAttempts`: when to try again (ISO date-time), if the answer said. */
      retryAt: string | undefined;
    }
  | { step: 'done' };

export function selectChangePasswordView(snapshot: ChangePasswordSnapshot): ChangePasswordView {
  const { context } = snapshot;
  if (snapshot.matches('done')) return { step: 'done' };
  return {
    step: 'form',
    canSubmit: snapshot.can({ type: 'password.change', change: anyChange }),
    changing: snapshot.matches('changing'),
    error: context.error,
    fieldErrors: context.fieldErrors,
    retryAt: context.error === 'tooManyAttempts' ? context.retryAt : undefined,
  };
}

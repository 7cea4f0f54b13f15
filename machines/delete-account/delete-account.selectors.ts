import type { SnapshotFrom } from 'xstate';

import type { deleteAccountMachine } from './delete-account.machine';

/** Snapshot → the view of the delete-account screen. The screen renders this, nothing else. */

type DeleteAccountSnapshot = SnapshotFrom<typeof deleteAccountMachine>;

export type DeleteAccountView =
  /** The pre-check runs, or its answer sends the customer to the not-possible page. */
  | { step: 'checking' }
  | { step: 'checkFailed'; canRetry: boolean }
  | {
      step: 'password';
      /** Whether a submit of the password opens the dialog now. */
      canRequest: boolean;
      /** The destructive dialog is open (confirming or deleting). */
      dialogOpen: boolean;
      /** Whether a press of the dialog's confirm button is taken (false while the deletion is sent). */
      canConfirm: boolean;
      deleting: boolean;
      /** passwordIncorrect at the field; deleteFailed and tooManyAttempts as destructive alerts. */
      error: 'passwordIncorrect' | 'deleteFailed' | 'tooManyAttempts' | undefined;
      /** With `tooManyAttempts`: when to try again (ISO date-time), if the answer said. */
      retryAt: string | undefined;
    }
  /** Deleted: the session ends, then the success page. */
  | { step: 'deleted' };

export function selectDeleteAccountView(snapshot: DeleteAccountSnapshot): DeleteAccountView {
  const { error } = snapshot.context;
  if (snapshot.matches('checkFailed')) return { step: 'checkFailed', canRetry: snapshot.can({ type: 'check.retry' }) };
  if (snapshot.matches('ready') || snapshot.matches('confirming') || snapshot.matches('deleting')) {
    return {
      step: 'password',
      canRequest: snapshot.can({ type: 'deletion.request' }),
      dialogOpen: !snapshot.matches('ready'),
      canConfirm: snapshot.can({ type: 'deletion.confirm', password: '' }),
      deleting: snapshot.matches('deleting'),
      error: error === 'checkFailed' ? undefined : error,
      retryAt: error === 'tooManyAttempts' ? snapshot.context.retryAt : undefined,
    };
  }
  if (snapshot.matches('signingOut') || snapshot.matches('done')) return { step: 'deleted' };
  return { step: 'checking' };
}

import type { SnapshotFrom } from 'xstate';

import type { verifyEmailMachine } from './verify-email.machine';

/** Snapshot → the view of the verify-email pages. The screen renders this, nothing else. */

type VerifyEmailSnapshot = SnapshotFrom<typeof verifyEmailMachine>;

export type VerifyEmailView =
  /** The link is being verified, or the page is leaving for the next one: the "verifying" status. */
  | { step: 'verifying' }
  /** The call failed (5xx, no answer): a message with a retry. */
  | { step: 'verifyFailed'; canRetry: boolean }
  /** Confirmed, signed out: the success page with the way to sign in. */
  | { step: 'confirmed'; canSignIn: boolean }
  | {
      step: 'failed';
      /** Whether the page can send a new link (it knows the user_id of the link). */
      canResend: boolean;
      /** The request for a new link is on its way: the button is busy and takes no second press. */
      resending: boolean;
      /** The last request for a new link failed. */
      resendFailed: boolean;
    }
  /** A new link is on its way. */
  | { step: 'resent' };

export function selectVerifyEmailView(snapshot: VerifyEmailSnapshot): VerifyEmailView {
  const { context } = snapshot;
  if (snapshot.matches('verifyFailed')) return { step: 'verifyFailed', canRetry: snapshot.can({ type: 'verify.retry' }) };
  if (snapshot.matches('confirmed')) return { step: 'confirmed', canSignIn: snapshot.can({ type: 'session.signIn' }) };
  if (snapshot.matches('linkFailed') || snapshot.matches('resending')) {
    const resending = snapshot.matches('resending');
    return {
      step: 'failed',
      canResend: resending || snapshot.can({ type: 'link.resend' }),
      resending,
      resendFailed: !resending && context.error === 'resendFailed',
    };
  }
  if (snapshot.matches('linkResent')) return { step: 'resent' };
  return { step: 'verifying' };
}

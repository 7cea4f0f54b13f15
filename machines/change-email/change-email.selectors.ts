import type { SnapshotFrom } from 'xstate';

import type { AddressErrorCode, changeEmailMachine } from './change-email.machine';

/** Snapshot → the view of the email change screen. The screen renders this, nothing else. */

type ChangeEmailSnapshot = SnapshotFrom<typeof changeEmailMachine>;

export type ChangeEmailView =
  | { step: 'loading' }
  /** The pre-check failed: an alert with a retry. */
  | { step: 'loadFailed'; canRetry: boolean }
  /** The address of this account cannot be changed online. */
  | { step: 'notAllowed' }
  | {
      step: 'address';
      /** The current address (the rule "not the current one", and the text). */
      currentEmail: string;
      /** The address of the last request ('' at first): the form starts with it. */
      newEmail: string;
      /** The code at the address field for `newEmail` (alreadyExists, sameAsCurrent, a rule code). */
      addressError: AddressErrorCode | undefined;
      /** The code could not be sent: the alert. */
      failed: boolean;
      /** Too many codes sent (429): the alert with the time to try again (ISO date-time, if the answer said). */
      tooManyAttempts: boolean;
      retryAt: string | undefined;
      /** Whether a press of "Send code" is taken (false while it is sent: one request per press). */
      canSubmit: boolean;
      sending: boolean;
    }
  | {
      step: 'code';
      /** Where the code went. */
      newEmail: string;
      /** The code of the last confirmation ('' at first). */
      code: string;
      /** The code at the code field for `code`: wrong, expired or tried too often. */
      codeError: 'invalidCode' | undefined;
      /** An alert: the confirmation failed, a new code could not be sent, or too many tries (429). */
      error: 'emailChangeFailed' | 'resendFailed' | 'tooManyAttempts' | undefined;
      /** With `tooManyAttempts`: when to try again (ISO date-time), if the answer said. */
      retryAt: string | undefined;
      canConfirm: boolean;
      confirming: boolean;
      /** A new code is taken now (after the short wait, not while one is sent or the code is confirmed). */
      canResend: boolean;
      resending: boolean;
      /** The short wait after a code was sent. */
      coolingDown: boolean;
      /** A new code was sent on request. */
      codeResent: boolean;
      /** "Change the address" is taken now. */
      canChangeAddress: boolean;
    }
  | { step: 'done' };

export function selectChangeEmailView(snapshot: ChangeEmailSnapshot): ChangeEmailView {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  if (snapshot.matches('notAllowed')) return { step: 'notAllowed' };
  if (snapshot.matches('address') || snapshot.matches('sendingCode')) {
    return {
      step: 'address',
      currentEmail: context.currentEmail ?? '',
      newEmail: context.newEmail,
      addressError: context.addressError,
      failed: context.error === 'sendCodeFailed',
      tooManyAttempts: context.error === 'tooManyAttempts',
      retryAt: context.error === 'tooManyAttempts' ? context.retryAt : undefined,
      canSubmit: snapshot.can({ type: 'address.submit', newEmail: '' }),
      sending: snapshot.matches('sendingCode'),
    };
  }
  if (snapshot.matches('code')) {
    const error = context.error === 'emailChangeFailed' || context.error === 'resendFailed' || context.error === 'tooManyAttempts' ? context.error : undefined;
    return {
      step: 'code',
      newEmail: context.newEmail,
      code: context.code,
      codeError: context.codeError,
      error,
      retryAt: error === 'tooManyAttempts' ? context.retryAt : undefined,
      canConfirm: snapshot.can({ type: 'code.submit', code: '' }),
      confirming: snapshot.matches({ code: { confirmation: 'confirming' } }),
      canResend: snapshot.can({ type: 'code.resend' }),
      resending: snapshot.matches({ code: { resend: 'sending' } }),
      coolingDown: snapshot.matches({ code: { resend: 'coolingDown' } }),
      codeResent: context.codeResent,
      canChangeAddress: snapshot.can({ type: 'address.edit' }),
    };
  }
  if (snapshot.matches('done')) return { step: 'done' };
  return { step: 'loading' };
}

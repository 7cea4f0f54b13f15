import type { SnapshotFrom } from 'xstate';

import {
  type CancelContractErrorCode,
  type cancelContractMachine,
  type TerminationCandidate,
  type TerminationChoice,
  type TerminationConfirmation,
  terminateDateOf,
  type TerminationIdentity,
} from './cancel-contract.machine';

/** Snapshot → the view of the cancel-contract screen. The screen renders this, nothing else. */

type CancelContractSnapshot = SnapshotFrom<typeof cancelContractMachine>;

export type CancelContractView =
  | {
      step: 'identify';
      /** What the form starts with: what was sent last (nothing typed is lost), or undefined. */
      identity: TerminationIdentity | undefined;
      error: Extract<CancelContractErrorCode, 'contractNotFound' | 'tooManyAttempts' | 'lookupFailed'> | undefined;
      /** After tooManyAttempts: when to try again (ISO date-time), if the answer said. */
      retryAt: string | undefined;
      /** The lookup is running: the submit button is busy and a second submit is not taken. */
      lookingUp: boolean;
      canSubmit: boolean;
    }
  /** The chosen date passed meanwhile: the dates are read again. */
  | { step: 'checkingDates' }
  | {
      step: 'choose';
      candidate: TerminationCandidate;
      choice: TerminationChoice;
      /** dateNoLongerOffered: the date chosen before passed meanwhile. */
      dateNoLongerOffered: boolean;
    }
  | {
      step: 'confirm';
      candidate: TerminationCandidate;
      /** The date the termination ends the subscription at, and whether it is the next possible one. */
      terminateDate: string;
      isNextPossibleDate: boolean;
      email: string;
      canConfirm: boolean;
      terminating: boolean;
      failed: boolean;
    }
  | { step: 'alreadyTerminated'; number: string }
  | { step: 'done'; confirmation: TerminationConfirmation };

export function selectCancelContractView(snapshot: CancelContractSnapshot): CancelContractView {
  const { context } = snapshot;
  if ((snapshot.matches('choose') || snapshot.matches('confirm') || snapshot.matches('terminating')) && context.candidate) {
    const { candidate } = context;
    if (snapshot.matches('choose')) return { step: 'choose', candidate, choice: context.choice, dateNoLongerOffered: context.error === 'dateNoLongerOffered' };
    return {
      step: 'confirm',
      candidate,
      terminateDate: terminateDateOf(candidate, context.choice) ?? candidate.terminationDates[0] ?? '',
      isNextPossibleDate: context.choice === 'next' || context.choice === candidate.terminationDates[0],
      email: context.identity?.email ?? '',
      canConfirm: snapshot.can({ type: 'termination.confirm' }),
      terminating: snapshot.matches('terminating'),
      failed: context.error === 'terminationFailed',
    };
  }
  if (snapshot.matches('lookingUp') && context.error === 'dateNoLongerOffered') return { step: 'checkingDates' };
  if (snapshot.matches('alreadyTerminated')) return { step: 'alreadyTerminated', number: context.identity?.number ?? '' };
  if (snapshot.matches('done') && context.confirmation) return { step: 'done', confirmation: context.confirmation };
  const error = context.error === 'contractNotFound' || context.error === 'tooManyAttempts' || context.error === 'lookupFailed' ? context.error : undefined;
  const lookingUp = snapshot.matches('lookingUp');
  return {
    step: 'identify',
    identity: context.identity,
    error: lookingUp ? undefined : error,
    retryAt: lookingUp ? undefined : context.retryAt,
    lookingUp,
    canSubmit: snapshot.can({ type: 'identity.submit', identity: { number: '', firstName: '', lastName: '', birthdate: '', email: '' } }),
  };
}

import type { SnapshotFrom } from 'xstate';

import type { terminateSubscriptionMachine } from './terminate-subscription.machine';

/** Snapshot → the view of the terminate screen. The screen renders this, nothing else. */

type TerminateSubscriptionSnapshot = SnapshotFrom<typeof terminateSubscriptionMachine>;

export interface TerminationDialogView {
  /** The date the dialog names (YYYY-MM-DD). */
  terminateDate: string;
  /** Whether a press of the confirm button is taken (false while the termination is sent). */
  canConfirm: boolean;
  /** The termination is being sent: the confirm button shows that it is busy, the dialog stays. */
  terminating: boolean;
}

export type TerminateSubscriptionView =
  | { step: 'loading' }
  | { step: 'loadFailed'; canRetry: boolean }
  | {
      step: 'choose';
      subscriptionNumber: string;
      monthlyPrice: number;
      /** The offered dates, the earliest first. */
      terminationDates: readonly string[];
      /** The chosen date: the earliest until the customer picks another; kept after a failure. */
      chosenDate: string | undefined;
      /** Whether the form's submit is taken (it opens the dialog). */
      canRequest: boolean;
      /** The confirmation dialog, while it is open. */
      dialog: TerminationDialogView | undefined;
      /** A failed attempt (not a 400): the destructive alert, the choice kept. */
      failed: boolean;
      /** The chosen date was no longer offered: the dates were loaded again. */
      dateNoLongerOffered: boolean;
    }
  /**
   * SPEC.md 4.3: no termination offered. `terminated`: it runs until its end date (which may be
   * withdrawn); `ended`: revoked or canceled, already cancelled (with the date it ended, if any).
   */
  | { step: 'notTerminable'; reason: 'terminated' | 'ended'; terminateDate: string | undefined; canWithdrawTermination: boolean }
  /** SPEC.md 8: the 400 isAlreadyTerminated. */
  | { step: 'alreadyTerminated' }
  | { step: 'done'; terminateDate: string | undefined };

export function selectTerminateSubscriptionView(snapshot: TerminateSubscriptionSnapshot): TerminateSubscriptionView {
  const { context } = snapshot;
  const { subscription } = context;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  if ((snapshot.matches('choosing') || snapshot.matches('confirming') || snapshot.matches('terminating')) && subscription) {
    const dialogOpen = !snapshot.matches('choosing') && context.chosenDate !== undefined;
    return {
      step: 'choose',
      subscriptionNumber: subscription.subscriptionNumber,
      monthlyPrice: subscription.monthlyPrice,
      terminationDates: subscription.terminationDates,
      chosenDate: context.chosenDate,
      canRequest: snapshot.matches('choosing'),
      dialog:
        dialogOpen && context.chosenDate
          ? { terminateDate: context.chosenDate, canConfirm: snapshot.can({ type: 'termination.confirm' }), terminating: snapshot.matches('terminating') }
          : undefined,
      failed: context.error === 'terminationFailed',
      dateNoLongerOffered: context.error === 'dateNoLongerOffered',
    };
  }
  if (snapshot.matches('notTerminable')) {
    const ended = !subscription || subscription.status === 'revoked' || subscription.status === 'canceled' || !subscription.terminateDate;
    return {
      step: 'notTerminable',
      reason: ended ? 'ended' : 'terminated',
      terminateDate: subscription?.terminateDate ?? undefined,
      canWithdrawTermination: !ended && (subscription?.canWithdrawTermination ?? false),
    };
  }
  if (snapshot.matches('alreadyTerminated')) return { step: 'alreadyTerminated' };
  if (snapshot.matches('done')) return { step: 'done', terminateDate: context.chosenDate };
  return { step: 'loading' };
}

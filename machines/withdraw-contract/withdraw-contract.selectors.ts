import type { SnapshotFrom } from 'xstate';

import type { withdrawContractMachine } from './withdraw-contract.machine';

/** Snapshot → the view of the withdrawal screen. The screen renders this, nothing else. */

type WithdrawContractSnapshot = SnapshotFrom<typeof withdrawContractMachine>;

export interface WithdrawContractDialogView {
  /** The cancellation is being sent: the confirm button shows that it is busy, the dialog stays. */
  withdrawing: boolean;
  /** Whether a press of the dialog's confirm button is taken (false while the cancellation is sent). */
  canConfirm: boolean;
}

export type WithdrawContractView =
  | { step: 'loading' }
  /** withdrawContract.error, with a retry. */
  | { step: 'loadFailed'; canRetry: boolean }
  | {
      step: 'confirm';
      /** The last day the contract can be withdrawn (YYYY-MM-DD). */
      withdrawableUntil: string;
      subscriptionNumber: string;
      monthlyPrice: number;
      /** Whether the withdraw button is taken (it opens the dialog). */
      canRequest: boolean;
      /** The confirmation dialog, while it is open. */
      dialog: WithdrawContractDialogView | undefined;
      /** A failed attempt: the destructive alert. */
      failed: boolean;
    }
  /** The period is over (or the subscription ended): the way to end it instead. */
  | { step: 'notWithdrawable' }
  | { step: 'done' };

export function selectWithdrawContractView(snapshot: WithdrawContractSnapshot): WithdrawContractView {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  const subscription = context.subscription;
  if ((snapshot.matches('ready') || snapshot.matches('confirming') || snapshot.matches('withdrawing')) && subscription?.withdrawableUntil) {
    return {
      step: 'confirm',
      withdrawableUntil: subscription.withdrawableUntil,
      subscriptionNumber: subscription.subscriptionNumber,
      monthlyPrice: subscription.monthlyPrice,
      canRequest: snapshot.can({ type: 'withdrawal.request' }),
      dialog: snapshot.matches('ready')
        ? undefined
        : { withdrawing: snapshot.matches('withdrawing'), canConfirm: snapshot.can({ type: 'withdrawal.confirm' }) },
      failed: context.error === 'withdrawFailed',
    };
  }
  if (snapshot.matches('notWithdrawable')) return { step: 'notWithdrawable' };
  if (snapshot.matches('done')) return { step: 'done' };
  return { step: 'loading' };
}

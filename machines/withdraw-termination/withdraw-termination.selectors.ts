import type { SnapshotFrom } from 'xstate';

import type { withdrawTerminationMachine } from './withdraw-termination.machine';

/** Snapshot → the view of the withdraw screen. The screen renders this, nothing else. */

type WithdrawTerminationSnapshot = SnapshotFrom<typeof withdrawTerminationMachine>;

export type WithdrawTerminationView =
  | { step: 'loading' }
  /** SPEC.md 8: withdrawTermination.error, with a retry. */
  | { step: 'loadFailed'; canRetry: boolean }
  | {
      step: 'confirm';
      /** The date the termination would end the subscription (YYYY-MM-DD). */
      terminateDate: string | undefined;
      monthlyPrice: number;
      /** Whether a press of the confirm button is taken (false while the withdrawal is sent). */
      canConfirm: boolean;
      /** The withdrawal is being sent: the button shows that it is busy. */
      withdrawing: boolean;
      /** A failed attempt: the destructive alert. */
      failed: boolean;
    }
  /** SPEC.md 4.4: the call to action to /app/order. */
  | { step: 'notWithdrawable' }
  | { step: 'done' };

export function selectWithdrawTerminationView(snapshot: WithdrawTerminationSnapshot): WithdrawTerminationView {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  if ((snapshot.matches('ready') || snapshot.matches('withdrawing')) && context.subscription) {
    return {
      step: 'confirm',
      terminateDate: context.subscription.terminateDate ?? undefined,
      monthlyPrice: context.subscription.monthlyPrice,
      canConfirm: snapshot.can({ type: 'withdrawal.confirm' }),
      withdrawing: snapshot.matches('withdrawing'),
      failed: context.error === 'withdrawFailed',
    };
  }
  if (snapshot.matches('notWithdrawable')) return { step: 'notWithdrawable' };
  if (snapshot.matches('done')) return { step: 'done' };
  return { step: 'loading' };
}

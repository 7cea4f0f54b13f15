import type { SnapshotFrom } from 'xstate';

import type { cancelOrderMachine } from './cancel-order.machine';

/** Snapshot → the view of the cancel-order screen. The screen renders this, nothing else. */

type CancelOrderSnapshot = SnapshotFrom<typeof cancelOrderMachine>;

export type CancelOrderView =
  | { step: 'loading' }
  | { step: 'loadFailed'; canRetry: boolean }
  | {
      step: 'confirm';
      orderNumber: string;
      /** Whether a press of the confirm button is taken (false while the cancellation is sent). */
      canConfirm: boolean;
      cancelling: boolean;
      /** A failed attempt: the destructive alert. */
      failed: boolean;
    }
  /** Why it cannot be cancelled: cancelled already, no longer (it started), or changed meanwhile (409). */
  | { step: 'notCancellable'; orderNumber: string | undefined; reason: 'alreadyCancelled' | 'notCancellable' | 'changedMeanwhile' }
  | { step: 'done'; orderNumber: string | undefined };

export function selectCancelOrderView(snapshot: CancelOrderSnapshot): CancelOrderView {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  if ((snapshot.matches('ready') || snapshot.matches('cancelling')) && context.order) {
    return {
      step: 'confirm',
      orderNumber: context.order.orderNumber,
      canConfirm: snapshot.can({ type: 'cancellation.confirm' }),
      cancelling: snapshot.matches('cancelling'),
      failed: context.error === 'cancelFailed',
    };
  }
  if (snapshot.matches('notCancellable')) {
    const reason = context.error === 'orderNotCancellable' ? 'changedMeanwhile' : context.order?.cancelledAt ? 'alreadyCancelled' : 'notCancellable';
    return { step: 'notCancellable', orderNumber: context.order?.orderNumber, reason };
  }
  if (snapshot.matches('done')) return { step: 'done', orderNumber: context.order?.orderNumber };
  return { step: 'loading' };
}

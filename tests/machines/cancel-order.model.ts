import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { cancelOrderMachine, type OrderCancellationState } from '#machines/cancel-order/cancel-order.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The cancel-order machine's model (docs/guides/model-based-tests.md): in each state, what the
 * customer can do and what the API can answer. Registered in tests/machines/models.ts.
 */

type Machine = typeof cancelOrderMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

/** Seeded A-100005 (submitted, starts next month). */
export const orderId = 'order-deuti-submitted';
export const cancellable: OrderCancellationState = { orderNumber: 'A-100005', isCancellable: true, cancelledAt: null };
export const alreadyCancelled: OrderCancellationState = { orderNumber: 'A-100005', isCancellable: false, cancelledAt: '2026-05-01T10:00:00.000Z' };
export const started: OrderCancellationState = { orderNumber: 'A-100001', isCancellable: false, cancelledAt: null };
export const cancelled: OrderCancellationState = { orderNumber: 'A-100005', isCancellable: false, cancelledAt: '2026-05-02T10:00:00.000Z' };

export const { done, failed } = actorResults(cancelOrderMachine);
export const conflict = new ApiFailure(409, { status: 409, code: 'orderNotCancellable', title: 'The order can no longer be cancelled' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const notFound = new ApiFailure(404, { status: 404, code: 'notFound', title: 'No such order' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('loading')) {
    return [
      done('loadCancellation', cancellable),
      done('loadCancellation', alreadyCancelled),
      done('loadCancellation', started),
      failed('loadCancellation', serverError),
      failed('loadCancellation', notFound),
      failed('loadCancellation', offline),
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snapshot.matches('ready')) return [{ type: 'cancellation.confirm' }];
  if (snapshot.matches('cancelling'))
    return [done('cancelOrder', cancelled), failed('cancelOrder', conflict), failed('cancelOrder', serverError), failed('cancelOrder', offline)];
  return [];
}

/** What decides the next events and what is shown: the state, the error and why it is not cancellable. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.error ?? null,
    snapshot.context.order?.isCancellable ?? null,
    snapshot.context.order?.cancelledAt ? 'cancelled' : null,
  ]);

export const machine = withInput(cancelOrderMachine, { orderId });

export const cancelOrderModel: MachineModel<Machine> = {
  file: 'machines/cancel-order/cancel-order.machine.ts',
  machine: cancelOrderMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

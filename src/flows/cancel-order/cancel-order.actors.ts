import { fromPromise } from 'xstate';

import type { components } from '#openapi/schema.gen';
import { cancelOrderMachine, type OrderCancellationState } from '#machines/cancel-order/cancel-order.machine';
import { dataOf } from '#src/api/failure';
import { ordersQuery } from '#src/api/queries/orders';
import type { FlowServices } from '#src/flows/use-flow';

const stateOf = (answer: components['schemas']['OrderCancellation']): OrderCancellationState => ({
  orderNumber: answer.order_number,
  isCancellable: answer.is_cancellable,
  cancelledAt: answer.cancelled_at,
});

/**
 * The cancel-order machine with the app's actors: the pre-check is read fresh (no cache: whether
 * it can still be cancelled is what the screen is about), the cancellation through the typed client.
 * A failed call rejects with an ApiFailure (src/api/failure.ts), which the machine's guards read.
 */
export function provideCancelOrder({ api, queries, queryClient }: FlowServices) {
  return cancelOrderMachine.provide({
    actors: {
      loadCancellation: fromPromise<OrderCancellationState, { orderId: string }>(async ({ input }) =>
        stateOf(dataOf(await api.GET('/api/v3/order/orders/{id}/cancel', { params: { path: { id: input.orderId } } }))),
      ),
      cancelOrder: fromPromise<OrderCancellationState, { orderId: string }>(async ({ input }) => {
        try {
          return stateOf(dataOf(await api.PUT('/api/v1/order/orders/{id}/cancel', { params: { path: { id: input.orderId } } })));
        } finally {
          // Cancelled, or changed meanwhile (409): the tickets list is read again.
          void queryClient.invalidateQueries({ queryKey: ordersQuery(queries).queryKey });
        }
      }),
    },
  });
}

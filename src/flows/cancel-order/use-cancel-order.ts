import { selectCancelOrderView } from '#machines/cancel-order/cancel-order.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideCancelOrder } from './cancel-order.actors';

/** The cancel-order flow of one order: its view, and `send` for the screen's events. */
export function useCancelOrder(orderId: string) {
  return useFlow(provideCancelOrder, { input: { orderId }, select: selectCancelOrderView });
}

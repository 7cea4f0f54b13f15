import type { components } from '#openapi/schema.gen';

export type Payment = components['schemas']['Payment'];

/** The payments of one subscription (or of an order without one yet), the newest first. */
export interface PaymentGroup {
  /** The subscription number, or the order number while there is no subscription. */
  number: string;
  kind: 'subscription' | 'order';
  payments: Payment[];
}

/**
 * The payment history's grouping (SPEC.md 7.4, issue 12): one group per subscription (its number,
 * else the order's), each newest first by due date; the group with the newest payment first. The
 * sort is stable, so payments of one day keep the server's order.
 */
export function groupPayments(payments: readonly Payment[]): PaymentGroup[] {
  const newestFirst = [...payments].sort((a, b) => b.dueDate.localeCompare(a.dueDate));
  const groups = new Map<string, PaymentGroup>();
  for (const payment of newestFirst) {
    const key = payment.subscriptionNumber ?? payment.orderNumber;
    let group = groups.get(key);
    if (!group) {
      group = { number: key, kind: payment.subscriptionNumber ? 'subscription' : 'order', payments: [] };
      groups.set(key, group);
    }
    group.payments.push(payment);
  }
  return [...groups.values()];
}

import { type Database, run } from '../db/database';
import { problem, type Reply } from '../http';
import { isRunning, type OrderRow, subscriptionOfUser, type SubscriptionRow, syncTickets } from './subscription-lifecycle';

/**
 * Terminating a subscription, shared by the signed-in call (PUT .../{id}/terminate) and the
 * anonymous cancellation button (POST /api/v2/subscription/terminations, decision 22): the same
 * refusals and the same change, whoever asks.
 */

/** Already terminated, revoked or canceled: 400 isAlreadyTerminated (SPEC.md 8); undefined while it can be terminated. */
export function alreadyTerminatedProblem(sub: SubscriptionRow, today: string): Reply | undefined {
  if (!sub.terminate_date && isRunning(sub, today)) return undefined;
  return problem(400, 'isAlreadyTerminated', 'The subscription is already terminated', {
    detail: sub.terminate_date ? `It ends on ${sub.terminate_date}.` : `Its status is ${sub.status}.`,
  });
}

/** A date that is not one of the offered termination dates: 400 invalidTerminationDate on `field`. */
export function invalidTerminationDateProblem(offered: readonly string[], field: string): Reply {
  return problem(400, 'invalidTerminationDate', 'The date is not one of the offered termination dates', {
    detail: `Offered: ${offered.join(', ')}`,
    errors: [{ field, code: 'invalidTerminationDate' }],
  });
}

/**
 * Terminates at `date` (checked by the caller): the subscription ends then, the customer may withdraw
 * the termination until that date, the order is 'terminated', the tickets follow. Returns the rows as
 * they are now.
 */
export async function applyTermination(
  db: Database,
  sub: SubscriptionRow,
  order: OrderRow,
  date: string,
  today: string,
): Promise<{ sub: SubscriptionRow; order: OrderRow }> {
  await run(db, 'UPDATE subscriptions SET terminate_date = ?, can_withdraw_termination = 1 WHERE id = ?', [date, sub.id]);
  await run(db, "UPDATE orders SET order_status = 'terminated', terminated_at = ? WHERE id = ?", [date, order.id]);
  const updated = await subscriptionOfUser(db, sub.user_id, sub.id);
  if (!updated) throw new Error(`subscription ${sub.id} vanished`);
  await syncTickets(db, updated.sub, updated.order, today);
  return updated;
}

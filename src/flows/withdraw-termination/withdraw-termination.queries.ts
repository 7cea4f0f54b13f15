import type { Queries } from '#src/api/queries';

/**
 * The read this flow and its route share: the subscription's details (SPEC.md 7.3; the title's
 * subscription number, canWithdrawTermination, the end date and the monthly price). One query, so
 * the route's loader fills the cache that the machine's `loadSubscription` and the heading read.
 */
export function subscriptionDetailsQuery(queries: Queries, subscriptionId: string) {
  return queries.queryOptions('get', '/api/v2/subscription/subscriptions/{id}/details', { params: { path: { id: subscriptionId } } });
}

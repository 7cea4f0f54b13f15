import type { Queries } from './queries';

/**
 * The subscription's details (SPEC.md 7.3: number, status, dates, monthly price, subscriber,
 * canWithdrawTermination), the read that every self-service flow of a subscription and its route
 * share. One definition, so a route's loader, the page heading and each flow's machine read one
 * cache entry.
 */
export function subscriptionDetailsQuery(queries: Queries, subscriptionId: string) {
  return queries.queryOptions('get', '/api/v2/subscription/subscriptions/{id}/details', { params: { path: { id: subscriptionId } } });
}

import type { Queries } from '#src/api/queries';

/**
 * The reads this flow and its routes share (SPEC.md 7.3): the subscription's details (the title's
 * subscription number, the monthly price; the same query as the withdrawal's, so one cache entry)
 * and its termination state with the possible dates. The route's loader fills both, the machine's
 * `loadTermination` reads them.
 */
export function terminationQuery(queries: Queries, subscriptionId: string) {
  return queries.queryOptions('get', '/api/v2/subscription/subscriptions/{id}/terminate', { params: { path: { id: subscriptionId } } });
}

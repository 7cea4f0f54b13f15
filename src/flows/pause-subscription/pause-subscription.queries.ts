import type { Queries } from '#src/api/queries';

/**
 * The reads this flow and its route share (SPEC.md 7.3): the subscription's details (the title's
 * subscription number, the monthly price a pause saves, a termination) and its pause state. The
 * route's loader fills the cache the machine's `loadPause` and the heading read.
 */
export function subscriptionPauseQuery(queries: Queries, subscriptionId: string) {
  return queries.queryOptions('get', '/api/v2/subscription/subscriptions/{id}/pause', { params: { path: { id: subscriptionId } } });
}

import { pathKey, type Queries } from '../queries';

/*
 * The reads of SPEC.md 7.3 (subscriptions and tickets), one function each: a route's loader, a
 * screen and a flow's actor call the same one, so they read one cache entry and an invalidation
 * names its key.
 */

/** A subscription as the tickets list's entry shows it. */
export function subscriptionQuery(queries: Queries, subscriptionId: string) {
  return queries.get('/api/v2/subscription/subscriptions/{id}', { params: { path: { id: subscriptionId } } });
}

/** Every subscription's `subscriptionQuery`, whatever its id (an invalidation by prefix). */
export const anySubscriptionKey = () => pathKey('/api/v2/subscription/subscriptions/{id}');

/**
 * The subscription's details (number, status, dates, monthly price, subscriber,
 * canWithdrawTermination), the read every self-service flow of a subscription and its route share:
 * a route's loader, the page heading and the flow's machine read one cache entry.
 */
export function subscriptionDetailsQuery(queries: Queries, subscriptionId: string) {
  return queries.get('/api/v2/subscription/subscriptions/{id}/details', { params: { path: { id: subscriptionId } } });
}

/** Every subscription's `subscriptionDetailsQuery`, whatever its id. */
export const anySubscriptionDetailsKey = () => pathKey('/api/v2/subscription/subscriptions/{id}/details');

/** The subscription's termination state with the possible dates. */
export function terminationQuery(queries: Queries, subscriptionId: string) {
  return queries.get('/api/v2/subscription/subscriptions/{id}/terminate', { params: { path: { id: subscriptionId } } });
}

/** The subscription's pause state. */
export function subscriptionPauseQuery(queries: Queries, subscriptionId: string) {
  return queries.get('/api/v2/subscription/subscriptions/{id}/pause', { params: { path: { id: subscriptionId } } });
}

/** The traveler of a subscription, with its numbers. */
export function subscriptionTravelerQuery(queries: Queries, subscriptionId: string) {
  return queries.get('/api/v3/subscription/subscriptions/{id}/traveler', { params: { path: { id: subscriptionId } } });
}

/** Every subscription's `subscriptionTravelerQuery`, whatever its id. */
export const anySubscriptionTravelerKey = () => pathKey('/api/v3/subscription/subscriptions/{id}/traveler');

/**
 * The attempt limit of ending a contract without signing in (decision 22). Its answer also gives a
 * browser without a CSRF token its anonymous one, which that flow's POSTs need.
 */
export function terminationPolicyQuery(queries: Queries) {
  return queries.get('/api/v2/subscription/terminations/policy');
}

/** The customer's tickets: "My tickets". */
export function ticketsQuery(queries: Queries) {
  return queries.get('/api/dashboard/v1/tickets');
}

/** One ticket, as its page shows it. */
export function ticketQuery(queries: Queries, ticketId: string) {
  return queries.get('/api/subscription/v2/tickets/{id}', { params: { path: { id: ticketId } } });
}

/** Every ticket's `ticketQuery`, whatever its id. */
export const anyTicketKey = () => pathKey('/api/subscription/v2/tickets/{id}');

import type { Queries } from '#src/api/queries';

/**
 * The reads the traveler and billing-address flows and their routes share (SPEC.md 7.1, 7.3): one
 * query each, so a route's loader fills the cache that the machine's `load` and the page title read.
 */

/** Whose person is changed: a subscription, or an order that is not a subscription yet. */
export type ContactOwner = 'subscription' | 'order';

export function subscriptionTravelerQuery(queries: Queries, subscriptionId: string) {
  return queries.queryOptions('get', '/api/v3/subscription/subscriptions/{id}/traveler', { params: { path: { id: subscriptionId } } });
}

export function orderTravelerQuery(queries: Queries, orderId: string) {
  return queries.queryOptions('get', '/api/v3/order/orders/{id}/traveler', { params: { path: { id: orderId } } });
}

/** The traveler of a subscription or of an order (the same Traveler shape, with its numbers). */
export function travelerQuery(queries: Queries, owner: ContactOwner, id: string) {
  return owner === 'subscription' ? subscriptionTravelerQuery(queries, id) : orderTravelerQuery(queries, id);
}

/** An order with its billing person (OrderDataForPayment), product id and number. */
export function orderQuery(queries: Queries, orderId: string) {
  return queries.queryOptions('get', '/api/v3/order/orders/{id}', { params: { path: { id: orderId } } });
}

/** The paths whose answers a saved change makes stale (invalidated by prefix, whatever their parameters). */
export const changedByContactEdit = [
  '/api/v2/order/orders',
  '/api/v3/order/orders/{id}',
  '/api/v3/order/orders/{id}/traveler',
  '/api/v2/subscription/subscriptions/{id}',
  '/api/v2/subscription/subscriptions/{id}/details',
  '/api/v3/subscription/subscriptions/{id}/traveler',
  '/api/dashboard/v1/tickets',
  '/api/subscription/v2/tickets/{id}',
] as const;

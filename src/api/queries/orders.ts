import { pathKey, type Queries } from '../queries';

/*
 * The reads of SPEC.md 7.1 (orders), one function each: a route's loader, a screen and a flow's
 * actor call the same one, so they read one cache entry and an invalidation names its key. Here
 * the customer's orders; the order form's lookups are ./order-form.ts and ./countries.ts, apart,
 * so that a page loads only the module it reads (each is a chunk of its own).
 */

/** The customer's orders: "My tickets", the payment details page, the payment flow. */
export function ordersQuery(queries: Queries) {
  return queries.get('/api/v2/order/orders');
}

/** An order with its billing person (OrderDataForPayment), product id and number. */
export function orderQuery(queries: Queries, orderId: string) {
  return queries.get('/api/v3/order/orders/{id}', { params: { path: { id: orderId } } });
}

/** Every order's `orderQuery`, whatever its id (an invalidation by prefix). */
export const anyOrderKey = () => pathKey('/api/v3/order/orders/{id}');

/** The traveler of an order that is not a subscription yet. */
export function orderTravelerQuery(queries: Queries, orderId: string) {
  return queries.get('/api/v3/order/orders/{id}/traveler', { params: { path: { id: orderId } } });
}

/** Every order's `orderTravelerQuery`, whatever its id. */
export const anyOrderTravelerKey = () => pathKey('/api/v3/order/orders/{id}/traveler');

import type { Queries } from './queries';

/**
 * The customer's orders and an order's payment instrument: reads "My tickets" and the payment
 * details page share (one definition, so the loaders fill what the screens read, one cache entry).
 */
export const ordersQuery = (queries: Queries) => queries.queryOptions('get', '/api/v2/order/orders');

/** SPEC.md 7.4: the payment instrument of an order (404 when it has none). */
export const paymentInstrumentQuery = (queries: Queries, orderId: string) =>
  queries.queryOptions('get', '/api/v2/payment/paymentprovider/user-payment-instruments/{id}', { params: { path: { id: orderId } } });

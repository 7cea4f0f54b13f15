import type { Queries } from '#src/api/queries';

/** The reads "My tickets" and the ticket screens share, so the loaders fill what they read. */
export const ordersQuery = (queries: Queries) => queries.queryOptions('get', '/api/v2/order/orders');

export const ticketsQuery = (queries: Queries) => queries.queryOptions('get', '/api/dashboard/v1/tickets');

export const subscriptionQuery = (queries: Queries, subscriptionId: string) =>
  queries.queryOptions('get', '/api/v2/subscription/subscriptions/{id}', { params: { path: { id: subscriptionId } } });

export const paymentInstrumentQuery = (queries: Queries, orderId: string) =>
  queries.queryOptions('get', '/api/v2/payment/paymentprovider/user-payment-instruments/{id}', { params: { path: { id: orderId } } });

export const ticketQuery = (queries: Queries, ticketId: string) => queries.queryOptions('get', '/api/subscription/v2/tickets/{id}', { params: { path: { id: ticketId } } });


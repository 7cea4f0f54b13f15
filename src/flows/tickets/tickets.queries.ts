import type { Queries } from '#src/api/queries';

/**
 * The reads "My tickets" and the ticket screens share, so the loaders fill what they read. The
 * orders and an order's payment instrument are in src/api/order-queries.ts (the payment details
 * page reads them too).
 */

export const ticketsQuery = (queries: Queries) => queries.queryOptions('get', '/api/dashboard/v1/tickets');

export const subscriptionQuery = (queries: Queries, subscriptionId: string) =>
  queries.queryOptions('get', '/api/v2/subscription/subscriptions/{id}', { params: { path: { id: subscriptionId } } });

export const ticketQuery = (queries: Queries, ticketId: string) => queries.queryOptions('get', '/api/subscription/v2/tickets/{id}', { params: { path: { id: ticketId } } });


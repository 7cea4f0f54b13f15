import type { Queries } from '#src/api/queries';

/** The customer's payments (SPEC.md 7.4, GET /api/payment/v2/payments): the latest due date first. */
export const paymentsQuery = (queries: Queries) => queries.queryOptions('get', '/api/payment/v2/payments');

/** The payment service's record of the customer (SPEC.md 7.4, GET /api/v2/payment/account/): the customer number. */
export const paymentAccountQuery = (queries: Queries) => queries.queryOptions('get', '/api/v2/payment/account/');

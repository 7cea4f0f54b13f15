import type { operations } from '#openapi/schema.gen';
import type { Queries } from '../queries';

/* The reads of SPEC.md 7.4 (payment), one function each, so every reader shares one cache entry. */

/** The payment instrument of an order (404 when it has none). */
export function paymentInstrumentQuery(queries: Queries, orderId: string) {
  return queries.get('/api/v2/payment/paymentprovider/user-payment-instruments/{id}', { params: { path: { id: orderId } } });
}

/** The customer's payments, the latest due date first. */
export function paymentsQuery(queries: Queries) {
  return queries.get('/api/payment/v2/payments');
}

/** The payment service's record of the customer: the customer number. */
export function paymentAccountQuery(queries: Queries) {
  return queries.get('/api/v2/payment/account/');
}

/** The employer's or university's record of the customer (joti, seti: company, staff or matriculation number). */
export function companyUserInfoQuery(queries: Queries) {
  return queries.get('/api/v2/payment/company-user-info');
}

/** The insurer (transport company) of a zip code, for the billing step. */
export function transportationCompanyQuery(queries: Queries, query: operations['findTransportationCompany']['parameters']['query']) {
  return queries.get('/api/v2/payment/transportation-company', { params: { query } });
}

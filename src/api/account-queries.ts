import type { Queries } from './queries';

/**
 * The signed-in customer's user-info (SPEC.md 7.5: name, email, whether it is verified, product),
 * read by the account data page, the payment flow and every account flow. One definition, so
 * a flow that changes the address (email change, verification) invalidates the one cache entry
 * every screen reads.
 */
export function userInfoQuery(queries: Queries) {
  return queries.queryOptions('get', '/api/v2/auth/connect/user-info');
}

/** The employer's or university's record of the customer (joti, seti: company, staff or matriculation number). */
export function companyUserInfoQuery(queries: Queries) {
  return queries.queryOptions('get', '/api/v2/payment/company-user-info');
}

import type { operations } from '#openapi/schema.gen';
import type { Queries } from '../queries';

/* The reads of SPEC.md 7.5 (authentication and account), one function each, so every reader shares one cache entry. */

/**
 * The signed-in customer's user-info (name, email, whether it is verified, product), read by the
 * account data page, the payment flow and every account flow: a flow that changes the address
 * (email change, verification) updates and invalidates the one entry every screen reads.
 */
export function userInfoQuery(queries: Queries) {
  return queries.get('/api/v2/auth/connect/user-info');
}

/** A company (tenant) by its id: its name and rules. */
export function companyQuery(queries: Queries, companyId: string) {
  return queries.get('/api/v2/auth/tenants/companies/{id}', { params: { path: { id: companyId } } });
}

/** The companies (tenants) of a product, sorted by name: the order's company step finds one by name. */
export function companiesQuery(queries: Queries, product: NonNullable<operations['listCompanies']['parameters']['query']>['product']) {
  return queries.get('/api/v2/auth/tenants/companies', { params: { query: { product } } });
}

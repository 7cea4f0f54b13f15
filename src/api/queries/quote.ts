import type { Queries } from '../queries';

/** SPEC.md 7.2: a company's monthly price for a start month (a customer price of 0 skips the payment). */
export function quoteQuery(queries: Queries, companyId: string, subscriptionStartsOn: string) {
  return queries.get('/api/v1/quotation/quotes/{companyId}', { params: { path: { companyId }, query: { subscriptionStartsOn } } });
}

import type { Queries } from '../queries';

/*
 * SPEC.md 7.1 (orders), the address forms' list: a module of its own, as the billing step, the
 * billing address change and the verification's failed page read it, and the order routes must
 * not load it (tests/build/order-wizard-chunks.test.ts).
 */

/** The countries an address may be in (the address forms' list). */
export function countriesQuery(queries: Queries) {
  return queries.get('/api/v1/order/countries', { params: { query: { enabled: true } } });
}

import type { operations } from '#openapi/schema.gen';
import type { Queries } from '../queries';

/*
 * SPEC.md 7.1 (orders), the order form's lookups: apart from the customer's orders (./orders.ts),
 * which only signed-in pages read, as the order routes load these with their first step.
 */

/** The start dates a product offers, the first one first. */
export function startDatesQuery(queries: Queries, product: NonNullable<operations['getStartDates']['parameters']['query']>['product']) {
  return queries.get('/api/v1/order/startdates', { params: { query: { product } } });
}

/** seti (SPEC.md 5.3): whether the university knows the matriculation number, and whether the names match it. */
export function studentDataCheckQuery(queries: Queries, universityId: string, query: operations['checkStudentData']['parameters']['query']) {
  return queries.get('/api/v3/order/university/{universityId}/check-student-data', { params: { path: { universityId }, query } });
}

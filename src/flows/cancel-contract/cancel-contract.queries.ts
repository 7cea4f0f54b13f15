import type { components } from '#openapi/schema.gen';
import type { Queries } from '#src/api/queries';

export type TerminationPolicy = components['schemas']['TerminationPolicy'];

/**
 * The route's read: the attempt limit the page states before the first try (decision 22). Its
 * answer also gives a browser without a CSRF token its anonymous one, which the flow's POSTs need.
 */
export function terminationPolicyQuery(queries: Queries) {
  return queries.queryOptions('get', '/api/v2/subscription/terminations/policy');
}

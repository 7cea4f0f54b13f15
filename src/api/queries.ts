import type { QueryFunctionContext } from '@tanstack/react-query';
import type { OpenapiQueryClient } from 'openapi-react-query';

import type { paths } from '#openapi/schema.gen';
import type { ApiClient } from './client';
import { dataOf } from './failure';

/**
 * Typed React Query options from the contract: the key is derived from the method, path and
 * parameters, never written by hand. Reads that answer outside 200 to 299 throw an ApiFailure
 * (`dataOf`), so the retry rule (503 only) sees the status.
 *
 * The types and the key shape are openapi-react-query's (`OpenapiQueryClient['queryOptions']`), the code is its
 * `queryOptions` alone: its `createClient` returns every hook too (useQuery, useSuspenseQuery,
 * useInfiniteQuery, useMutation), which put React Query's mutation and infinite observers into the
 * start page's entry although the portal uses only `queryOptions` (issue 14). A unit test holds
 * the key and the fetch to the library's (tests/api/queries.test.ts).
 */
export function createQueries(api: ApiClient): Queries {
  const call = api as unknown as Record<string, (path: string, init?: unknown) => ReturnType<ApiClient['GET']>>;
  const queryFn = async ({ queryKey: [method, path, init], signal }: QueryFunctionContext<readonly [string, string, unknown?]>) => {
    const result = await call[method.toUpperCase()]!(path, { signal, ...(init as object | undefined) });
    const data = dataOf(result);
    // As openapi-react-query: an empty answer is null, not undefined (React Query refuses undefined).
    if (result.response.status === 204 || result.response.headers.get('Content-Length') === '0') return data ?? null;
    return data;
  };
  const queryOptions = (method: string, path: string, init?: unknown, options?: object) => ({
    queryKey: init === undefined ? [method, path] : [method, path, init],
    queryFn,
    ...options,
  });
  return { queryOptions: queryOptions as unknown as Queries['queryOptions'] };
}

export interface Queries {
  queryOptions: OpenapiQueryClient<paths>['queryOptions'];
}

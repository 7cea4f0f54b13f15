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
  // Untyped inside, typed outside: no implementation satisfies the library's conditional types
  // (generic over method, path and init) without a cast; the unit test holds the behaviour instead.
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

/** A path of the contract that answers GET. */
type GetPath = { [Path in keyof paths]: paths[Path] extends { get: object } ? Path : never }[keyof paths];

/**
 * The key every GET query of `path` starts with, whatever its parameters: an invalidation of all
 * of them matches it as a prefix. The area modules (src/api/queries/) name the ones a flow needs.
 */
export function pathKey<Path extends GetPath>(path: Path): readonly ['get', Path] {
  return ['get', path];
}

import createQueryHooks from 'openapi-react-query';

import type { ApiClient } from './client';
import { dataOf } from './failure';

/**
 * Typed React Query options from the contract (openapi-react-query): the key is derived from the
 * method, path and parameters, never written by hand. Reads that answer outside 200 to 299 throw
 * an ApiFailure (`dataOf`), so the retry rule (503 only) sees the status.
 */
export function createQueries(api: ApiClient) {
  const throwing = {
    ...api,
    GET: (async (path: string, init?: unknown) => {
      const result = await (api.GET as (path: string, init?: unknown) => ReturnType<ApiClient['GET']>)(path, init);
      dataOf(result); // throws the ApiFailure outside 2xx; openapi-react-query reads the result itself
      return result;
    }) as ApiClient['GET'],
  };
  return createQueryHooks(throwing);
}

export type Queries = ReturnType<typeof createQueries>;

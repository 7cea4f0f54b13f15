import type { QueryFunctionContext, SkipToken, UseQueryOptions } from '@tanstack/react-query';
import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { MediaType, RequiredKeysOf } from 'openapi-typescript-helpers';

import type { paths } from '#openapi/schema.gen';
import type { ApiClient } from './client';
import { type CallResult, dataOf } from './failure';

/**
 * Typed React Query options from the contract: `queries.get(path, init)` for the GET of a path, the
 * key derived from the method, path and parameters (`['get', path]` or `['get', path, init]`, as
 * openapi-react-query makes it), never written by hand. Reads that answer outside 200 to 299 throw
 * an ApiFailure (`dataOf`), so the retry rule (503 only) sees the status. The area modules
 * (src/api/queries/) name the reads a flow needs.
 *
 * Not openapi-react-query's `createClient`: it returns every hook too (useQuery,
 * useSuspenseQuery, useInfiniteQuery, useMutation), which put React Query's mutation and infinite
 * observers into the start page's entry although the portal only reads (issue 14). A unit test
 * holds the key and the fetch to the library's (tests/api/queries.test.ts).
 */
export function createQueries(api: ApiClient) {
  const untyped: UntypedGet = api;
  const queryFn = async ({ queryKey: [, path, init], signal }: QueryFunctionContext<readonly ['get', string, object?]>) => {
    const result = await untyped.GET(path, { signal, ...init });
    const data = dataOf(result);
    // As openapi-react-query: an empty answer is null, not undefined (React Query refuses undefined).
    if (result.response.status === 204 || result.response.headers.get('Content-Length') === '0') return data ?? null;
    return data;
  };
  // The typed signature as an overload of an untyped implementation: no implementation satisfies
  // the contract's conditional types (generic over path and init) as written.
  function get<Path extends GetPath, Init extends GetInit<Path>>(path: Path, ...init: InitArgument<Init>): GetQueryOptions<Path, Init>;
  function get(path: string, init?: object): unknown {
    return { queryKey: init === undefined ? ['get', path] : ['get', path, init], queryFn };
  }
  return { get };
}

/** The reads of the contract as React Query options (`createQueries`). */
export type Queries = ReturnType<typeof createQueries>;

/**
 * openapi-fetch's GET seen without its path types, for the one query function every read shares
 * (the key carries the path): a method signature, so TypeScript compares its parameters both ways
 * and the typed client fits it as it is.
 */
interface UntypedGet {
  GET(path: string, init?: object): Promise<CallResult<unknown>>;
}

/** What a GET of `Path` takes: its parameters, optional where none is required. */
type GetInit<Path extends GetPath> = MaybeOptionalInit<paths[Path], 'get'>;
type InitArgument<Init> = RequiredKeysOf<Init> extends never ? [Init?] : [Init];
type GetResponse<Path extends GetPath, Init> = Required<FetchResponse<paths[Path]['get'], Init, MediaType>>;
/** The key of a read: `['get', path]`, with its parameters where it has them. */
type GetKey<Path extends GetPath, Init> = Init extends undefined ? readonly ['get', Path] : readonly ['get', Path, Init];
type GetOptions<Path extends GetPath, Init> = UseQueryOptions<
  GetResponse<Path, Init>['data'],
  GetResponse<Path, Init>['error'],
  GetResponse<Path, Init>['data'],
  GetKey<Path, Init>
>;
/** A read's options: its key and its query function (never skipped). */
export type GetQueryOptions<Path extends GetPath, Init> = Omit<GetOptions<Path, Init>, 'queryFn'> & {
  queryFn: Exclude<GetOptions<Path, Init>['queryFn'], SkipToken | undefined>;
};

/** A path of the contract that answers GET. */
type GetPath = { [Path in keyof paths]: paths[Path] extends { get: object } ? Path : never }[keyof paths];

/**
 * The key every GET query of `path` starts with, whatever its parameters: an invalidation of all
 * of them matches it as a prefix. The area modules (src/api/queries/) name the ones a flow needs.
 */
export function pathKey<Path extends GetPath>(path: Path): readonly ['get', Path] {
  return ['get', path];
}

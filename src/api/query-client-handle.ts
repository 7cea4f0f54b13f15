import type { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** React Query once loaded: the portal's client (src/api/query-client.ts) and the provider for `useQueryClient()`. */
export interface LoadedQueryClient {
  client: QueryClient;
  Provider: typeof QueryClientProvider;
}

/**
 * React Query as the router context carries it: a handle that loads React Query and creates the
 * one QueryClient (about 10 KiB gzip) when a page first needs them, not with the start page, which
 * fetches its price without it (issue 14, routes/-shell/start-price.ts). As the session
 * (src/flows/session/session-handle.ts): the root route's beforeLoad awaits `load()` for every path
 * but `/` and puts the client into the context as `queryClient`, so the loaders and flows of every
 * other page read `context.queryClient` as before, and the root wraps the page in the provider.
 */
export interface QueryClientHandle {
  /** Loads React Query once and creates the client; the same client on every call. */
  load(): Promise<LoadedQueryClient>;
  /** React Query, once loaded; `undefined` before. */
  current(): LoadedQueryClient | undefined;
}

export function lazyQueryClient(create: () => Promise<LoadedQueryClient>): QueryClientHandle {
  let loaded: LoadedQueryClient | undefined;
  let loading: Promise<LoadedQueryClient> | undefined;
  return {
    load() {
      loading ??= create().then(
        (created) => (loaded = created),
        (error: unknown) => {
          // A failed download may succeed on the next navigation.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}

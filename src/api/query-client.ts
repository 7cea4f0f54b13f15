import { QueryClient } from '@tanstack/react-query';

import { cacheTimeMs } from './retry';

// For main.tsx, which loads this module when a page first needs React Query (src/api/query-client-handle.ts):
// a dynamic import of '@tanstack/react-query' itself would keep every export of the library in the
// build (its mutation and infinite observers too, 5 KiB gzip more for /order); through this module
// only what the portal uses is kept.
export { QueryClientProvider } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // networkMode 'always': offline a read fails at once, so the page says it could not load (and
      // the frame says why, routes/-shell/offline-notice.tsx) instead of waiting without a word, and
      // a route's loader does not wait for the network to come back (issue 29).
      // No retry here: the API client tries a read answered 503 again (SPEC.md 7.6, src/api/retry.ts).
      queries: { staleTime: cacheTimeMs, gcTime: cacheTimeMs, retry: false, networkMode: 'always' },
      // Writes belong to machines, which own their retries (SPEC.md 7.1: order submit).
      mutations: { retry: false },
    },
  });
}

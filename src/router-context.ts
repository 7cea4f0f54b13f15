import type { QueryClient } from '@tanstack/react-query';

import type { ApiClient } from './api/client';
import type { QueryClientHandle } from './api/query-client-handle';
import type { Queries } from './api/queries';
import type { RuntimeConfig } from './config/runtime-config';
import type { SessionHandle } from './flows/session/session-handle';

/*
 * The router's context types, apart from the router (src/router.tsx): the router imports the route
 * tree, whose routes import the flows, which read this context (src/flows/use-flow.ts). Kept here,
 * a flow's import of it closes no cycle (the `house/no-cycle` lint rule).
 */

export interface RouterContext {
  /** React Query, loaded before every route but the start page renders (routes/__root.tsx). */
  reactQuery: QueryClientHandle;
  api: ApiClient;
  queries: Queries;
  config: RuntimeConfig;
  /** Loaded before every route but the start page renders (routes/__root.tsx). */
  session: SessionHandle;
}

/**
 * The context of every route but the start page: the root route's beforeLoad adds the query client
 * it has loaded (routes/__root.tsx). The start page has none; it reads no query (issue 14).
 */
export interface PageContext extends RouterContext {
  queryClient: QueryClient;
}

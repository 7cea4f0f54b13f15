import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';

import type { ApiClient } from './api/client';
import type { QueryClientHandle } from './api/query-client-handle';
import type { Queries } from './api/queries';
import type { RuntimeConfig } from './config/runtime-config';
import type { SessionHandle } from './flows/session/session-handle';
import { routeTree } from './routeTree.gen';

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

/** The browser's history unless told otherwise (the build's prerender of the start page: src/prerender.tsx). */
export function createPortalRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type PortalRouter = ReturnType<typeof createPortalRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: PortalRouter;
  }
  interface StaticDataRouteOption {
    /** Starts a download the route waits for once the app opens at it (`loadOpeningPage`, src/opening-page.ts); must not throw. */
    loadEarly?: (options: { context: RouterContext; search: Record<string, unknown> }) => void;
  }
}

import type { QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createRouter, type RouterHistory } from '@tanstack/react-router';

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

/**
 * Starts the downloads of the page the app opens at (issue 14): the matched routes' chunks, and
 * what a route declares in `staticData.loadEarly` (the order routes: the wizard's first step). The
 * root route awaits the session machine before its children's `beforeLoad` and loaders run, and the
 * router fetches a route's chunks only then; without this the page's code waited for the session's.
 * The router's own load later takes the same downloads (a failed one it tries again and shows).
 * Not at `/`: the start page's chunks come with index.html.
 */
export function loadOpeningPage(router: PortalRouter, context: RouterContext): void {
  if (router.latestLocation.pathname === '/') return;
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = (router.routesById as unknown as Partial<Record<string, AnyRoute>>)[match.routeId as string];
    if (route) router.loadRouteChunk(route)?.catch(() => undefined);
    match.staticData.loadEarly?.({ context, search: match.search });
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: PortalRouter;
  }
  interface StaticDataRouteOption {
    /** Starts a download the route waits for once the app opens at it (`loadOpeningPage`); must not throw. */
    loadEarly?: (options: { context: RouterContext; search: Record<string, unknown> }) => void;
  }
}

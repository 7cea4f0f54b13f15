import { createRouter, type RouterHistory } from '@tanstack/react-router';

import type { RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';

/** The browser's history unless told otherwise (the build's prerender of the start page: src/start-up/prerender.tsx). */
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
    /** Starts a download the route waits for once the app opens at it (`loadOpeningPage`, src/start-up/opening-page.ts); must not throw. */
    loadEarly?: (options: { context: RouterContext; search: Record<string, unknown> }) => void;
  }
}

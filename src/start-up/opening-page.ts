import type { PortalRouter } from '#src/router';
import type { RouterContext } from '#src/router-context';

/**
 * Starts the downloads of the page the app opens at (issue 14): the matched routes' chunks, and
 * what a route declares in `staticData.loadEarly` (the order routes: the wizard's first step). The
 * root route awaits the session machine before its children's `beforeLoad` and loaders run, and the
 * router fetches a route's chunks only then; without this the page's code waited for the session's.
 * The router's own load later takes the same downloads (a failed one it tries again and shows).
 * Not at `/`: the start page's chunks come with index.html, and this module is not part of its
 * entry (main.tsx imports it at once for any other path, alongside config.json).
 */
export function loadOpeningPage(router: PortalRouter, context: RouterContext): void {
  if (router.latestLocation.pathname === '/') return;
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = routes.find(({ id }) => id === match.routeId);
    if (route) router.loadRouteChunk(route)?.catch(() => undefined);
    match.staticData.loadEarly?.({ context, search: match.search });
  }
}

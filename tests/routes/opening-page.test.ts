import { createMemoryHistory } from '@tanstack/react-router';

import { loadOpeningPage } from '#src/start-up/opening-page';
import { createPortalRouter } from '#src/router';
import type { RouterContext } from '#src/router-context';

/**
 * The page the app opens at starts its routes' downloads before the session is known (issue 14,
 * src/start-up/opening-page.ts): every route of the branch, none at the start page.
 */
function routerAt(path: string) {
  // The context is read only by a route's `loadEarly` (the order routes), which these paths have none of.
  const context = {} as RouterContext;
  const router = createPortalRouter(context, createMemoryHistory({ initialEntries: [path] }));
  const chunks = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(undefined);
  loadOpeningPage(router, context);
  return { router, loaded: chunks.mock.calls.map(([route]) => route.id) };
}

describe('loadOpeningPage', () => {
  it('starts the chunks of every route the opening path matches', () => {
    const { router, loaded } = routerAt('/app/dashboard/tickets');
    expect(loaded).toEqual(router.matchRoutes(router.latestLocation).map((match) => match.routeId));
    expect(loaded).toEqual(['__root__', '/app/_signedIn', '/app/_signedIn/dashboard/tickets']);
  });

  it('starts nothing at the start page, whose chunks come with index.html', () => {
    expect(routerAt('/').loaded).toEqual([]);
  });
});

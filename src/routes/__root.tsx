import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';

import type { LoadedQueryClient } from '../api/query-client-handle';
import { loadCatalogFor } from '../i18n/i18n';
import type { PageContext, RouterContext } from '../router';
import { AriaLocaleProvider } from '../ui/aria-locale-provider';
import { NotFoundPage } from './-shell/not-found-page';
import { PortalLayout } from './-shell/portal-layout';

export const Route = createRootRouteWithContext<RouterContext>()({
  /**
   * Every page but the start page may use the session (flows, the header, the sign-in guard), any
   * text and React Query: the session machine, the catalog (/order the parts its texts are in, every
   * other page the whole: i18n.ts `partsFor`) and the query client are loaded before they render,
   * and the client goes into the context as `queryClient`. It runs on every
   * navigation, so the first other page a customer goes to from `/` loads them (or a link's
   * preload, on hover). The start page paints without them and fetches the session and the
   * catalog once painted (issue 14, -shell/portal-layout.tsx); React Query not at all, its price
   * comes without it (-shell/start-price.ts).
   */
  beforeLoad: async ({ context, location }): Promise<Pick<PageContext, 'queryClient'>> => {
    // Typed as every other route has it; routes/index.tsx and the frame (-shell/portal-layout.tsx)
    // never read it, and tests/routes/query-client-context.test.tsx renders the start page without.
    if (location.pathname === '/') return {} as Pick<PageContext, 'queryClient'>;
    const [reactQuery] = await Promise.all([context.reactQuery.load(), context.session.load(), loadCatalogFor(location.pathname)]);
    return { queryClient: reactQuery.client };
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

/**
 * react-aria follows the Lingui locale (not the browser's) and navigates through the router, so
 * the design system's links are client-side navigations.
 */
function RootComponent() {
  const router = useRouter();
  const { queryClient, reactQuery } = Route.useRouteContext();
  useEffect(
    () =>
      // On every navigation: back to the top, and focus on the new page's heading so a screen
      // reader announces where the customer is (SPEC.md 4.8).
      router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
        if (!fromLocation || !pathChanged || toLocation.hash) return;
        window.scrollTo(0, 0);
        requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-page-heading]')?.focus({ preventScroll: true }));
      }),
    [router],
  );
  return (
    <AriaLocaleProvider>
      <PortalLayout>
        <QueryClientBoundary queryClient={queryClient as PageContext['queryClient'] | undefined} Provider={reactQuery.current()?.Provider}>
          <Outlet />
        </QueryClientBoundary>
      </PortalLayout>
    </AriaLocaleProvider>
  );
}

/**
 * The page inside React Query's provider, where the root's beforeLoad has put a client into the
 * context: every page but the start page. The start page renders without it, so React Query
 * loading (a link's preload) never re-mounts it.
 */
function QueryClientBoundary({ queryClient, Provider, children }: { queryClient: PageContext['queryClient'] | undefined; Provider: LoadedQueryClient['Provider'] | undefined; children: ReactNode }) {
  return queryClient && Provider ? <Provider client={queryClient}>{children}</Provider> : children;
}

import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

import { loadCatalogFor } from '../i18n/i18n';
import type { RouterContext } from '../router';
import { AriaLocaleProvider } from '../ui/aria-locale-provider';
import { NotFoundPage } from './-shell/not-found-page';
import { PortalLayout } from './-shell/portal-layout';

export const Route = createRootRouteWithContext<RouterContext>()({
  /**
   * Every page but the start page may use the session (flows, the header, the sign-in guard) and
   * any text: the session machine and the catalog are loaded before they render (/order waits for
   * the parts its texts are in, every other page for the whole: i18n.ts `partsFor`). The start
   * page paints without them and fetches them once painted (issue 14, -shell/portal-layout.tsx).
   */
  beforeLoad: async ({ context, location }) => {
    if (location.pathname !== '/') await Promise.all([context.session.load(), loadCatalogFor(location.pathname)]);
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
        <Outlet />
      </PortalLayout>
    </AriaLocaleProvider>
  );
}

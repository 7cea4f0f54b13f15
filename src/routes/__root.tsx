import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

import type { RouterContext } from '../router';
import { AriaLocaleProvider } from '../ui/aria-locale-provider';
import { LinkRouterProvider } from '../ui/link';
import { NotFoundPage } from './-shell/not-found-page';
import { PortalLayout } from './-shell/portal-layout';

export const Route = createRootRouteWithContext<RouterContext>()({
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
      <LinkRouterProvider router={router}>
        <PortalLayout>
          <Outlet />
        </PortalLayout>
      </LinkRouterProvider>
    </AriaLocaleProvider>
  );
}

import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';

import type { LoadedQueryClient } from '../api/query-client-handle';
import { loadCatalogFor } from '../i18n/i18n';
import type { PageContext, RouterContext } from '../router-context';
import type { AriaLocaleProvider } from '../ui/aria-locale-provider';
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
    const [reactQuery] = await Promise.all([context.reactQuery.load(), context.session.load(), loadCatalogFor(location.pathname), loadAriaLocaleProvider()]);
    return { queryClient: reactQuery.client };
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

/**
 * react-aria's locale provider (src/ui/aria-locale-provider.tsx), loaded by the root's beforeLoad
 * with every page but the start page, which has no react-aria (decision 23). Not part of the
 * entry: react-aria's locale module checks the browser's language with `Intl` when it loads, the
 * page's first use of `Intl`, which loads the browser's locale data: 50 to 250 ms of the start
 * page's main thread on this project's machines, for nothing it shows (issue 14).
 */
let ariaLocaleProvider: typeof AriaLocaleProvider | undefined;
async function loadAriaLocaleProvider(): Promise<void> {
  ariaLocaleProvider ??= (await import('../ui/aria-locale-provider')).AriaLocaleProvider;
}

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
    <PortalLayout>
      <PageBoundary queryClient={queryClient as PageContext['queryClient'] | undefined} Provider={reactQuery.current()?.Provider}>
        <Outlet />
      </PageBoundary>
    </PortalLayout>
  );
}

/**
 * The page inside React Query's provider and react-aria's locale provider (react-aria follows the
 * Lingui locale, not the browser's), where the root's beforeLoad has put a client into the
 * context: every page but the start page. The start page renders without them, so their code
 * loading (a link's preload) never re-mounts it. The frame (header, footer, session notices)
 * stays outside: it uses no react-aria that speaks or formats (its buttons are react-aria's
 * `Button`, which has no text of its own), and so stays mounted when a page first gets them.
 */
function PageBoundary({
  queryClient,
  Provider,
  children,
}: {
  queryClient: PageContext['queryClient'] | undefined;
  Provider: LoadedQueryClient['Provider'] | undefined;
  children: ReactNode;
}) {
  const AriaLocale = ariaLocaleProvider;
  return queryClient && Provider && AriaLocale ? (
    <Provider client={queryClient}>
      <AriaLocale>{children}</AriaLocale>
    </Provider>
  ) : (
    children
  );
}

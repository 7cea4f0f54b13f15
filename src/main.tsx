import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { createApiClient } from './api/client';
import { createQueries } from './api/queries';
import { lazyQueryClient } from './api/query-client-handle';
import { readExpiresAt } from './auth/expiry';
import { loadRuntimeConfig } from './config/runtime-config';
import { appUpdate } from './flows/app-update/update-handle';
import { lazySession } from './flows/session/session-handle';
import { activateInitialLocale, i18n } from './i18n/i18n';
import { startIntlWarmup } from './start-up/intl-warmup';
import { localeOf } from './i18n/locales';
import { followPrerenderedLanguageSwitch } from './start-up/prerendered-language-switch';
import { createPortalRouter } from './router';
import './ui/global.css';

/** The session machine's code (about 20 KiB gzip), loaded when a page first needs it. */
const loadSessionCode = () =>
  Promise.all([import('./flows/session/session-actor'), import('./auth/cookie-storage'), import('./flows/offline-ticket/ticket-store')]);
/** React Query's client (about 10 KiB gzip), the same way. */
const loadQueryClientCode = () => import('./api/query-client');
/** react-aria's locale provider, which the root route awaits for the same pages. */
const loadAriaLocaleCode = () => import('./ui/aria-locale-provider');

async function start(): Promise<void> {
  // Where the page's guard has not started it (src/start-up/intl-warmup.ts).
  startIntlWarmup();
  const root = createRoot(document.getElementById('root')!);
  // Every page but the start page waits for the session machine, React Query and react-aria's
  // locale provider (routes/__root.tsx): their download need not wait for config.json and the
  // catalog (issue 14). A failure shows when the route loads them.
  const opening = window.location.pathname === '/' ? undefined : import('./start-up/opening-page');
  if (opening) Promise.all([loadSessionCode(), loadQueryClientCode(), loadAriaLocaleCode(), opening]).catch(() => undefined);
  // In development the Stately inspector may be wanted (decision 15): it must exist before the first
  // actor. The production build drops the branch, and the inspector module with it.
  const [configResult] = await Promise.all([
    loadRuntimeConfig(),
    activateInitialLocale(),
    import.meta.env.DEV ? import('./flows/inspector').then(({ startInspection }) => startInspection()) : undefined,
  ]);

  if (!configResult.ok) {
    // Only a broken deployment shows it: its code is not part of every start page's entry.
    const { ConfigErrorPage } = await import('./config/config-error-page');
    root.render(
      <I18nProvider i18n={i18n}>
        <ConfigErrorPage problems={configResult.problems} />
      </I18nProvider>,
    );
    return;
  }

  const config = configResult.config;
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    // "Try again" on the maintenance page leads back to the page whose call was answered 503 (the
    // router's location is the page being loaded, where a loader failed; the page's schema drops a
    // return to itself).
    onMaintenance: () => void router.navigate({ to: '/maintenance', search: { from: router.state.location.href } }),
  });
  // The session machine loads when a page first needs it, not with the start page (issue 14).
  const session = lazySession(
    async () => {
      const [{ createSessionActor }, { cookieStorage, documentCookies }, { clearOfflineTickets }] = await loadSessionCode();
      return createSessionActor({
        config,
        api,
        origin: window.location.origin,
        storage: window.sessionStorage,
        // The clock record every tab must see at once (src/auth/cookie-storage.ts).
        sharedStorage: cookieStorage(documentCookies, { secure: window.location.protocol === 'https:' }),
        readCookies: () => document.cookie,
        locale: () => localeOf(i18n),
        navigateAway: (url) => window.location.assign(url),
        forgetDeviceData: clearOfflineTickets,
      });
    },
    // Without the expiry cookie nobody is signed in: the start page offers Log in without the machine.
    () => readExpiresAt(document.cookie) === undefined,
  );
  api.withSession({
    // Without the expiry cookie there is no session to renew: the start page's public calls do not
    // wait for the session machine.
    ensureFresh: async () => {
      const actor = session.current() ?? (session.knownSignedOut() ? undefined : await session.load());
      await actor?.ensureFresh();
    },
    onUnauthorized: () => session.current()?.sessionEnded(),
  });
  // React Query, the same way: the start page fetches its price without it (issue 14).
  const reactQuery = lazyQueryClient(async () => {
    const { createQueryClient, QueryClientProvider } = await loadQueryClientCode();
    return { client: createQueryClient(), Provider: QueryClientProvider };
  });
  const context = { reactQuery, api, queries: createQueries(api), config, session };
  const router = createPortalRouter(context);
  opening?.then(({ loadOpeningPage }) => loadOpeningPage(router, context)).catch(() => undefined);
  // A prerendered page the guard left showing (src/start-up/prerender-guard.ts: the start page, /order's first
  // step) stays until the app can show that page itself: the first render replaces the markup, so
  // the router loads the page before it (a render while /order waits for its code would be empty).
  const prerendered = document.documentElement.getAttribute('data-prerender') === 'stale' ? null : document.querySelector('[data-prerendered]');
  if (prerendered) {
    // A language chosen on the prerendered page before the app took it over is kept.
    await followPrerenderedLanguageSwitch(prerendered);
    await router.load();
  }

  // As a transition, React renders the first page in slices and lets the browser in between (a
  // 250 ms task at 4x CPU on /order before, which the prerendered page was waiting behind).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    ),
  );
  // The service worker and the update prompt, once the first page is on screen (src/flows/app-update/).
  const stopWaiting = router.subscribe('onRendered', () => {
    stopWaiting();
    appUpdate.start();
  });
}

void start();

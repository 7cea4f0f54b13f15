import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { createApiClient } from './api/client';
import { createQueries } from './api/queries';
import { lazyQueryClient } from './api/query-client-handle';
import { readExpiresAt } from './auth/expiry';
import { loadRuntimeConfig } from './config/runtime-config';
import { ConfigErrorPage } from './config/config-error-page';
import { lazySession } from './flows/session/session-handle';
import { activateInitialLocale, i18n } from './i18n/i18n';
import { createPortalRouter } from './router';
import './ui/global.css';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  // In development the Stately inspector may be wanted (decision 15): it must exist before the first
  // actor. The production build drops the branch, and the inspector module with it.
  const [configResult] = await Promise.all([
    loadRuntimeConfig(),
    activateInitialLocale(),
    import.meta.env.DEV ? import('./flows/inspector').then(({ startInspection }) => startInspection()) : undefined,
  ]);

  if (!configResult.ok) {
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
    onMaintenance: () => void router.navigate({ to: '/maintenance' }),
  });
  // The session machine loads when a page first needs it, not with the start page (issue 14).
  const session = lazySession(async () => {
    const [{ createSessionActor }, { cookieStorage, documentCookies }] = await Promise.all([import('./flows/session/session-actor'), import('./auth/cookie-storage')]);
    return createSessionActor({
      config,
      api,
      origin: window.location.origin,
      storage: window.sessionStorage,
      // The clock record every tab must see at once (src/auth/cookie-storage.ts).
      sharedStorage: cookieStorage(documentCookies, { secure: window.location.protocol === 'https:' }),
      readCookies: () => document.cookie,
      locale: () => i18n.locale,
      navigateAway: (url) => window.location.assign(url),
    });
  });
  api.withSession({
    // Without the expiry cookie there is no session to renew: the start page's public calls do not
    // wait for the session machine.
    ensureFresh: async () => {
      const actor = session.current() ?? (readExpiresAt(document.cookie) === undefined ? undefined : await session.load());
      await actor?.ensureFresh();
    },
    onUnauthorized: () => session.current()?.sessionEnded(),
  });
  // React Query, the same way: the start page fetches its price without it (issue 14).
  const reactQuery = lazyQueryClient(async () => {
    const { createQueryClient, QueryClientProvider } = await import('./api/query-client');
    return { client: createQueryClient(), Provider: QueryClientProvider };
  });
  const router = createPortalRouter({ reactQuery, api, queries: createQueries(api), config, session });

  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();

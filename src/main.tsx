import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { createApiClient } from './api/client';
import { createQueries } from './api/queries';
import { createQueryClient } from './api/query-client';
import { cookieStorage, documentCookies } from './auth/cookie-storage';
import { loadRuntimeConfig } from './config/runtime-config';
import { ConfigErrorPage } from './config/config-error-page';
import { startInspection } from './flows/inspector';
import { createSessionActor } from './flows/session/session-actor';
import { activateInitialLocale, i18n } from './i18n/i18n';
import { createPortalRouter } from './router';
import './ui/global.css';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  // In development the Stately inspector may be wanted (decision 15): it must exist before the first actor.
  const [configResult] = await Promise.all([loadRuntimeConfig(), activateInitialLocale(), import.meta.env.DEV ? startInspection() : undefined]);

  if (!configResult.ok) {
    root.render(
      <I18nProvider i18n={i18n}>
        <ConfigErrorPage problems={configResult.problems} />
      </I18nProvider>,
    );
    return;
  }

  const config = configResult.config;
  const queryClient = createQueryClient();
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    onMaintenance: () => void router.navigate({ to: '/maintenance' }),
  });
  const session = createSessionActor({
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
  api.withSession({ ensureFresh: session.ensureFresh, onUnauthorized: session.sessionEnded });
  const router = createPortalRouter({ queryClient, api, queries: createQueries(api), config, session });

  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();

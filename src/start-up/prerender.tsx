/**
 * The pages rendered at build time (issue 14): `npm run build` builds this module for Node
 * (`vite build --ssr`) and scripts/prerender.ts writes their HTML into the build, so the page's
 * heading, text, header and footer paint before any JavaScript has run:
 * - the start page (`/`, into dist/index.html), signed out, the price still loading;
 * - the public order page (`/order`, into dist/order.html): the wizard's first step of the product
 *   in the shipped config.json, empty, its start months still loading, inert (it cannot be filled
 *   in before the app has taken it over, so nothing typed is lost).
 * Both German (the portal's default; SPEC.md section 1). The app renders over them once its page is
 * ready (main.tsx); the guard (src/start-up/prerender-guard.ts) hides them where they are not the page to
 * show.
 *
 * Never part of the browser's bundle: nothing in src/ imports it.
 */
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';

import { messages as orderMessages } from '../../locales/de-DE/messages.po?part=order';
import { messages as startMessages } from '../../locales/de-DE/messages.po?part=start';
import { createApiClient } from '#src/api/client';
import { createQueries } from '#src/api/queries';
import { createQueryClient, QueryClientProvider } from '#src/api/query-client';
import type { QueryClientHandle } from '#src/api/query-client-handle';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { createSessionActor, type SessionActor } from '#src/flows/session/session-actor';
import { loadedSession, type SessionHandle } from '#src/flows/session/session-handle';
import { createPortalRouter } from '#src/router';

/** The paths prerendered (scripts/prerender.ts names the file each goes into). */
export type PrerenderedPath = '/' | '/order';

/** At `/` no session machine: the visitor is signed out, so the header shows Log in, as in a browser without the expiry cookie. */
const noSession: SessionHandle = {
  load: () => new Promise<SessionActor>(() => {}),
  settled: () => new Promise(() => {}),
  current: () => undefined,
  get: () => {
    throw new Error('no session at build time');
  },
  subscribe: () => () => undefined,
  knownSignedOut: () => true,
};

/** Nor React Query: the start page does not use it (issue 14; routes/__root.tsx loads it for the other pages). */
const noReactQuery: QueryClientHandle = {
  load: () => Promise.reject(new Error('no React Query on the start page')),
  current: () => undefined,
};

/** Storage that forgets: the build has no browser, and the page is a visitor's first. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** The markup of `<div id="root">` for `pathname`, in German, for the given config.json. */
export async function renderPage(pathname: PrerenderedPath, configJson: unknown): Promise<string> {
  const parsed = parseRuntimeConfig(configJson);
  if (!parsed.ok) throw new Error(`config.json: ${parsed.problems.join('; ')}`);
  const config = parsed.config;
  const messages: Messages = pathname === '/' ? startMessages : { ...startMessages, ...orderMessages };
  i18n.loadAndActivate({ locale: 'de-DE', messages });
  // No API at build time: the page says the price (the start months) is loading, as it does until
  // the answer comes (a call that never answers: one that failed could say it cannot be shown).
  const api = createApiClient({
    baseUrl: 'http://build.invalid',
    onMaintenance: () => undefined,
    readCookies: () => '',
    fetch: () => new Promise<Response>(() => {}),
  });
  // /order awaits a session (signed out: there is no cookie) and React Query (routes/__root.tsx).
  const session =
    pathname === '/'
      ? undefined
      : createSessionActor({
          config,
          api,
          origin: 'http://build.invalid',
          storage: memoryStorage(),
          sharedStorage: memoryStorage(),
          readCookies: () => '',
          locale: () => 'de-DE',
          navigateAway: () => undefined,
        });
  const queryClient = pathname === '/' ? undefined : createQueryClient();
  const reactQuery: QueryClientHandle = queryClient
    ? {
        load: () => Promise.resolve({ client: queryClient, Provider: QueryClientProvider }),
        current: () => ({ client: queryClient, Provider: QueryClientProvider }),
      }
    : noReactQuery;
  try {
    const router = createPortalRouter(
      { reactQuery, api, queries: createQueries(api), config, session: session ? loadedSession(session) : noSession },
      createMemoryHistory({ initialEntries: [pathname] }),
    );
    await router.load();
    // `prerender` waits for what is lazily loaded (the header's session buttons) to render it.
    const { prelude } = await prerender(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    const html = await new Response(prelude).text();
    // Without the router's inline scroll script (the CSP allows no inline script, and the app scrolls
    // itself once it runs) and React's image preloads (the images load with the page anyway).
    return html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="preload" as="image"[^>]*>/g, '');
  } finally {
    session?.stop();
    queryClient?.clear();
  }
}

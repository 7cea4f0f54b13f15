/**
 * The start page rendered at build time (issue 14): `npm run build` builds this module for Node
 * (`vite build --ssr`) and scripts/prerender.mjs writes its HTML into dist/index.html, so the
 * start page's heading, text, call to action, header and footer paint before any JavaScript has
 * run. It is the German page (the portal's default; SPEC.md section 1) of the product in the
 * shipped config.json, signed out, the price still loading. The app then renders over it
 * (main.tsx); for another language, product or a signed-in customer it changes what differs.
 *
 * Never part of the browser's bundle: nothing in src/ imports it.
 */
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';

import { messages as startMessages } from '../locales/de-DE/messages.po?part=start';
import { createApiClient } from './api/client';
import { createQueries } from './api/queries';
import type { QueryClientHandle } from './api/query-client-handle';
import { parseRuntimeConfig } from './config/runtime-config';
import type { SessionActor } from './flows/session/session-actor';
import type { SessionHandle } from './flows/session/session-handle';
import { createPortalRouter } from './router';

/** At build time there is no session: the header shows no session buttons, as before the machine loads. */
const noSession: SessionHandle = {
  load: () => new Promise<SessionActor>(() => {}),
  settled: () => new Promise(() => {}),
  current: () => undefined,
  get: () => {
    throw new Error('no session at build time');
  },
  subscribe: () => () => undefined,
};

/** Nor React Query: the start page does not use it (issue 14; routes/__root.tsx loads it for the other pages). */
const noReactQuery: QueryClientHandle = {
  load: () => Promise.reject(new Error('no React Query on the start page')),
  current: () => undefined,
};

/** The markup of `<div id="root">` for `/`, in German, for the given config.json. */
export async function renderStartPage(configJson: unknown): Promise<string> {
  const parsed = parseRuntimeConfig(configJson);
  if (!parsed.ok) throw new Error(`config.json: ${parsed.problems.join('; ')}`);
  const messages: Messages = startMessages;
  i18n.loadAndActivate({ locale: 'de-DE', messages });
  // No API at build time: the page says the price is loading, as it does until the answer comes (a
  // call that never answers: one that failed could say the price cannot be shown before rendering).
  const api = createApiClient({ baseUrl: 'http://build.invalid', onMaintenance: () => undefined, readCookies: () => '', fetch: () => new Promise<Response>(() => {}) });
  const router = createPortalRouter({ reactQuery: noReactQuery, api, queries: createQueries(api), config: parsed.config, session: noSession }, createMemoryHistory({ initialEntries: ['/'] }));
  await router.load();
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  // Without the router's inline scroll script (the CSP allows no inline script, and the app scrolls
  // itself once it runs) and React's image preloads (the images load with the page anyway).
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="preload" as="image"[^>]*>/g, '');
}

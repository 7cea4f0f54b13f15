/// <reference lib="webworker" />
/**
 * The portal's service worker (issue 29; docs/decisions/0025-installable-portal-and-offline-ticket.md).
 *
 * - **Precache**: the app shell as the build left it (index.html, order.html, the hashed scripts and
 *   the stylesheet, the catalogs, the icons and the manifest). `scripts/build-worker.ts` writes
 *   the list into this file after the prerender, so the revisions are those of the files served.
 * - **Client routes offline**: a navigation to a portal path gets the precached shell (`/order…`
 *   gets order.html, every other path index.html). Navigations the portal does not render itself
 *   are never answered from the cache: the API (`/api/`, the sign-in and its callback pages on the
 *   API's side), the sandbox's pages (`/sandbox/`, `/__sandbox/`) and the payment frame.
 * - **config.json**: network first, the last good copy when offline (the app cannot start without
 *   it). No API answer is ever cached here: the ticket kept for offline use lives in IndexedDB,
 *   written by the app for the signed-in customer only (src/flows/offline-ticket/).
 * - **Updates**: a new worker waits until the page tells it to take over (the customer pressed
 *   "Reload" in the update prompt, src/flows/app-update/); it never takes over by itself. The
 *   first one controls the open pages at once, so the first visit already works offline next time.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

import { isShellNavigation, shellFor } from './navigation';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const shells = { index: createHandlerBoundToURL('/index.html'), order: createHandlerBoundToURL('/order.html') };
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isShellNavigation(url, self.location.origin),
  (options) => shells[shellFor(options.url.pathname)](options),
);

const configCache = 'portal-config';
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: configCache, networkTimeoutSeconds: 4 }),
);
// The first page was loaded before this worker existed, config.json with it: keep a copy now, so
// the next start works offline.
self.addEventListener('install', (event) => event.waitUntil(caches.open(configCache).then((cache) => cache.add('/config.json'))));
// The first version takes the open pages at once (nothing older controls them); a later version
// only when the customer said so (message below), and then every open page of the portal.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

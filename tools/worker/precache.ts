/**
 * What the service worker precaches (src/worker/sw.ts): the one list that the build
 * (scripts/build-worker.ts) and the byte budget (tests/build/precache-budget.test.ts) both read.
 */
import type { GetManifestOptions } from 'workbox-build';

export const precacheGlobs = {
  globPatterns: ['index.html', 'order.html', 'assets/**/*.{js,css}', 'manifest.webmanifest', 'icons/*.png', 'logo.svg', 'logos/*.svg'],
  // Source maps are for developer tools; config.json is fetched network-first (sw.ts), never precached.
  globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'config.json', 'sw.js'],
  // Files under assets/ carry their content's hash in their name: no revision needed.
  dontCacheBustURLsMatching: /^assets\//,
} satisfies Omit<GetManifestOptions, 'globDirectory'>;

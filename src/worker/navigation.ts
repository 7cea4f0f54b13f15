/**
 * Which navigations the service worker answers with the precached app shell (./sw.ts), as pure
 * rules so they are unit-tested (tests/worker/navigation.test.ts).
 */

/** Paths the portal does not render itself: the API with its sign-in pages, the sandbox's pages and hooks. */
const neverFromShell = [/^\/api(\/|$)/, /^\/sandbox(\/|$)/, /^\/__sandbox(\/|$)/];

/** A navigation to one of the portal's own pages (not a file, not the API, not the sandbox). */
export function isShellNavigation(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (neverFromShell.some((pattern) => pattern.test(url.pathname))) return false;
  // A file (config.json, a logo, a PDF) is fetched as itself, never replaced by a page.
  return !/\.[a-z0-9]+$/i.test(url.pathname);
}

/** The shell of a path: /order has its own prerendered page (order.html), every other path index.html, as the servers answer (sandbox/dist-server.ts). */
export function shellFor(pathname: string): 'index' | 'order' {
  return pathname === '/order' ? 'order' : 'index';
}

/**
 * Which files of a build make a page (issue 14), read from its index.html and Vite's manifest: the
 * entry script with its modulepreloads, the static imports of the route's own chunks (automatic code
 * splitting gives a route several: component, loader…), of what the root route and the route's
 * loader wait for (/order: the session machine, React Query, the first step), and the default
 * (de-DE) catalog's parts the page waits for (src/i18n/i18n.ts `partsFor`). The build's prerender
 * (scripts/prerender.ts) preloads them, `npm run bench` and the byte budgets count them
 * (scripts/bench/bytes.ts, tests/build/bundle-budget.test.ts).
 */
export interface ManifestChunk {
  file: string;
  /** The module a shared chunk is named after. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The scripts and stylesheets index.html loads: its entry, its modulepreloads, its CSS. */
export function entryFilesOf(html: string): { js: string[]; css: string[] } {
  const files = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))];
  return { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) };
}

/** A chunk's key and its static imports, transitively (the manifest's `imports`, not `dynamicImports`). */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/** The files of a route's split chunks and their static imports; `route` is a path under src/routes/. */
export function routeFiles(manifest: Manifest, route: string): string[] {
  const keys = Object.keys(manifest).filter(
    (key) => (key === `src/routes/${route}` || key.startsWith(`src/routes/${route}?`)) && manifest[key]!.isDynamicEntry,
  );
  const closure = new Set<string>();
  for (const key of keys) staticClosure(manifest, key, closure);
  return [...closure].map((key) => manifest[key]!.file);
}

/** Which of the catalog's parts a page waits for: `start`, `start` and `order`, or every part. */
export type CatalogParts = 'start' | 'order' | 'all';

/**
 * The default language's catalog chunks a page waits for: of locales/de-DE/messages.po, the whole
 * catalog (a build without parts), or its `start` part (with `catalog: 'order'` and its `order`
 * part), and with `catalog: 'all'` every part.
 */
export function defaultCatalogFiles(manifest: Manifest, catalog: CatalogParts = 'all'): string[] {
  const parts = { start: 'start', order: 'start|order', all: '\\w+' }[catalog];
  const wanted = new RegExp(`(^|/)locales/de-DE/messages\\.po(\\?part=(${parts}))?$`);
  return Object.entries(manifest)
    .filter(([key, chunk]) => wanted.test(chunk.src ?? key))
    .map(([, chunk]) => chunk.file);
}

/** What makes a page: its route files under src/routes/, what its loader awaits, its catalog parts. */
export interface PageShape {
  routes: readonly string[];
  /** Manifest keys containing one of these (a chunk the route's loader waits for). */
  awaits?: readonly string[];
  catalog?: CatalogParts;
}

/** The JS files of a page's first load: entry + preloads, the routes' chunks, what the loader awaits, the catalog. */
export function initialFilesOf(html: string, manifest: Manifest, page: PageShape): string[] {
  const files = new Set(entryFilesOf(html).js);
  for (const route of page.routes) for (const file of routeFiles(manifest, route)) files.add(file);
  for (const part of page.awaits ?? []) {
    for (const key of Object.keys(manifest).filter((k) => k.includes(part))) for (const dep of staticClosure(manifest, key)) files.add(manifest[dep]!.file);
  }
  for (const file of defaultCatalogFiles(manifest, page.catalog)) files.add(file);
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * What the root route's beforeLoad awaits for every page but the start page (src/routes/__root.tsx):
 * the session machine's code, React Query's client and react-aria's locale provider, loaded
 * lazily but waited for all the same.
 */
const rootAwaits = ['src/flows/session/session-actor', 'src/auth/cookie-storage', 'src/api/query-client', 'src/ui/aria-locale-provider'];

/** The file name the build gives the Intl warm-up worker (src/start-up/intl-warmup.ts) in assets/. */
export const intlWarmupWorkerFile = /^intl-warmup\.worker-[\w-]+\.js$/;

/** The portal's pages and the route files that make them (paths under src/routes/). */
export const pages: Record<'start' | 'order' | 'dashboard', PageShape & { path: string }> = {
  start: { path: '/', routes: ['index.tsx'], catalog: 'start' },
  // deuti's first step, which the route's loader awaits (src/flows/order-wizard/step-screens.ts).
  order: { path: '/order', routes: ['order.tsx'], awaits: [...rootAwaits, 'start-traveler-step'], catalog: 'order' },
  // With the header's signed-in buttons, which the frame of every signed-in page shows at once (a
  // placeholder holds their space until their code has come).
  dashboard: {
    path: '/app/dashboard',
    routes: ['app/_signedIn.tsx', 'app/_signedIn/dashboard/index.tsx'],
    awaits: [...rootAwaits, 'src/routes/-shell/session-buttons'],
    catalog: 'all',
  },
};

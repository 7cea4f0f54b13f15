// Writes the prerendered pages into the build (issue 14; src/start-up/prerender.tsx): the start page into
// dist/index.html, the order page's first step into dist/order.html, and the dashboard's scripts'
// preloads into dist/app/dashboard.html (no markup). Runs after `vite build` and
// `vite build --ssr src/start-up/prerender.tsx --outDir node_modules/.prerender` (package.json `build`).
// Usage: tsx scripts/prerender.ts [dist folder, default dist].
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { intlWarmupAttribute, prerenderedPathAttribute, prerenderGuard } from '../src/start-up/prerender-guard';
import type { PrerenderedPath } from '../src/start-up/prerender';
import { catalogPartProblems } from './catalog-parts-check';
import { entryFilesOf, initialFilesOf, intlWarmupWorkerFile, type Manifest, pages } from './page-files';
import { precompressFile } from '../tools/vite/precompress';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const server = path.join(root, 'node_modules/.prerender/prerender.js');
if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\``);

const { renderPage } = (await import(pathToFileURL(server).href)) as { renderPage: (pathname: PrerenderedPath, config: unknown) => Promise<string> };
const indexFile = path.join(dist, 'index.html');
const template = readFileSync(indexFile, 'utf8');
const empty = '<div id="root"></div>';
if (!template.includes(empty)) throw new Error(`${indexFile} has no empty <div id="root"> (prerendered twice?)`);
if (!template.includes('<title>')) throw new Error(`${indexFile} has no <title>`);
if (!template.includes('<html lang="de-DE">')) throw new Error(`${indexFile} has no <html lang="de-DE">`);
const entryCss = /\n?\s*<link rel="stylesheet"[^>]*>/.exec(template);
if (!entryCss) throw new Error(`${indexFile} has no stylesheet link`);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const config = JSON.parse(readFileSync(path.join(dist, 'config.json'), 'utf8')) as unknown;
// The app's one stylesheet (vite.config.ts, cssCodeSplit) is the template's, so a prerendered page
// paints styled. A chunk with a stylesheet of its own would paint unstyled first (before, the styled
// heading that followed was Lighthouse's LCP, half a second later): the build fails instead.
const chunkCss = Object.values(manifest).flatMap((chunk) => chunk.css ?? []);
if (chunkCss.length > 0 || template.split('rel="stylesheet"').length !== 2)
  throw new Error(`the app should have one stylesheet, linked by ${indexFile}; its chunks bring ${chunkCss.join(', ') || 'none'}`);

// Every text the start page and /order show is in the catalog parts they load (scripts/catalog-parts-check.ts).
const partProblems = ['de-DE', 'en-US'].flatMap((locale) =>
  catalogPartProblems({ manifest, indexHtml: template, read: (file) => readFileSync(path.join(dist, file), 'utf8') }, locale),
);
if (partProblems.length > 0) throw new Error(`the catalog parts do not fit the pages:\n  ${partProblems.join('\n  ')}`);

// The Intl warm-up worker (src/start-up/intl-warmup.ts), which the guard starts from the file <html> names.
const intlWarmupWorkers = readdirSync(path.join(dist, 'assets')).filter((name) => intlWarmupWorkerFile.test(name));
if (intlWarmupWorkers.length !== 1)
  throw new Error(`the build should have one Intl warm-up worker in assets/, it has ${intlWarmupWorkers.join(', ') || 'none'}`);
const intlWarmupWorker = `/assets/${intlWarmupWorkers[0]}`;

/** The style attribute of react-aria's VisuallyHidden. */
const visuallyHiddenStyle =
  'border:0;clip:rect(0 0 0 0);clip-path:inset(50%);height:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;width:1px;white-space:nowrap';

/**
 * A page's file, what it is made of (scripts/page-files.ts), and for
 * /order that its form is inert until the app has taken it over (a choice made in the prerendered
 * form would be lost). Its header and footer links work as links. The dashboard gets no markup (it
 * is a customer's own page, drawn from their data), only its scripts' preloads: without them its
 * chunks came in five waves, each waiting for the one before (Lighthouse: 2.8 s to the first paint).
 */
const prerendered: {
  path: PrerenderedPath | '/app/dashboard';
  file: string;
  page: (typeof pages)[keyof typeof pages];
  markup: 'page' | 'inert form' | 'none';
}[] = [
  { path: '/', file: 'index.html', page: pages.start, markup: 'page' },
  { path: '/order', file: 'order.html', page: pages.order, markup: 'inert form' },
  { path: '/app/dashboard', file: 'app/dashboard.html', page: pages.dashboard, markup: 'none' },
];

for (const { path: pathname, file, page, markup: kind } of prerendered) {
  let markup = kind === 'none' ? '' : await renderPage(pathname as PrerenderedPath, config);
  // React falls back to rendering in the browser where a component failed on the server: the page
  // would not be there before the script, so the build fails instead.
  if (markup.includes('<template data-msg=')) throw new Error(`${pathname}: a component failed to render at build time: ${markup}`);
  // The CSP refuses style attributes in markup: react-aria's visually hidden inputs get a marker
  // the stylesheet gives the same style (src/ui/global.css.ts); any other style attribute fails.
  markup = markup.replaceAll(` style="${visuallyHiddenStyle}"`, ' data-visually-hidden');
  if (/\sstyle=/.test(markup)) throw new Error(`${pathname}: the markup has a style attribute the CSP would refuse`);
  if (kind === 'inert form') {
    if (markup.split('<main ').length !== 2) throw new Error(`${pathname}: the markup has not exactly one <main>`);
    markup = markup.replace('<main ', '<main inert ');
  }
  const routeChunk = Object.keys(manifest).some((key) => page.routes.some((route) => key === `src/routes/${route}` || key.startsWith(`src/routes/${route}?`)));
  if (!routeChunk) throw new Error(`${pathname}: the manifest has no chunk of its route`);
  // Beyond the start page (whose code is the entry's), the scripts the page waits for start
  // downloading with the HTML, not once the entry has run and config.json has come; at low
  // priority, so the stylesheet the page waits for comes first.
  const entryJs = new Set(entryFilesOf(template).js);
  const scripts = pathname === '/' ? [] : initialFilesOf(template, manifest, page).filter((js) => !entryJs.has(js));
  const links = scripts.map((js) => `\n    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${js}">`);
  // The markup in a wrapper the stylesheet hides where it is not the page to show, and the guard that
  // decides so before the body is parsed (src/start-up/prerender-guard.ts), ahead of the stylesheet, which
  // would hold an inline script after it until it has loaded.
  const pathAttribute = kind === 'none' ? '' : ` ${prerenderedPathAttribute}="${pathname}"`;
  const html = template
    .replace('<html lang="de-DE">', `<html lang="de-DE"${pathAttribute} ${intlWarmupAttribute}="${intlWarmupWorker}">`)
    .replace(entryCss[0], entryCss[0] + links.join(''))
    .replace('<title>', `<script>${prerenderGuard}</script>\n    <title>`)
    .replace(empty, kind === 'none' ? empty : `<div id="root"><div data-prerendered>${markup}</div></div>`);
  const target = path.join(dist, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
  // The build compressed index.html before this step (tools/vite/precompress.ts): compress it again.
  await precompressFile(target);
  console.log(`prerendered ${pathname} into ${path.relative(root, target)} (${markup.length} characters, ${scripts.length} preloads)`);
}

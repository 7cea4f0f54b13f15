// Writes the start page's markup into the built index.html (issue 14; src/prerender.tsx). Runs
// after `vite build` and `vite build --ssr src/prerender.tsx --outDir node_modules/.prerender`
// (package.json `build`). Usage: tsx scripts/prerender.ts [dist folder, default dist].
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { prerenderGuard } from '../src/prerender-guard';
import { type Manifest, staticClosure } from './bench/bytes';
import { precompressFile } from '../tools/vite/precompress';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const server = path.join(root, 'node_modules/.prerender/prerender.js');
if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\``);

const { renderStartPage } = (await import(pathToFileURL(server).href)) as { renderStartPage: (config: unknown) => Promise<string> };
const indexFile = path.join(dist, 'index.html');
const html = readFileSync(indexFile, 'utf8');
const empty = '<div id="root"></div>';
if (!html.includes(empty)) throw new Error(`${indexFile} has no empty <div id="root"> (prerendered twice?)`);
const markup = await renderStartPage(JSON.parse(readFileSync(path.join(dist, 'config.json'), 'utf8')));
// The markup in a wrapper the stylesheet hides where it is not the page to show, and the guard that
// decides so before the body is parsed (src/prerender-guard.ts), ahead of the stylesheet, which
// would hold an inline script after it until it has loaded.
if (!html.includes('<title>')) throw new Error(`${indexFile} has no <title>`);
// The stylesheets of the start page's own chunks (its hero, its price) come with the page, not
// with its script: without them the first paint showed the heading unstyled, and the styled one
// that followed was Lighthouse's LCP, half a second later. Vite's preload skips a stylesheet the
// page already links, so the route does not load them twice.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const startKeys = Object.keys(manifest).filter((key) => key === 'src/routes/index.tsx' || key.startsWith('src/routes/index.tsx?'));
if (startKeys.length === 0) throw new Error('the manifest has no chunk of src/routes/index.tsx');
const closure = new Set<string>();
for (const key of startKeys) staticClosure(manifest, key, closure);
const startCss = [...new Set([...closure].flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !html.includes(`href="/${file}"`));
const entryCss = /\n?\s*<link rel="stylesheet"[^>]*>/.exec(html);
if (!entryCss) throw new Error(`${indexFile} has no stylesheet link`);
const withCss = html.replace(entryCss[0], entryCss[0] + startCss.map((file) => `\n    <link rel="stylesheet" crossorigin href="/${file}">`).join(''));
writeFileSync(
  indexFile,
  withCss.replace('<title>', `<script>${prerenderGuard}</script>\n    <title>`).replace(empty, `<div id="root"><div data-prerendered>${markup}</div></div>`),
);
// The build compressed index.html before this step (tools/vite/precompress.ts): compress it again.
await precompressFile(indexFile);
console.log(`prerendered the start page into ${path.relative(root, indexFile)} (${markup.length} characters)`);

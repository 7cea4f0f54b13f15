// Writes the start page's markup into the built index.html (issue 14; src/prerender.tsx). Runs
// after `vite build` and `vite build --ssr src/prerender.tsx --outDir node_modules/.prerender`
// (package.json `build`). Usage: node scripts/prerender.mjs [dist folder, default dist].
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const server = path.join(root, 'node_modules/.prerender/prerender.js');
if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\``);

const { renderStartPage } = await import(pathToFileURL(server).href);
const indexFile = path.join(dist, 'index.html');
const html = readFileSync(indexFile, 'utf8');
const empty = '<div id="root"></div>';
if (!html.includes(empty)) throw new Error(`${indexFile} has no empty <div id="root"> (prerendered twice?)`);
const markup = await renderStartPage(JSON.parse(readFileSync(path.join(dist, 'config.json'), 'utf8')));
const page = html.replace(empty, `<div id="root">${markup}</div>`);
writeFileSync(indexFile, page);
// The build made compressed copies of index.html before this step (tools/vite/precompress.ts): make them again.
if (existsSync(`${indexFile}.br`)) writeFileSync(`${indexFile}.br`, brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
if (existsSync(`${indexFile}.gz`)) writeFileSync(`${indexFile}.gz`, gzipSync(page, { level: 9 }));
console.log(`prerendered the start page into ${path.relative(root, indexFile)} (${markup.length} characters)`);

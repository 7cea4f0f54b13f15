// Measures what a customer downloads: the initial JavaScript (gzip) of each entry page of the
// production build, following the module preloads and static imports of the HTML's entry.
// `npm run bench` builds first, then measures.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
if (!existsSync(path.join(dist, 'index.html'))) throw new Error('No dist/: run `npm run bench`, which builds first.');

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifestPath = path.join(dist, '.vite/manifest.json');
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : undefined;

function gzipKiB(file) {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
}

/** The files the browser loads before the first paint: entry script, its preloads and CSS. */
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);

/** Static imports reachable from a chunk (the manifest's `imports`, not `dynamicImports`). */
function staticClosure(key, seen = new Set()) {
  if (!manifest || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

function routeChunk(route) {
  if (!manifest) return [];
  // With automatic code splitting a route has several chunks (component, loader…): take them all.
  const keys = Object.keys(manifest).filter((k) => k.startsWith(`src/routes/${route}`) && manifest[k].isDynamicEntry);
  const closure = new Set();
  for (const key of keys) staticClosure(key, closure);
  return [...closure].map((k) => manifest[k].file);
}

const initial = new Set(entryFiles.filter((f) => f.endsWith('.js')));
const css = entryFiles.filter((f) => f.endsWith('.css'));
const rows = [];
const sum = (files) => [...files].reduce((total, file) => total + gzipKiB(file), 0);

rows.push(['entry JS (every page)', sum(initial)]);
rows.push(['entry CSS', sum(css)]);
const catalog = manifest ? Object.values(manifest).find((c) => c.src?.includes('locales/de-DE/messages.po')) : undefined;
const catalogKiB = catalog ? gzipKiB(catalog.file) : 0;
rows.push(['de-DE catalog', catalogKiB]);
// index.html may preload the catalog already (vite.config.ts): then it is part of the entry's sum.
const catalogExtra = catalog && !initial.has(catalog.file) ? catalogKiB : 0;
for (const [label, route] of [
  ['start page /', ['index.tsx']],
  ['order page /order', ['order.tsx']],
  ['dashboard /app/dashboard', ['app/_signedIn.tsx', 'app/_signedIn/dashboard/index.tsx']],
]) {
  const extra = [...new Set(route.flatMap(routeChunk))].filter((f) => !initial.has(f));
  rows.push([`${label}: initial JS (entry + catalog + route)`, sum(initial) + catalogExtra + sum(extra)]);
}

console.log('\nInitial JavaScript, gzip level 9 (KiB):');
for (const [label, kib] of rows) console.log(`  ${label.padEnd(52)} ${kib.toFixed(1).padStart(7)}`);

// Lighthouse, mobile preset (its default), performance only, median of 3 runs against `vite preview`.
// Needs Chromium (CHROME_PATH, else /usr/bin/chromium). `--no-lighthouse` skips it.
if (!process.argv.includes('--no-lighthouse')) {
  const { spawn } = await import('node:child_process');
  const chrome = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const port = 4391;
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    const flags = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync --disable-quic';
    for (const [label, page] of [['start page /', '/']]) {
      const runs = [];
      for (let i = 0; i < 3; i += 1) {
        const out = execSync(
          `npx lighthouse http://127.0.0.1:${port}${page} --quiet --output=json --only-categories=performance --chrome-flags="${flags}"`,
          { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
        );
        const report = JSON.parse(out.toString());
        runs.push({ score: Math.round(report.categories.performance.score * 100), lcp: report.audits['largest-contentful-paint'].numericValue });
      }
      runs.sort((a, b) => a.score - b.score);
      const median = runs[1];
      console.log(`\nLighthouse mobile, ${label}: performance ${median.score} (runs ${runs.map((r) => r.score).join(', ')}), LCP ${(median.lcp / 1000).toFixed(1)} s`);
    }
  } finally {
    process.kill(-server.pid);
  }
}

async function waitFor(url) {
  for (let i = 0; i < 60; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

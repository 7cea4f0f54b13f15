// The service worker (src/worker/sw.ts, issue 29), built last: after `vite build` and the prerender,
// so the precache list names the files as they are served (the prerender rewrites index.html and
// writes order.html). Bundles the worker with esbuild, lets Workbox write the precache list into
// it (dist/sw.js), and compresses it like the rest of the build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

import { precacheGlobs } from '../tools/worker/precache';
import { precompressFile } from '../tools/vite/precompress';

const dist = path.resolve('dist');
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-sw-'));
try {
  const swSrc = path.join(scratch, 'sw.js');
  await build({ entryPoints: ['src/worker/sw.ts'], bundle: true, format: 'iife', target: 'es2022', minify: true, outfile: swSrc, logLevel: 'warning' });
  const swDest = path.join(dist, 'sw.js');
  const { count, size, warnings } = await injectManifest({ swSrc, swDest, globDirectory: dist, ...precacheGlobs });
  if (warnings.length > 0) throw new Error(`Workbox: ${warnings.join('; ')}`);
  await precompressFile(swDest);
  console.log(`service worker: dist/sw.js precaches ${count} files, ${(size / 1024).toFixed(1)} KiB before compression`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

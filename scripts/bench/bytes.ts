/**
 * What a page makes the browser download before it can run: the initial JavaScript of a build,
 * gzip level 9 (npm run bench, the byte budgets). Which files make a page is scripts/page-files.ts;
 * what a route loads lazily once it has rendered (a later step, a lookup) is not in it: the browser
 * measure of scripts/bench/browser.ts counts what was really fetched.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { getManifest } from 'workbox-build';

import { precacheGlobs } from '../../tools/worker/precache';
import { entryFilesOf, initialFilesOf, type Manifest, type PageShape } from '../page-files';

export function gzipBytes(dist: string, file: string): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** The biggest JS file of the build that the entry does not load (a lazily loaded chunk), gzip. */
export function biggestLazyFile(dist: string, html: string, manifest: Manifest | undefined): { file: string; name: string; bytes: number } | undefined {
  const initial = new Set(entryFilesOf(html).js);
  const sourceOf = new Map(Object.entries(manifest ?? {}).map(([key, chunk]) => [chunk.file, chunk.src ?? key]));
  let biggest: { file: string; name: string; bytes: number } | undefined;
  for (const name of readdirSync(path.join(dist, 'assets'))) {
    const file = `assets/${name}`;
    if (!name.endsWith('.js') || initial.has(file)) continue;
    const bytes = gzipBytes(dist, file);
    if (!biggest || bytes > biggest.bytes) biggest = { file, name: sourceOf.get(file) ?? file, bytes };
  }
  return biggest;
}

export interface BuildRead {
  dist: string;
  html: string;
  manifest: Manifest | undefined;
}

export function readBuild(dist: string): BuildRead {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: build first`);
  const manifestPath = path.join(dist, '.vite/manifest.json');
  return {
    dist,
    html: readFileSync(path.join(dist, 'index.html'), 'utf8'),
    manifest: existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : undefined,
  };
}

/** Initial JS of a page in KiB (gzip 9). */
export function initialKiB(build: BuildRead, page: PageShape): number {
  const files = build.manifest ? initialFilesOf(build.html, build.manifest, page) : entryFilesOf(build.html).js;
  return files.reduce((sum, file) => sum + gzipBytes(build.dist, file), 0) / 1024;
}

/** What the service worker precaches (tools/worker/precache.ts), gzip: the first visit's download after the page has loaded. */
export async function precacheKiB(dist: string): Promise<{ kib: number; files: number }> {
  const { manifestEntries = [] } = await getManifest({ globDirectory: dist, ...precacheGlobs });
  const bytes = manifestEntries.reduce((sum, entry) => sum + gzipSync(readFileSync(path.join(dist, entry.url))).length, 0);
  return { kib: bytes / 1024, files: manifestEntries.length };
}

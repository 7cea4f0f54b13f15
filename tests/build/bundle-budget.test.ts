// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The byte budgets of issue 14 (README.md "Performance budgets"): bytes, never times. A feature
 * that makes a page's initial JavaScript or a lazily loaded file grow past its budget fails here,
 * and has to pay for itself first. Measured as the bench measures (gzip level 9; scripts/bench):
 * a page's initial JavaScript is what index.html loads (entry and modulepreloads) plus the static
 * closure of the route's own chunks and of what its loader waits for.
 * `npm test` builds first; `BUNDLE_DIR` checks another build folder.
 */
const budgetsKiB = {
  /** Issue 14's target is 120: the start page is at 129.4 KiB after it (README.md says what is left). */
  startPage: 131,
  /** Issue 14's target is 165: /order with its first step is at 240.4 KiB (the select and form chunks; README.md). */
  order: 242,
  dashboard: 158,
  lazyFile: 45,
};

const dist = process.env.BUNDLE_DIR ?? path.resolve(import.meta.dirname, '../../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

describe.runIf(existsSync(manifestFile))('byte budgets', () => {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const kib = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);

  /** The files a page loads: index.html's, and the chunks of the given manifest keys with their static imports. */
  function pageFiles(keys: string[]): Set<string> {
    const files = new Set(initial);
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    keys.forEach((key) => {
      expect(manifest[key], key).toBeDefined();
      visit(key);
    });
    return files;
  }
  const total = (files: Set<string>) => [...files].reduce((sum, file) => sum + kib(file), 0);
  const routeKeys = (...routes: string[]) => Object.keys(manifest).filter((key) => routes.some((route) => key.startsWith(`src/routes/${route}?tsr-split=`)));

  it(`start page: at most ${budgetsKiB.startPage} KiB of JavaScript before it shows`, () => {
    expect(total(pageFiles(routeKeys('index.tsx')))).toBeLessThanOrEqual(budgetsKiB.startPage);
  });

  it(`/order: at most ${budgetsKiB.order} KiB, with the first step the page waits for`, () => {
    // Deuti's first step (src/flows/order-wizard/step-screens.ts); the route's loader awaits it.
    const firstStep = Object.keys(manifest).filter((key) => key.includes('start-traveler-step'));
    expect(firstStep.length).toBeGreaterThan(0);
    expect(total(pageFiles([...routeKeys('order.tsx'), ...firstStep]))).toBeLessThanOrEqual(budgetsKiB.order);
  });

  it(`the dashboard: at most ${budgetsKiB.dashboard} KiB`, () => {
    expect(total(pageFiles(routeKeys('app/_signedIn.tsx', 'app/_signedIn/dashboard/index.tsx')))).toBeLessThanOrEqual(budgetsKiB.dashboard);
  });

  it(`no lazily loaded file is over ${budgetsKiB.lazyFile} KiB`, () => {
    const lazy = Object.values(manifest)
      .filter((chunk) => chunk.file.endsWith('.js') && !initial.includes(chunk.file))
      .map((chunk) => ({ file: chunk.file, kib: Math.round(kib(chunk.file) * 10) / 10 }));
    expect(lazy.length).toBeGreaterThan(50);
    expect(lazy.filter((chunk) => chunk.kib > budgetsKiB.lazyFile)).toEqual([]);
  });
});

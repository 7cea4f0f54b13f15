// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { getManifest } from 'workbox-build';

import { precacheGlobs } from '#tools/worker/precache';

/**
 * What the service worker downloads on a customer's first visit (issue 29): every file it
 * precaches, gzip, has a budget. The figure of each run is in docs/generated/bench.md
 * (`npm run bench`); this test only holds the line. Runs on the build `npm test` made first.
 */
const dist = path.resolve('dist');
// About 445 KiB with issue 29; issue 30 added the employer search (react-aria's ComboBox, 7.4 KiB),
// the data download, the staff number change and the withdrawal within 14 days: 482.7 KiB.
const budgetKiB = 490;

describe.runIf(existsSync(path.join(dist, 'sw.js')))('the service worker’s precache', () => {
  it(`is at most ${budgetKiB} KiB gzip, and holds the shell, both pages and the manifest but no source map, no config.json and no API`, async () => {
    const { manifestEntries } = await getManifest({ globDirectory: dist, ...precacheGlobs });
    const urls = manifestEntries!.map((entry) => entry.url);
    expect(urls).toEqual(expect.arrayContaining(['index.html', 'order.html', 'manifest.webmanifest', 'icons/pwa-192x192.png']));
    expect(urls.filter((url) => /\.map$|config\.json|^api\/|\.br$|\.gz$/.test(url))).toEqual([]);
    const gzipBytes = urls.reduce((sum, url) => sum + gzipSync(readFileSync(path.join(dist, url))).length, 0);
    expect(gzipBytes / 1024).toBeLessThanOrEqual(budgetKiB);
  });

  it('is what dist/sw.js carries (the build wrote it after the prerender)', async () => {
    const { manifestEntries } = await getManifest({ globDirectory: dist, ...precacheGlobs });
    const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    for (const entry of manifestEntries!) expect(worker).toContain(JSON.stringify(entry.url));
    const index = manifestEntries!.find((entry) => entry.url === 'index.html');
    // The prerendered index.html's revision: the file as served, not as Vite first wrote it.
    expect(worker).toContain(index!.revision!);
  });
});

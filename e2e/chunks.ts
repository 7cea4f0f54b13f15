import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import type { Manifest } from '../scripts/page-files';

/**
 * The path of a built JavaScript chunk, found in the manifest of the build under test (`E2E_DIST`,
 * else dist/): by its source module (`src/flows/...`) or, for a chunk shared by several, by the
 * name of the module it is named after. The build names lazily loaded chunks by their hash alone
 * (vite.config.ts), so a test that holds one back asks the manifest which file it is.
 */
export function chunkPath(sourceOrName: string): string {
  const manifest = JSON.parse(readFileSync(path.join(process.env.E2E_DIST ?? 'dist', '.vite/manifest.json'), 'utf8')) as Manifest;
  const chunk = manifest[sourceOrName] ?? Object.values(manifest).find((entry) => entry.name === sourceOrName && entry.file.endsWith('.js'));
  if (!chunk) throw new Error(`no chunk ${sourceOrName} in the build's manifest`);
  return `/${chunk.file}`;
}

/**
 * Holds a built chunk's answer back until `release()` (a slow network for that one file); whether
 * the page has asked for it yet is `requested()`.
 */
export async function holdChunk(page: Page, sourceOrName: string): Promise<{ requested: () => boolean; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  const file = chunkPath(sourceOrName);
  await page.route(
    (url) => url.pathname === file,
    async (route) => {
      requested = true;
      await released;
      await route.continue();
    },
  );
  return { requested: () => requested, release };
}

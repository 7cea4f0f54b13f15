import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { type Manifest, staticClosure } from '../../scripts/page-files';

/** The build the build tests read: dist/, which `npm test` builds first, or `BUNDLE_DIR` for another build folder. */
export const dist = path.resolve(process.env.BUNDLE_DIR ?? path.resolve(import.meta.dirname, '../../dist'));
export const manifestFile = path.join(dist, '.vite/manifest.json');
/** Whether there is a build to read (the build tests run only then: `describe.runIf(built)`). */
export const built = existsSync(manifestFile);

/** The build's manifest, a chunk's code by its manifest key, and a chunk with every chunk it imports statically, transitively. */
export function builtChunks() {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  return {
    manifest,
    code: (key: string) => readFileSync(path.join(dist, manifest[key]!.file), 'utf8'),
    loadedWith: (key: string) => staticClosure(manifest, key),
  };
}

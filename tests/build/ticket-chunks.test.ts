// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The barcode library (bwip-js, about 900 kB) is loaded only on the show-ticket screen: it is in the
 * chunk of /app/dashboard/ticket/$ticketId and in nothing the tickets list loads (its chunk and all
 * it imports, transitively). `npm test` builds first; `BUNDLE_DIR` checks another build folder.
 */
const dist = process.env.BUNDLE_DIR ?? path.resolve(import.meta.dirname, '../../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

interface Chunk {
  file: string;
  imports?: string[];
}

describe.runIf(existsSync(manifestFile))('the show-ticket chunk', () => {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const code = (key: string) => readFileSync(path.join(dist, manifest[key]!.file), 'utf8');
  /** A chunk and every chunk it imports statically, transitively. */
  function loadedWith(key: string, seen = new Set<string>()): Set<string> {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) loadedWith(imported, seen);
    return seen;
  }
  const bwip = 'azteccode';
  const list = 'src/routes/app/_signedIn/dashboard/tickets.tsx?tsr-split=component';
  const ticket = 'src/routes/app/_signedIn/dashboard/ticket/$ticketId.tsx?tsr-split=component';

  it('carries the barcode library', () => {
    expect([...loadedWith(ticket)].some((key) => code(key).includes(bwip))).toBe(true);
  });

  it('is not loaded by the tickets list, nor by the app’s entry', () => {
    const listChunks = loadedWith(list);
    expect(listChunks.size).toBeGreaterThan(1);
    for (const key of listChunks) expect(code(key), key).not.toContain(bwip);
    expect(code('index.html')).not.toContain(bwip);
  });
});

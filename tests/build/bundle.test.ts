// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The production build carries no sandbox, test or development code (docs/architecture.md#security).
 * `npm test` builds before the unit tests, so dist/ is there; run `npm run build` first otherwise.
 * `BUNDLE_DIR` checks another build folder (`npx vite build --outDir /tmp/x`, `BUNDLE_DIR=/tmp/x`).
 */
const assets = path.resolve(process.env.BUNDLE_DIR ?? path.resolve(import.meta.dirname, '../../dist'), 'assets');

describe.runIf(existsSync(assets))('production bundle', () => {
  const code = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');

  it.each([
    ['the sandbox test hooks', '__sandbox'],
    ['the sandbox server', 'createSandbox'],
    ['oauth4webapi insecure requests', 'allowInsecureRequests'],
    ['the design-system gallery component', 'ComponentGallery'],
    ['the demo password', 'Demo-Portal-2026!'],
    // Live inspection is development only (decision 15): neither the library nor the switch ships.
    ['the Stately inspector library', '@statelyai'],
    ['the Stately inspector factory', 'createBrowserInspector'],
    ['the inspector window address', 'stately.ai/inspect'],
    ["the inspector's handshake", '@statelyai.connected'],
    ["the inspector's window name", 'xstateinspector'],
    ['the inspection switch in sessionStorage', 'portal.inspect'],
    ['the inspection console messages', '[inspect]'],
  ])('contains no %s', (_what, needle) => {
    expect(code).not.toContain(needle);
  });

  it('is really the portal (the test would pass on an empty folder otherwise)', () => {
    expect(code).toContain('portal.oauth.transaction');
  });

  it("preloads the start page's part of the catalog and its route chunk from index.html (vite.config.ts)", () => {
    const html = readFileSync(path.join(assets, '../index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(assets, '../.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    // The route's loader and component are one chunk (src/routes/index.tsx `codeSplitGroupings`).
    for (const source of ['locales/de-DE/messages.po?part=start', 'src/routes/index.tsx?tsr-split=component---loader']) {
      expect(manifest[source], source).toBeDefined();
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${manifest[source]!.file}">`);
    }
    for (const other of ['locales/en-US/messages.po?part=start', 'locales/de-DE/messages.po?part=rest'])
      expect(html, other).not.toContain(manifest[other]!.file);
  });
});

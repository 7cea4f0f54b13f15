// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The production build carries no sandbox, test or development code (DESIGN.md section 4).
 * `npm test` builds before the unit tests, so dist/ is there; run `npm run build` first otherwise.
 */
const assets = path.resolve(import.meta.dirname, '../../dist/assets');

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
  ])('contains no %s', (_what, needle) => {
    expect(code).not.toContain(needle);
  });

  it('is really the portal (the test would pass on an empty folder otherwise)', () => {
    expect(code).toContain('portal.oauth.transaction');
  });
});

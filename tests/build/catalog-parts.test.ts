// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { inStartPart, startPartFiles } from '#tools/vite/catalog-parts';

/**
 * The catalog's start part (tools/vite/catalog-parts.ts) must hold every text the start page can
 * show before the rest of the catalog has come: every message id in the code index.html loads, and
 * in the session buttons that appear in its header. A text missing there would show as its id
 * (`common:start.cta`). Runs over the build `npm test` makes first (BUNDLE_DIR for another one).
 */
const dist = path.resolve(process.env.BUNDLE_DIR ?? path.resolve(import.meta.dirname, '../../dist'));
const manifestFile = path.join(dist, '.vite/manifest.json');

describe('which messages are the start part', () => {
  it('takes a message used by a start file, or by a file in a start folder, even when others use it too', () => {
    expect(inStartPart(['src/routes/index.tsx'])).toBe(true);
    expect(inStartPart(['src/flows/tickets/tickets-screen.tsx', 'src/ui/link.tsx'])).toBe(true);
    expect(inStartPart(['src/config/config-error-page.tsx'])).toBe(true);
    expect(inStartPart(['src/routes/index.tsx.bak'])).toBe(false);
    expect(inStartPart(['src/flows/order-wizard/steps/account-step.tsx'])).toBe(false);
    expect(inStartPart([])).toBe(false);
    expect(startPartFiles.every((file) => file.startsWith('src/'))).toBe(true);
  });
});

describe.runIf(existsSync(manifestFile))('the built start page and the start part', () => {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
  const idsUsedIn = (code: string) => new Set([...code.matchAll(/\bid:[`"']([a-zA-Z]+:[^`"']+)[`"']/g)].map((match) => match[1]!));
  const idsOfPart = (source: string) => new Set(Object.keys(JSON.parse(/JSON\.parse\(`([\s\S]*)`\)/.exec(read(manifest[source]!.file))![1]!) as object));

  const html = read('index.html');
  const startFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  startFiles.push(manifest['src/routes/-shell/session-buttons.tsx']!.file);
  const used = new Set(startFiles.flatMap((file) => [...idsUsedIn(read(file))]));

  it('finds the start page texts in its code (the test would pass on nothing otherwise)', () => {
    expect(used).toContain('common:start.cta');
    expect(used).toContain('common:header.login');
    expect(used).toContain('common:footer.accessibility');
  });

  it.each(['de-DE', 'en-US'])('%s: the start part holds every text of the start page, and the rest part none of them', (locale) => {
    const start = idsOfPart(`locales/${locale}/messages.po?part=start`);
    const rest = idsOfPart(`locales/${locale}/messages.po?part=rest`);
    expect([...used].filter((id) => !start.has(id))).toEqual([]);
    expect([...start].filter((id) => rest.has(id))).toEqual([]);
    // The point of the split: the start page's part is a small share of the whole.
    expect(start.size).toBeLessThan(rest.size / 5);
  });
});

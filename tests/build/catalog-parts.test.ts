// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { inStartPart, orderPartFiles, partOf, startPartFiles } from '#tools/vite/catalog-parts';
import { built, builtChunks, dist } from './built';

/**
 * The catalog's start part (tools/vite/catalog-parts.ts) must hold every text the start page can
 * show before the rest of the catalog has come: every message id in the code index.html loads, and
 * in the session buttons that appear in its header. A text missing there would show as its id
 * (`common:start.cta`). The same for /order with the start and order parts: every id in that code
 * and in every chunk the order page can load, each step with what it loads later. Runs over the
 * build `npm test` makes first (BUNDLE_DIR for another one).
 */

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

  it('puts a message in the start part before the order part, and in the order part when /order can show it', () => {
    expect(partOf(['src/flows/order-wizard/steps/account-step.tsx', 'src/routes/index.tsx'])).toBe('start');
    expect(partOf(['src/flows/tickets/tickets-screen.tsx', 'src/forms/address-fields.tsx'])).toBe('order');
    expect(partOf(['src/ui/select.tsx'])).toBe('order');
    expect(partOf(['src/flows/tickets/tickets-screen.tsx'])).toBe('rest');
    expect(partOf(['src/routes/order-other.tsx'])).toBe('rest');
    expect(partOf([])).toBe('rest');
    expect(orderPartFiles.every((file) => file.startsWith('src/'))).toBe(true);
  });
});

describe.runIf(built)('the built start page and the start part', () => {
  const { manifest, loadedWith } = builtChunks();
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

  // The entry's code is index.html's (its texts are in `used`); its lazy imports are every page's.
  const entry = loadedWith(Object.keys(manifest).find((key) => manifest[key]!.isEntry)!);
  /** A chunk and every chunk it imports, statically or lazily, transitively, but the entry's. */
  const everythingLoadedWith = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || entry.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) everythingLoadedWith(dep, seen);
    return seen;
  };
  const orderChunks = new Set<string>();
  // The route's chunks, the wizard's steps (the entry's step-screens.ts imports them) and the header's session buttons.
  const steps = Object.keys(manifest).filter((key) => key.startsWith('src/flows/order-wizard/steps/') && manifest[key]!.isDynamicEntry);
  for (const key of ['src/routes/order.tsx?tsr-split=component', 'src/routes/order.tsx?tsr-split=loader', 'src/routes/-shell/session-buttons.tsx', ...steps]) everythingLoadedWith(key, orderChunks);
  const orderUsed = new Set([...used, ...[...orderChunks].flatMap((key) => [...idsUsedIn(read(manifest[key]!.file))])]);

  it('finds the order page’s texts in its code, every step’s, and no other page’s', () => {
    expect(steps).toHaveLength(5);
    for (const id of ['order:startTraveler.title', 'order:billing.country', 'registration:step.title', 'order:summary.title', 'common:select.placeholder']) expect(orderUsed, id).toContain(id);
    const otherRoutes = [...orderChunks].filter((key) => key.startsWith('src/routes/') && !key.startsWith('src/routes/order.tsx') && !key.startsWith('src/routes/-shell/'));
    expect(otherRoutes).toEqual([]);
  });

  it.each(['de-DE', 'en-US'])('%s: the start and order parts hold every text of the order page, and the rest part none of them', (locale) => {
    const start = idsOfPart(`locales/${locale}/messages.po?part=start`);
    const order = idsOfPart(`locales/${locale}/messages.po?part=order`);
    const rest = idsOfPart(`locales/${locale}/messages.po?part=rest`);
    expect([...orderUsed].filter((id) => !start.has(id) && !order.has(id))).toEqual([]);
    expect([...order].filter((id) => start.has(id) || rest.has(id))).toEqual([]);
    // The point of the split: /order does not wait for most of the catalog.
    expect(order.size).toBeLessThan(rest.size / 2);
  });
});

// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { inStartPart, orderPartFiles, partOf, startPartFiles } from '#src/start-up/catalog-parts';
import { catalogPartProblems } from '../../scripts/catalog-parts-check';
import { built, builtChunks, dist } from './built';

/**
 * Which part of the catalog a message goes into (src/start-up/catalog-parts.ts), and the build's
 * check that the start page's and /order's texts are in the parts they load
 * (scripts/catalog-parts-check.ts): it passes on the build `npm test` makes first (BUNDLE_DIR for
 * another one) and fails where a part lacks a text.
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

describe.runIf(built)('the build’s check of the parts (scripts/catalog-parts-check.ts, run by npm run build)', () => {
  const { manifest } = builtChunks();
  const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
  // The template as `vite build` wrote it: the prerender keeps its script and preload tags.
  const indexHtml = read('index.html');
  const startPart = manifest['locales/de-DE/messages.po?part=start']!.file;

  it('passes on the build npm test made', () => {
    expect(catalogPartProblems({ manifest, indexHtml, read }, 'de-DE')).toEqual([]);
    expect(catalogPartProblems({ manifest, indexHtml, read }, 'en-US')).toEqual([]);
  });

  it('fails, naming the text and the list to extend, when the start part lacks a text the start page shows', () => {
    const withoutCta = (file: string) => (file === startPart ? read(file).replace(/"common:start\.cta":/, '"common:start.gone":') : read(file));
    const problems = catalogPartProblems({ manifest, indexHtml, read: withoutCta }, 'de-DE');
    // /order shows the start page's texts too, so it misses it as well.
    expect(problems).toEqual([
      expect.stringMatching(/^de-DE: the start page shows common:start\.cta, which the start part lacks: add the file that uses it to startPartFiles/),
      expect.stringMatching(/^de-DE: \/order shows common:start\.cta, which neither the start nor the order part has/),
    ]);
  });
});

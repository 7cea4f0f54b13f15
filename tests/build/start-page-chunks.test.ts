// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { readBuild } from '../../scripts/bench/bytes';
import { initialFilesOf, pages } from '../../scripts/page-files';
import { built, dist } from './built';

/**
 * What the start page does not load before it shows (decision 23, issue 14): React Query and the
 * query client come with the first other page (src/api/query-client-handle.ts), the session
 * machine too (src/flows/session/session-handle.ts), and react-aria's locale provider
 * (src/routes/__root.tsx): react-aria's locale module checks the browser's language with `Intl`
 * when it loads, which loaded the browser's locale data on the start page's main thread. Its initial files are counted as the byte
 * budget counts them (scripts/page-files.ts); what their code comes from is read from their
 * source maps (the build writes them). `BUNDLE_DIR` checks another build folder.
 */
describe.runIf(built)("the start page's first load", () => {
  const build = readBuild(dist);
  const files = initialFilesOf(build.html, build.manifest!, pages.start);
  const sources = files.flatMap((file) => {
    const map = path.join(dist, `${file}.map`);
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((source) => `${file}: ${source}`) : [];
  });

  it('is read from the source maps of its files (the test would pass on none otherwise)', () => {
    expect(sources.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
    expect(sources.some((source) => source.endsWith('src/routes/-shell/start-price.ts'))).toBe(true);
  });

  it.each([
    ['React Query (its core)', 'node_modules/@tanstack/query-core/'],
    ["React Query's React part", 'node_modules/@tanstack/react-query/'],
    ['the query client', 'src/api/query-client.ts'],
    ['the session machine', 'src/flows/session/session-actor.ts'],
    ['XState', 'node_modules/xstate/'],
    ['oauth4webapi', 'node_modules/oauth4webapi/'],
    ['react-aria', 'node_modules/react-aria/'],
    ['react-aria-components', 'node_modules/react-aria-components/'],
  ])('does not hold %s', (_what, needle) => {
    expect(sources.filter((source) => source.includes(needle))).toEqual([]);
  });
});

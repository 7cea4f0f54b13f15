// @vitest-environment node
import { biggestLazyFile, initialKiB, readBuild } from '../../scripts/bench/bytes';
import { pages } from '../../scripts/page-files';
import { built, dist } from './built';

/**
 * The byte budgets of issue 14 (README.md "Performance budgets"): bytes, never times. A feature
 * that makes a page's initial JavaScript or a lazily loaded file grow past its budget fails here,
 * and has to pay for itself first. Counted exactly as `npm run bench` counts (scripts/page-files.ts
 * and scripts/bench/bytes.ts, gzip level 9): what index.html loads, the route's chunks, what its loader waits for and the
 * catalog parts the page waits for. `npm test` builds first; `BUNDLE_DIR` checks another build folder.
 */
const budgetsKiB = {
  /** Issue 14's target, met: 118.4 KiB (React Query comes with the first other page, decision 23). */
  start: 120,
  /**
   * Issue 14's target is 165: /order is at 216.7 KiB with what its root route and loader wait for
   * (the session machine, React Query, the first step) and its catalog parts (README.md); the
   * start-month dialog's modal is not in it: it loads once the first step shows (226.7 before), nor
   * TanStack's devtools client (the production no-op of its 0.5 release, package.json's overrides).
   * Kept above the measure: a budget at the last measure failed CI over a 40-byte fix. 219 since
   * issue 14's twelfth session: 218.0 KiB with the prerendered language switch's fix (a language
   * chosen before the app took the page over was lost) and the header's signed-in buttons' rule.
   */
  order: 219,
  /** 181.4 KiB, the session machine and React Query counted (the root route waits for them). */
  dashboard: 183,
  lazyFile: 45,
};

describe.runIf(built)('byte budgets', () => {
  const build = readBuild(dist);

  it.each(['start', 'order', 'dashboard'] as const)('%s: initial JavaScript within its budget', (page) => {
    const kib = initialKiB(build, pages[page]);
    // The page's own chunks are counted (the entry alone is under 120 KiB).
    expect(kib).toBeGreaterThan(110);
    expect(kib).toBeLessThanOrEqual(budgetsKiB[page]);
  });

  it(`no lazily loaded file is over ${budgetsKiB.lazyFile} KiB`, () => {
    const biggest = biggestLazyFile(dist, build.html, build.manifest);
    expect(biggest).toBeDefined();
    expect(biggest!.bytes / 1024, biggest!.name).toBeLessThanOrEqual(budgetsKiB.lazyFile);
  });
});

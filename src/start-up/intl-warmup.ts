import { intlWarmupAttribute } from './prerender-guard';

/**
 * The browser's locale data (ICU) loaded beside the main thread, by ./intl-warmup.worker.ts.
 *
 * The first use of `Intl` in a page loads that data: the first `Intl.NumberFormat` or
 * `Intl.DateTimeFormat` of a fresh page took 50 to 250 ms of the main thread on this project's
 * machines in Chromium 156 (about 30 ms in 150), in one task: on the start page the render of the
 * price (./format.ts), on the other pages react-aria's check of the browser's language when its
 * module loads (issue 14). ICU keeps that data for the whole process, and a dedicated worker runs
 * in the page's process: a worker that uses `Intl` first loads it on a thread of its own, and the
 * main thread's first use finds it loaded (measured: 50 to 205 ms before, under 1 ms after the
 * worker). Where the main thread comes first, it loads the data itself, as before.
 *
 * The built pages start the worker from their inline guard in the head (src/start-up/prerender-guard.ts), as
 * the body begins to parse, so it has done its work long before the price or the first page needs
 * it; the build names the worker's file in `<html data-intl-warmup>` (scripts/prerender.ts). Where a
 * page has no such attribute (the development server's index.html) the entry starts it here.
 * Without workers (an old browser, a refusal by the Content-Security-Policy, whose `script-src
 * 'self'` allows it) nothing changes.
 */
export function startIntlWarmup(root: Element = document.documentElement): void {
  if (root.hasAttribute(intlWarmupAttribute) || typeof Worker !== 'function') return;
  try {
    new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { name: 'intl-warmup' });
  } catch {
    // Without it the page loads the data itself, as before.
  }
}

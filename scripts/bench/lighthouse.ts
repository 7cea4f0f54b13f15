/**
 * Lighthouse, mobile preset (its default: Moto G Power screen, simulated slow 4G and 4× CPU),
 * performance category only, against the production server (scripts/bench/servers.ts). Every run
 * is a fresh Chromium driven by puppeteer-core and measured with Lighthouse's user-flow API in
 * navigation mode, which is the CLI's navigation with a page handed in: so a signed-in page is
 * measured the same way as a public one. Lighthouse clears the HTTP cache and the origin's
 * caches/service workers before each navigation and keeps cookies, so the dashboard loads cold but
 * signed in (its refresh cookie from a real sign-in on the sandbox's page).
 */
import { startFlow } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

import { median } from './stats';

export const chromium = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export interface LighthouseRun {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
}

export interface LighthouseSummary extends LighthouseRun {
  runs: LighthouseRun[];
}

/** Signs in on the sandbox's own page through the portal's guard, as a customer does. */
export async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/app/dashboard`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#email');
  await page.type('#email', email);
  await page.type('#password', password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type="submit"]')]);
  await page.waitForFunction(() => window.location.pathname === '/app/dashboard' && document.querySelector('h1') !== null, { timeout: 30_000 });
}

async function once(url: string, signInAs?: { email: string; password: string }): Promise<LighthouseRun> {
  const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: chromiumFlags });
  try {
    const page = await browser.newPage();
    if (signInAs) await signIn(page, new URL(url).origin, signInAs.email, signInAs.password);
    const flow = await startFlow(page, { config: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } } });
    await flow.navigate(url, { disableStorageReset: false });
    const { steps } = await flow.createFlowResult();
    const lhr = steps[0]!.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.message}`);
    // A signed-in page that sent Lighthouse to the sign-in page would measure the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse ${url} ended on ${lhr.finalDisplayedUrl}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      fcp: audit('first-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
    };
  } finally {
    await browser.close();
  }
}

/** `count` runs (3 by default), the median of each figure taken on its own. */
export async function lighthouse(url: string, options: { runs?: number; signInAs?: { email: string; password: string } } = {}): Promise<LighthouseSummary> {
  const runs: LighthouseRun[] = [];
  let failures = 0;
  while (runs.length < (options.runs ?? 3)) {
    try {
      runs.push(await once(url, options.signInAs));
    } catch (error) {
      // Lighthouse asks to run again on a failed trace (NO_NAVSTART, NO_FCP): twice, then it counts.
      failures += 1;
      if (failures > 2) throw error;
      console.error(`[bench] ${(error as Error).message}: again`);
    }
  }
  const of = (key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
  return { score: of('score'), lcp: of('lcp'), fcp: of('fcp'), tbt: of('tbt'), cls: of('cls'), si: of('si'), runs };
}

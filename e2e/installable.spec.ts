import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, expect, type Page, test } from '@playwright/test';

import { nextWorkerVersionCookie } from '../sandbox/dist-server';
import { chooseStart, next, text } from './order-steps';
import { expectNoAxeViolations, gotoInLocale, type Locale, tabTo } from './support';

/**
 * The installable portal (issue 29, items 1 and 3): Chromium counts it as installable, the worker
 * serves the app shell offline, and a new version is offered, not forced.
 */
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (the first visit installs it; a reload puts the page under it). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test('Chromium counts the portal as installable: manifest and worker found, no installability errors', async ({ baseURL, launchOptions }) => {
  // A browser profile of its own: Chromium never offers to install from an incognito context,
  // which a test's usual context is.
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow' });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await controlledByWorker(page);
  const cdp = await context.newCDPSession(page);
  const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data ?? '{}') as { start_url: string; display: string; lang: string; icons: { sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ start_url: '/app/dashboard', display: 'standalone', lang: 'de-DE' });
  expect(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors).toEqual([]);
  for (const icon of ['/icons/pwa-192x192.png', '/icons/pwa-512x512.png', '/icons/maskable-icon-512x512.png']) {
    const response = await page.request.get(icon);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`offline, a portal page opens from the worker's shell; the API is never answered from a cache (${locale})`, async ({ page, context }) => {
    await gotoInLocale(page, '/', locale);
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.goto('/legal/accessibility');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'de-DE' ? /Barrierefreiheit/ : /Accessibility statement/);
    // The API is the network's, online or not: offline it fails instead of an old answer.
    const api = await page.evaluate(() =>
      fetch('/api/v1/order/countries').then(
        (response) => response.status,
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
    await expectNoAxeViolations(page);
  });
}

/** The words of the update prompt. */
const prompt: Record<Locale, { title: string; reload: string; later: string }> = {
  'de-DE': { title: 'Neue Version verfügbar', reload: 'Neu laden', later: 'Später' },
  'en-US': { title: 'New version available', reload: 'Reload', later: 'Later' },
};

test('a new version is offered, not forced: what was typed in the order wizard stays, and Reload brings the new version with the draft (de-DE)', async ({
  page,
  context,
  baseURL,
}) => {
  const words = prompt['de-DE'];
  await page.goto('/order');
  await controlledByWorker(page);
  await chooseStart(page, 'de-DE');
  await next(page, 'de-DE');
  const firstName = page.getByRole('textbox', { name: text['de-DE'].firstName });
  await firstName.fill('Erika');

  // A new deployment, for this browser only (sandbox/dist-server.ts): the worker finds it and waits.
  await context.addCookies([{ name: nextWorkerVersionCookie, value: 'v2', url: baseURL! }]);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const region = page.getByRole('region', { name: 'Neue Version' });
  await expect(region.getByRole('heading', { name: new RegExp(words.title) })).toBeVisible();
  // Offered, not forced: the page and what was typed stay until the customer chooses.
  await expect(firstName).toHaveValue('Erika');
  await expectNoAxeViolations(page);

  await region.getByRole('button', { name: words.reload }).click();
  await expect(region).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: text['de-DE'].firstName })).toHaveValue('Erika');
  // The page runs under the new version now: none is waiting any more.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting === null)).toBe(true);
});

test('"Later" hides the offer and keeps the page; every newer version is offered while the page stays open, and the next visit offers it again (en-US)', async ({
  page,
  context,
  baseURL,
}) => {
  const words = prompt['en-US'];
  await gotoInLocale(page, '/legal/accessibility', 'en-US');
  await controlledByWorker(page);
  const region = page.getByRole('region', { name: 'New version' });
  // Three deployments while the page stays open (workbox-window alone stopped telling after the second).
  for (const version of ['v3', 'v4', 'v5']) {
    await context.addCookies([{ name: nextWorkerVersionCookie, value: version, url: baseURL! }]);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(region.getByRole('heading', { name: new RegExp(words.title) })).toBeVisible();
    await tabTo(page, region.getByRole('button', { name: words.later }));
    await page.keyboard.press('Enter');
    await expect(region).toHaveCount(0);
  }
  await page.reload();
  await expect(region.getByRole('heading', { name: new RegExp(words.title) })).toBeVisible();
});

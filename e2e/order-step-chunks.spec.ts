import { expect, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale } from './axe';
import { chunkPath } from './chunks';
import { chooseStart, next, text } from './order-steps';

/**
 * Each step of the order wizard is a chunk of its own, loaded while the step before is on screen
 * (src/flows/order-wizard/step-screens.ts). When it is not there yet at Next (a slow network), the
 * step's place says so, and the step's heading still takes the focus once it arrives (SPEC.md 4.8).
 */
test('a step whose code arrives after Next shows a loading status, then takes the focus', async ({ page }) => {
  const t = text['en-US'];
  // Hold the billing step's chunk until released.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  const billingStep = chunkPath('src/flows/order-wizard/steps/billing-step.tsx');
  await page.route((url) => url.pathname === billingStep, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });

  await gotoInLocale(page, '/order', 'en-US');
  await chooseStart(page, 'en-US');
  // The start step preloads the next one: its request is out before Next.
  await expect.poll(() => requested).toBe(true);
  await next(page, 'en-US');

  const loading = page.getByRole('status').filter({ hasText: 'Loading this step …' });
  await expect(loading).toBeVisible();
  await expect(page.getByText('Step 2 of 4: Billing address')).toBeVisible();
  await expectNoAxeViolations(page);

  release();
  await expect(page.getByRole('heading', { level: 2, name: t.billingTitle, exact: true })).toBeFocused();
  await expect(loading).toHaveCount(0);
});

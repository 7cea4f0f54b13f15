import { expect, test } from '@playwright/test';

import { chunkPath, expectNoAxeViolations, gotoInLocale, holdChunk } from './support';
import { chooseStart, fillBilling, next, text } from './order-steps';

/**
 * Each step of the order wizard is a chunk of its own, loaded while the step before is on screen
 * (src/flows/order-wizard/step-screens.ts). When it is not there yet at Next (a slow network), the
 * step's place says so, and the step's heading still takes the focus once it arrives (SPEC.md 4.8).
 */
test('a step whose code arrives after Next shows a loading status, then takes the focus', async ({ page }) => {
  const t = text['en-US'];
  // The billing step's code comes late (held until released).
  const billingStep = await holdChunk(page, 'src/flows/order-wizard/steps/billing-step.tsx');

  await gotoInLocale(page, '/order', 'en-US');
  await chooseStart(page, 'en-US');
  // The start step preloads the next one: its request is out before Next.
  await expect.poll(billingStep.requested).toBe(true);
  await next(page, 'en-US');

  const loading = page.getByRole('status').filter({ hasText: 'Loading this step …' });
  await expect(loading).toBeVisible();
  await expect(page.getByText('Step 2 of 4: Billing address')).toBeVisible();
  await expectNoAxeViolations(page);

  billingStep.release();
  await expect(page.getByRole('heading', { level: 2, name: t.billingTitle, exact: true })).toBeFocused();
  await expect(loading).toHaveCount(0);
});

/**
 * The wizard prepares the next and the previous step hidden (src/flows/order-wizard/order-wizard-page.tsx),
 * so Next shows that very step instead of building it at the press; not while the page loads, only
 * once the customer has begun; a step that leaves the screen is made afresh (shown again, it
 * starts from the wizard's values, as before).
 */
test('Next shows the step prepared hidden before it, its heading focused; the step left is prepared afresh', async ({ page }) => {
  const t = text['en-US'];
  const billingCode = page.waitForResponse((response) => response.url().endsWith(chunkPath('src/flows/order-wizard/steps/billing-step.tsx')));
  await gotoInLocale(page, '/order', 'en-US');
  const headingOf = (title: string) => page.locator('[data-step-heading] section h2').filter({ hasText: new RegExp(`^${title}$`) });
  // Not while the page loads: the billing step's code is there, the page idle, nothing prepared yet.
  await billingCode;
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  await expect(headingOf(t.billingTitle)).toHaveCount(0);
  // Once the customer has begun (a month chosen), the next step is prepared.
  await chooseStart(page, 'en-US');
  // The billing step is there before Next, hidden: not seen, not in the accessibility tree, not
  // reached with Tab, and taking no room (the page is not taller for it)…
  await expect(headingOf(t.billingTitle)).toBeAttached();
  await expect(headingOf(t.billingTitle)).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: t.billingTitle })).toHaveCount(0);
  const prepared = page.locator('[data-step-heading] > [hidden]').filter({ has: page.locator('section h2', { hasText: new RegExp(`^${t.billingTitle}$`) }) });
  expect(await prepared.evaluate((element) => element.getBoundingClientRect().height)).toBe(0);
  const billingField = prepared.locator('input[type="text"]').first();
  await billingField.evaluate((input) => (input as HTMLInputElement).focus());
  await expect(billingField).not.toBeFocused();
  // …but laid out at the width of the step on screen, so Next only has to show it.
  const widthOf = (locator: typeof prepared) => locator.evaluate((element) => element.firstElementChild!.getBoundingClientRect().width);
  expect(await widthOf(prepared)).toBe(await widthOf(page.locator('[data-step-heading] > :not([hidden])')));
  const startTitle = await page.locator('[data-step-heading] h2').first().innerText();
  await headingOf(t.billingTitle).evaluate((heading) => ((window as unknown as { prepared: Element }).prepared = heading));
  await headingOf(startTitle).evaluate((heading) => ((window as unknown as { left: Element }).left = heading));

  await next(page, 'en-US');
  await expect(page.getByRole('heading', { level: 2, name: t.billingTitle })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === (window as unknown as { prepared: Element }).prepared)).toBe(true);
  // The start step is prepared again for Back, as a new screen (after the billing step has
  // painted: until then the one left stays, hidden), hidden.
  await expect.poll(() => headingOf(startTitle).evaluate((heading) => heading === (window as unknown as { left: Element }).left)).toBe(false);
  await expect(headingOf(startTitle)).toBeHidden();
  await expectNoAxeViolations(page);

  // Next again: the start step, no longer next to the step on screen, is dropped (after the paint).
  await fillBilling(page, 'en-US');
  await next(page, 'en-US');
  await expect(page.getByRole('heading', { level: 2, name: t.accountTitle })).toBeFocused();
  await expect(headingOf(startTitle)).toHaveCount(0);
  await expect(headingOf(t.billingTitle)).toBeHidden();
});

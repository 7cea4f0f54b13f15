import { expect, type Locator, test } from '@playwright/test';

import { gotoInLocale, measureContrast } from './axe';
import { chooseStart, next, text } from './order-steps';
import { signIn } from './session';

/**
 * What a customer sees of colours and focus that axe does not decide on its own (issue 13): the
 * start page's order button is readable, and a heading focused after a navigation shows no ring.
 */

/** A focused heading without a visible outline. */
async function expectNoOutline(heading: Locator): Promise<void> {
  await expect(heading).toBeFocused();
  const outline = await heading.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style === 'none' || outline.width === 0, `outline ${outline.style} ${outline.width}px`).toBe(true);
}

/** The element's text reaches 4.5:1 on its rendered background. */
async function expectReadable(element: Locator): Promise<void> {
  const contrast = await measureContrast(element);
  expect(contrast, JSON.stringify(contrast)).toMatchObject({ required: 4.5 });
  expect(typeof contrast === 'string' ? 0 : contrast.ratio, JSON.stringify(contrast)).toBeGreaterThanOrEqual(4.5);
}

for (const [locale, cta] of [
  ['de-DE', 'Jetzt bestellen'],
  ['en-US', 'Order now'],
] as const) {
  test(`the start page's order button is readable on its background and leads to /order (${locale})`, async ({ page }) => {
    await gotoInLocale(page, '/', locale);
    const button = page.getByRole('link', { name: cta });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('href', '/order');
    await expectReadable(button);
    // And under the mouse pointer.
    await button.hover();
    await expectReadable(button);
  });
}

test('after a mouse click on a link and on Next, the focused heading shows no focus ring', async ({ page }) => {
  await gotoInLocale(page, '/', 'en-US');
  await page.getByRole('link', { name: 'Order now' }).click();
  await expectNoOutline(page.getByRole('heading', { level: 1 }));
  await chooseStart(page, 'en-US');
  await next(page, 'en-US');
  await expectNoOutline(page.getByRole('heading', { level: 2, name: text['en-US'].billingTitle }));
});

test('back from the payment provider (a new page load after a click in its frame), the focused heading shows no focus ring', async ({ page }) => {
  await signIn(page, 'deuti@example.com');
  await page.evaluate(() => window.localStorage.setItem('portal.locale', 'en-US'));
  // The provider's return link, as its page sends the window back; this one finds no payment.
  await page.goto('/app/payment/A-100009?orderId=order-deuti-unknown&transactionId=tx-forged&paymentMethod=BANKACCOUNT&paymentInstrumentId=pi-forged');
  await expectNoOutline(page.getByRole('heading', { level: 1, name: 'Payment not found' }));
});

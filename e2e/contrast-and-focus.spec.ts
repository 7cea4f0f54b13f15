import { expect, type Locator, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale, measureContrast, signIn } from './support';
import { chooseStart, next, text } from './order-steps';

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

test('the axe check itself fails on a violation: low contrast in the page, a field without a label inside a frame', async ({ page }) => {
  // expectNoAxeViolations runs axe differently with and without frames (e2e/axe.ts): both ways must
  // still see what they are there to see, or every screen's axe step would pass unseen.
  const failureOf = (check: Promise<void>) =>
    check.then(
      () => 'no failure',
      (error: unknown) => String(error),
    );
  await page.goto('/legal/agb');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator('main').evaluate((main) => {
    const pale = main.appendChild(document.createElement('p'));
    pale.textContent = 'pale grey text';
    pale.style.color = '#ddd';
  });
  expect(await failureOf(expectNoAxeViolations(page))).toContain('color-contrast');

  await page.locator('main').evaluate((main) => {
    main.lastElementChild?.remove();
    const frame = main.appendChild(document.createElement('iframe'));
    frame.title = 'Frame';
    frame.srcdoc = '<main><input type="text"></main>';
  });
  await expect(page.frameLocator('iframe[title="Frame"]').locator('input')).toBeAttached();
  expect(await failureOf(expectNoAxeViolations(page))).toMatch(/label \(critical\)[\s\S]*iframe input/);
});

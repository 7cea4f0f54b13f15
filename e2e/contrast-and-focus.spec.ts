import { expect, type Locator, test } from '@playwright/test';

import { gotoInLocale, measureContrast } from './axe';

/**
 * What a customer sees of colours and focus that axe does not decide on its own (issue 13): the
 * start page's order button is readable.
 */

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

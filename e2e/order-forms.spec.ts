import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale } from './axe';
import { chooseStart, type Locale, next, text } from './order-steps';

/**
 * The order wizard's forms as a customer types into them (issue 13): birth dates typed or pasted
 * whole (SPEC.md 5.1, decision 18).
 */

const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** The deuti visitor's billing step, in a locale. */
async function toBilling(page: Page, locale: Locale): Promise<void> {
  await gotoInLocale(page, '/order', locale);
  await chooseStart(page, locale);
  await next(page, locale);
  await expect(h2(page, text[locale].billingTitle)).toBeVisible();
}

const birthdate = (page: Page, locale: Locale) => page.getByRole('group', { name: text[locale].birthdate });
const segment = (page: Page, locale: Locale, type: 'day' | 'month' | 'year') => birthdate(page, locale).locator(`[data-type="${type}"]`);

async function expectBirthdate(page: Page, locale: Locale, day: string, month: string, year: string): Promise<void> {
  await expect(segment(page, locale, 'day')).toHaveText(day);
  await expect(segment(page, locale, 'month')).toHaveText(month);
  await expect(segment(page, locale, 'year')).toHaveText(year);
}

/** The rest of the billing step, so Next shows whether the date was taken. */
async function fillRestOfBilling(page: Page, locale: Locale): Promise<void> {
  const t = text[locale];
  await page.getByRole('radiogroup', { name: t.salutation }).getByRole('radio', { name: t.ms }).check({ force: true });
  await page.getByRole('textbox', { name: t.firstName }).fill('Erika');
  await page.getByRole('textbox', { name: t.lastName }).fill('Musterfrau');
  await page.getByRole('textbox', { name: t.zip }).fill('10115');
  await page.getByRole('textbox', { name: t.city }).fill('Berlin');
  await page.getByRole('textbox', { name: t.street }).fill('Invalidenstraße');
  await page.getByRole('textbox', { name: t.houseNumber }).fill('117');
}

// ---------------------------------------------------------------- birth dates (issue 13, item 7)

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`${locale}: a birth date typed as 1990-03-15 is 15 March 1990, and the step goes on`, async ({ page }) => {
    await toBilling(page, locale);
    await fillRestOfBilling(page, locale);
    await birthdate(page, locale).getByRole('spinbutton').first().click();
    await page.keyboard.type('1990-03-15');
    await expectBirthdate(page, locale, '15', '03', '1990');
    await expect(birthdate(page, locale).getByRole('spinbutton').first()).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'main');
    await next(page, locale);
    await expect(h2(page, text[locale].accountTitle)).toBeVisible();
  });

  test(`${locale}: a birth date pasted or inserted whole is taken`, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await toBilling(page, locale);
    const first = birthdate(page, locale).getByRole('spinbutton').first();

    await page.evaluate(() => navigator.clipboard.writeText('1990-03-15'));
    await first.click();
    await page.keyboard.press('ControlOrMeta+V');
    await expectBirthdate(page, locale, '15', '03', '1990');

    await page.evaluate(() => navigator.clipboard.writeText('24.12.2001'));
    await first.click();
    await page.keyboard.press('ControlOrMeta+V');
    await expectBirthdate(page, locale, '24', '12', '2001');

    // In the order the segments show: month first in en-US, day first in de-DE.
    await page.evaluate((value) => navigator.clipboard.writeText(value), locale === 'en-US' ? '07/04/1985' : '04/07/1985');
    await first.click();
    await page.keyboard.press('ControlOrMeta+V');
    await expectBirthdate(page, locale, '04', '07', '1985');

    // Autofill and dictation insert the text at once.
    await first.click();
    await page.keyboard.insertText('1990-03-15');
    await expectBirthdate(page, locale, '15', '03', '1990');

    await fillRestOfBilling(page, locale);
    await next(page, locale);
    await expect(h2(page, text[locale].accountTitle)).toBeVisible();
  });
}

import { expect, type Page, test } from '@playwright/test';

import { chunkPath, demoPassword, expectNoAxeViolations, gotoInLocale, type Locale, signIn, uniqueEmail } from './support';
import { chooseStart, next, text, useProduct } from './order-steps';

/**
 * The order wizard's forms as a customer types into them (issue 13, decision 18): birth dates typed
 * or pasted whole (SPEC.md 5.1), and what is typed on a step kept across a reload (never a password).
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

// ---------------------------------------------------------------- a reload keeps the step's entries (issue 13, item 8)

const months = (page: Page, locale: Locale) => page.getByRole('radiogroup', { name: text[locale].startMonth }).getByRole('radio');
const draftText = (page: Page) => page.evaluate(() => Object.values({ ...window.sessionStorage }).join('\n'));

test('joti customer: a reload keeps what is typed on the company step, with its price, and the start step before Next', async ({ page }) => {
  await useProduct(page, 'joti');
  await signIn(page, 'joti@example.com');
  await page.evaluate(() => window.localStorage.setItem('portal.locale', 'en-US'));
  await page.goto('/app/order');
  await expect(h2(page, 'Your employer')).toBeVisible();
  const companyId = page.getByRole('textbox', { name: 'Company number' });
  const staffNumber = page.getByRole('textbox', { name: 'Staff number' });
  await companyId.fill('TDX9966');
  await staffNumber.fill('AB1234');

  await page.reload();
  await expect(h2(page, 'Your employer')).toBeVisible();
  await expect(companyId).toHaveValue('TDX9966');
  await expect(staffNumber).toHaveValue('AB1234');
  // The restored company is looked up again: its name and price show.
  await expect(companyId).toHaveAccessibleDescription('Company: Beispiel Versicherung AG');
  await expect(page.locator('[role="status"][data-price-text]').filter({ visible: true })).toHaveText(
    'Your employer pays €15.75 of the €63.00 a month. You pay €47.25 a month.',
  );
  await next(page, 'en-US');

  await expect(h2(page, 'Start date and traveler')).toBeVisible();
  await chooseStart(page, 'en-US');
  await expect(months(page, 'en-US').nth(1)).toBeChecked();
  await page.reload();
  await expect(h2(page, 'Start date and traveler')).toBeVisible();
  await expect(months(page, 'en-US').nth(1)).toBeChecked();
  await next(page, 'en-US');
  await expect(h2(page, 'Billing address')).toBeVisible();
});

// In German only: the journey is the same in English (the birth date's two formats are the tests above).
for (const locale of ['de-DE'] as const) {
  test(`deuti visitor (${locale}): a reload keeps what is typed on the start, billing and account steps; never the password`, async ({ page }) => {
    const t = text[locale];
    const labels = {
      'de-DE': { someoneElse: 'Eine andere Person', travelerFirstName: 'Vorname der reisenden Person', travelerBirthdate: 'Geburtsdatum der reisenden Person' },
      'en-US': { someoneElse: 'Someone else', travelerFirstName: 'First name of the traveler', travelerBirthdate: 'Date of birth of the traveler' },
    }[locale];
    const email = uniqueEmail('reload-entries');

    // The start step: a month, someone else travels, a first name and a birth date.
    await gotoInLocale(page, '/order', locale);
    await chooseStart(page, locale);
    await page.getByRole('radio', { name: labels.someoneElse }).check({ force: true });
    await page.getByRole('textbox', { name: labels.travelerFirstName }).fill('Max');
    await page.getByRole('group', { name: labels.travelerBirthdate }).getByRole('spinbutton').first().click();
    await page.keyboard.type('2001-12-24');
    await page.reload();
    await expect(months(page, locale).nth(1)).toBeChecked();
    await expect(page.getByRole('radio', { name: labels.someoneElse })).toBeChecked();
    await expect(page.getByRole('textbox', { name: labels.travelerFirstName })).toHaveValue('Max');
    await expect(page.getByRole('group', { name: labels.travelerBirthdate }).locator('[data-type="year"]')).toHaveText('2001');
    // Back to "I will": the traveler is not asked for, Next goes on.
    await page.getByRole('radio', { name: locale === 'de-DE' ? 'Ich selbst' : 'I will' }).check({ force: true });
    await next(page, locale);

    // The billing step.
    await expect(h2(page, t.billingTitle)).toBeVisible();
    await page.getByRole('textbox', { name: t.firstName }).fill('Erika');
    await page.getByRole('textbox', { name: t.city }).fill('Berlin');
    await page.getByRole('group', { name: t.birthdate }).getByRole('spinbutton').first().click();
    await page.keyboard.type('1990-03-15');
    await page.reload();
    await expect(h2(page, t.billingTitle)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.firstName })).toHaveValue('Erika');
    await expect(page.getByRole('textbox', { name: t.city })).toHaveValue('Berlin');
    await expect(page.getByRole('group', { name: t.birthdate }).locator('[data-type="year"]')).toHaveText('1990');
    await page.getByRole('radiogroup', { name: t.salutation }).getByRole('radio', { name: t.ms }).check({ force: true });
    await page.getByRole('textbox', { name: t.lastName }).fill('Musterfrau');
    await page.getByRole('textbox', { name: t.zip }).fill('10115');
    await page.getByRole('textbox', { name: t.street }).fill('Invalidenstraße');
    await page.getByRole('textbox', { name: t.houseNumber }).fill('117');
    await next(page, locale);

    // The account step: the billing step's entries are gone (its values are the wizard's now);
    // the email comes back after a reload, the passwords do not.
    await expect(h2(page, t.accountTitle)).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('portal.orderWizard.entries'))).toBeNull();
    await page.getByRole('textbox', { name: t.email }).fill(email);
    await page.getByRole('textbox', { name: t.password, exact: true }).fill(demoPassword);
    await page.getByRole('textbox', { name: t.repeat }).fill(demoPassword);
    await page.getByRole('checkbox', { name: t.privacy }).check({ force: true });
    await page.reload();
    await expect(h2(page, t.accountTitle)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.email })).toHaveValue(email);
    await expect(page.getByRole('checkbox', { name: t.privacy })).toBeChecked();
    await expect(page.getByRole('textbox', { name: t.password, exact: true })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: t.repeat })).toHaveValue('');
    const stored = await draftText(page);
    expect(stored).toContain(email);
    expect(stored).not.toContain(demoPassword);
    await expectNoAxeViolations(page, 'main');

    // Back on billing: the submitted values, not the entries of before.
    await page.getByRole('button', { name: t.back, exact: true }).click();
    await expect(h2(page, t.billingTitle)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.lastName })).toHaveValue('Musterfrau');
  });
}

// ---------------------------------------------------------------- offline at the account step (issue 13, item 9)

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`deuti visitor (${locale}): offline, the account step says the email could not be checked and stays; online again, Next goes on`, async ({
    page,
    context,
  }) => {
    const t = text[locale];
    const cannotCheck = locale === 'de-DE' ? 'Ihre E-Mail-Adresse konnte nicht geprüft werden' : 'Your email address could not be checked';
    const email = uniqueEmail('offline');
    await toBilling(page, locale);
    await page.getByRole('group', { name: t.birthdate }).getByRole('spinbutton').first().click();
    await page.keyboard.type(t.birthdateKeys);
    await fillRestOfBilling(page, locale);
    await next(page, locale);
    await expect(h2(page, t.accountTitle)).toBeVisible();
    // The wizard fetches the next step's code while this one shows (src/flows/order-wizard/step-screens.ts):
    // with the installed portal it comes from the worker's precache; without a worker (these tests
    // block it), it must have arrived before the network goes, or the next step reloads the page.
    const summaryChunk = chunkPath('src/flows/order-wizard/steps/summary-step.tsx');
    await expect
      .poll(() => page.evaluate((file) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === file), summaryChunk))
      .toBe(true);

    await context.setOffline(true);
    await page.getByRole('textbox', { name: t.email }).fill(email);
    await page.getByRole('textbox', { name: t.password, exact: true }).fill(demoPassword);
    await page.getByRole('textbox', { name: t.repeat }).fill(demoPassword);
    await page.getByRole('checkbox', { name: t.privacy }).check({ force: true });
    await next(page, locale);
    await expect(page.getByRole('alert').filter({ hasText: cannotCheck })).toBeVisible();
    await expect(h2(page, t.accountTitle)).toBeVisible();
    await expect(page).toHaveURL(/step=account$/);
    await expect(page.getByRole('textbox', { name: t.email })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: t.password, exact: true })).toHaveValue(demoPassword);
    await expectNoAxeViolations(page, 'main');

    await context.setOffline(false);
    // As a customer would: Next once the device says it is online again (the page hears of it
    // through its 'online' event, which may come after setOffline returns on a busy machine).
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    await next(page, locale);
    await expect(h2(page, t.summary)).toBeVisible();
  });
}

import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale, type Locale, newCustomer, outboxOf, tabTo } from './support';

/**
 * Ending a contract without signing in (§ 312k BGB; issue 10 item 6; decision 22): a visitor follows
 * the footer's "Verträge hier kündigen" / "Cancel contracts here" to /cancel-contract, identifies a
 * subscription, chooses the date, confirms with "jetzt kündigen" / "cancel now", and gets the
 * confirmation on screen and in the sandbox's outbox. Each test ends a subscription of its own fresh
 * customer (POST /__sandbox/customers, not signed in), never the demo accounts' A-100001, which other
 * browser tests read; that A-100001 itself can be ended this way is a Vitest test
 * (tests/sandbox/anonymous-termination.test.ts). Failures of the API (the lookup's and the
 * termination's "try again") are machine tests (tests/machines/cancel-contract.machine.test.ts).
 */

const texts = {
  'de-DE': {
    footerLink: 'Verträge hier kündigen',
    title: 'Vertrag kündigen',
    number: 'Bestell- oder Abonummer',
    firstName: 'Vorname',
    lastName: 'Nachname',
    birthdate: 'Geburtsdatum',
    birthdateKeys: '17051980',
    email: 'E-Mail-Adresse für die Bestätigung',
    next: 'Weiter',
    back: 'Zurück',
    chooseLabel: 'Wann soll Ihr Abonnement enden?',
    nextPossible: 'Zum nächstmöglichen Termin:',
    confirmTitle: 'Bitte prüfen und bestätigen Sie Ihre Kündigung',
    cancelNow: 'jetzt kündigen',
    doneTitle: 'Ihre Kündigung ist eingegangen',
    notFound: 'Wir konnten keinen Vertrag mit diesen Angaben finden',
    tooMany: 'Zu viele erfolglose Versuche',
    already: 'Dieser Vertrag ist bereits gekündigt',
  },
  'en-US': {
    footerLink: 'Cancel contracts here',
    title: 'Cancel a contract',
    number: 'Order or subscription number',
    firstName: 'First name',
    lastName: 'Last name',
    birthdate: 'Date of birth',
    birthdateKeys: '05171980',
    email: 'Email address for the confirmation',
    next: 'Continue',
    back: 'Back',
    chooseLabel: 'When should your subscription end?',
    nextPossible: 'At the next possible date:',
    confirmTitle: 'Please check and confirm your notice of termination',
    cancelNow: 'cancel now',
    doneTitle: 'Your notice of termination has been received',
    notFound: 'We could not find a contract with these details',
    tooMany: 'Too many unsuccessful attempts',
    already: 'This contract is already terminated',
  },
} as const;

async function fillIdentity(page: Page, locale: Locale, values: { number: string; birthdateKeys?: string; email: string }): Promise<void> {
  const t = texts[locale];
  await page.getByLabel(t.number).fill(values.number);
  await page.getByLabel(t.firstName).fill('Tessa');
  await page.getByLabel(t.lastName).fill('Probst');
  await page.getByRole('group', { name: t.birthdate }).getByRole('spinbutton').first().click();
  await page.keyboard.type(values.birthdateKeys ?? t.birthdateKeys);
  await page.getByLabel(t.email).fill(values.email);
}

test('a visitor ends a subscription from the footer link with the keyboard alone; the confirmation is on screen and in the outbox (de-DE)', async ({ page }) => {
  const t = texts['de-DE'];
  const customer = await newCustomer(page);
  const email = `notice-${customer.email}`;
  await page.goto('/');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('portal_session');

  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: t.footerLink });
  await expect(footerLink).toHaveAttribute('href', '/cancel-contract');
  await tabTo(page, footerLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cancel-contract$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeFocused();
  await expect(page.getByText('Zu Ihrem Schutz wird dieses Formular nach 5 erfolglosen Versuchen für 15 Minuten gesperrt.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The details, typed: Tab from field to field.
  await tabTo(page, page.getByLabel(t.number));
  await page.keyboard.type(customer.orders.active.number);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tessa');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Probst');
  await page.keyboard.press('Tab');
  await page.keyboard.type(t.birthdateKeys);
  await tabTo(page, page.getByLabel(t.email));
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');

  // Choose: the next possible date is selected.
  await expect(page.getByRole('heading', { level: 2, name: `Abonnement ${customer.orders.active.subscriptionNumber} (Bestellung ${customer.orders.active.number})` })).toBeVisible();
  const radios = page.getByRole('radiogroup', { name: t.chooseLabel }).getByRole('radio');
  await expect(radios.first()).toBeChecked();
  const nextLabel = (await radios.first().evaluate((radio) => radio.closest('label')?.textContent ?? '')).trim();
  expect(nextLabel).toMatch(/^Zum nächstmöglichen Termin: \d{2}\.\d{2}\.\d{4}$/);
  const endDate = nextLabel.slice(t.nextPossible.length).trim();
  expect(await radios.count()).toBeGreaterThan(1);
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('button', { name: t.next }));
  await page.keyboard.press('Enter');

  // Confirm with exactly "jetzt kündigen".
  await expect(page.getByRole('heading', { level: 2, name: t.confirmTitle })).toBeVisible();
  const facts = page.getByRole('main').locator('dl');
  await expect(facts).toContainText(`Abonnement ${customer.orders.active.subscriptionNumber} (Bestellung ${customer.orders.active.number})`);
  await expect(facts).toContainText('Ordentliche Kündigung');
  await expect(facts).toContainText(`${endDate} (nächstmöglicher Termin)`);
  await expect(facts).toContainText(email);
  const cancelNow = page.getByRole('button', { name: t.cancelNow, exact: true });
  await expect(cancelNow).toHaveText(t.cancelNow);
  await expectNoAxeViolations(page);
  await tabTo(page, cancelNow);
  await page.keyboard.press('Enter');

  // The confirmation: what was ended, when the notice was received, the end date.
  const heading = page.getByRole('heading', { level: 1, name: t.doneTitle });
  await expect(heading).toBeFocused();
  await expect(facts).toContainText(`Abonnement ${customer.orders.active.subscriptionNumber} (Bestellung ${customer.orders.active.number}), ordentliche Kündigung`);
  await expect(facts).toContainText(/Kündigung eingegangen\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr \(deutsche Zeit\)/);
  await expect(facts).toContainText(`Endet am${endDate}`);
  await expect(page.getByText(`Wir haben diese Bestätigung an ${email} gesendet.`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);

  const received = (await facts.locator('dd').nth(1).innerText()).replace(' Uhr (deutsche Zeit)', '');
  const [mail] = await outboxOf(page, email);
  expect(mail?.subject).toBe(`Kündigungsbestätigung ${customer.orders.active.subscriptionNumber} / Confirmation of your termination`);
  expect(mail?.body).toContain(`am ${received} Uhr (deutsche Zeit) erhalten`);
  expect(mail?.body).toContain(`Es endet am ${endDate}.`);
});

test('a wrong detail keeps what was typed and says so; a named date is chosen, changed and confirmed with "cancel now" (en-US)', async ({ page }) => {
  const t = texts['en-US'];
  const customer = await newCustomer(page);
  const email = `notice-${customer.email}`;
  await gotoInLocale(page, '/legal/agb', 'en-US');
  await page.getByRole('contentinfo').getByRole('link', { name: t.footerLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  // A wrong birthdate: the one message for every wrong detail; nothing typed is lost.
  await fillIdentity(page, 'en-US', { number: customer.orders.active.number, birthdateKeys: '05181980', email });
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('alert')).toContainText(t.notFound);
  await expect(page.getByLabel(t.number)).toHaveValue(customer.orders.active.number);
  await expect(page.getByLabel(t.email)).toHaveValue(email);
  await expectNoAxeViolations(page);

  await page.getByRole('group', { name: t.birthdate }).getByRole('spinbutton').first().click();
  await page.keyboard.type(t.birthdateKeys);
  await page.getByRole('button', { name: t.next }).click();

  const group = page.getByRole('radiogroup', { name: t.chooseLabel });
  await expect(group.getByRole('radio').first()).toBeChecked();
  const second = group.getByRole('radio').nth(1);
  const secondLabel = (await second.evaluate((radio) => radio.closest('label')?.textContent ?? '')).trim();
  expect(secondLabel).toMatch(/^On \d{2}\/\d{2}\/\d{4}$/);
  const endDate = secondLabel.slice(3);
  await group.getByText(secondLabel).click();
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('main').locator('dl')).toContainText(`Ends on${endDate}`);
  await expect(page.getByRole('main').locator('dl')).not.toContainText('next possible date');

  // Back keeps the choice.
  await page.getByRole('button', { name: t.back }).click();
  await expect(group.getByRole('radio').nth(1)).toBeChecked();
  await page.getByRole('button', { name: t.next }).click();
  await page.getByRole('button', { name: t.cancelNow, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: t.doneTitle })).toBeVisible();
  const facts = page.getByRole('main').locator('dl');
  await expect(facts).toContainText(`Subscription ${customer.orders.active.subscriptionNumber} (order ${customer.orders.active.number}), ordinary termination`);
  await expect(facts).toContainText(/Notice received\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM) \(German time\)/);
  await expect(facts).toContainText(`Ends on${endDate}`);
  await expectNoAxeViolations(page);
  const [mail] = await outboxOf(page, email);
  const [month, day, year] = endDate.split('/');
  expect(mail?.body).toContain(`ends on ${year}-${month}-${day}`);
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`an already terminated subscription says so and offers to end another one (${locale})`, async ({ page }) => {
    const t = texts[locale];
    const customer = await newCustomer(page);
    await gotoInLocale(page, '/cancel-contract', locale);
    await fillIdentity(page, locale, { number: customer.orders.withdrawable.number, email: customer.email });
    await page.getByRole('button', { name: t.next }).click();
    await expect(page.getByRole('heading', { level: 2, name: t.already })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: locale === 'de-DE' ? 'Einen weiteren Vertrag kündigen' : 'Cancel another contract' }).click();
    await expect(page.getByLabel(t.number)).toHaveValue(customer.orders.withdrawable.number);
  });
}

test('after 5 unsuccessful attempts the form is locked and says until when (de-DE); another browser is not', async ({ page, browser }) => {
  const t = texts['de-DE'];
  const customer = await newCustomer(page);
  await page.goto('/cancel-contract');
  await fillIdentity(page, 'de-DE', { number: 'A-999999', email: customer.email });
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    // The alert looks the same after each attempt: wait for each answer.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v2/subscription/terminations/dates'));
    await page.getByRole('button', { name: t.next }).click();
    expect((await answered).status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText(t.notFound);
  }
  await page.getByLabel(t.number).fill(customer.orders.active.number);
  await page.getByRole('button', { name: t.next }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(t.tooMany);
  await expect(alert).toContainText(/Bitte versuchen Sie es nach \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr \(deutsche Zeit\) erneut\./);
  await expect(page.getByLabel(t.number)).toHaveValue(customer.orders.active.number);
  await expectNoAxeViolations(page);

  const other = await browser.newPage();
  try {
    await other.goto(page.url());
    await fillIdentity(other, 'de-DE', { number: customer.orders.active.number, email: customer.email });
    await other.getByRole('button', { name: t.next }).click();
    await expect(other.getByRole('radiogroup', { name: t.chooseLabel })).toBeVisible();
  } finally {
    await other.close();
  }
});

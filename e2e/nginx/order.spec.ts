import { expect, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale, signIn, signInOnSandboxPage, uniqueEmail } from '../support';
import { acceptTerms, chooseStart, countCalls, fillAccount, fillBilling, next, text, useProduct } from '../order-steps';

/**
 * The order wizard against the production build and the sandbox (SPEC.md 2.3, 4.1, issue 5),
 * served as an operator deploys it: nginx with the shipped configuration in front, the API and the
 * sandbox's sign-in and payment pages behind it (the `nginx` project, docs/deploy.md). The German
 * journey goes on to the ticket, Log out and the sign-in page, so that one journey covers what the
 * session needs of the web server (cookies, CSRF, the sign-in form and the payment frame on one origin).
 * Each visitor registers with an address of its own, so the tests can run in parallel.
 */

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`a visitor orders deuti, registers, pays by SEPA and sees the confirmation${locale === 'de-DE' ? ', the ticket, Log out and the sign-in page' : ''} (${locale})`, async ({
    page,
  }) => {
    const calls = countCalls(page);
    await gotoInLocale(page, '/order', locale);
    await chooseStart(page, locale);
    await next(page, locale);
    await fillBilling(page, locale);
    await next(page, locale);
    const email = uniqueEmail('visitor');
    await fillAccount(page, locale, email);
    await next(page, locale);
    await acceptTerms(page, locale);
    await expect(page.getByText('63,00\u00a0€').or(page.getByText('€63.00')).first()).toBeVisible();
    await page.getByRole('button', { name: text[locale].order }).click();

    await expect(page).toHaveURL(/\/app\/payment\/A-\d+/);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByTestId('order-number')).toBeVisible();
    // The provider's page speaks the portal's language (decision 19).
    const german = locale === 'de-DE';
    await frame.getByLabel(german ? 'Kontoinhaber/in' : 'Account holder').fill('Erika Musterfrau');
    await frame.getByLabel('IBAN').fill('DE02 1203 0000 0000 2020 51');
    await frame.getByLabel('BIC').fill('BYLADEM1001');
    await frame.getByLabel(german ? /SEPA-Lastschriftmandat/ : /SEPA direct debit mandate/).check();
    await frame.getByRole('button', { name: german ? 'Mit Lastschrift bezahlen' : 'Pay by direct debit' }).click();
    await expect(page).toHaveURL(/transactionId=/);
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(/^A-\d+$/);
    expect(calls).toEqual({ register: 1, submit: 1 });
    // Signed in by the registration, the header offers the portal and Log out (SPEC.md 2.3).
    await expect(page.getByRole('link', { name: german ? 'Mein Portal' : 'My portal' })).toHaveAttribute('href', '/app/dashboard');
    await expect(page.getByRole('button', { name: german ? 'Abmelden' : 'Log out' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The new customer finds the order in the list, as an active subscription.
    await page.getByRole('link', { name: locale === 'de-DE' ? 'Zu meinen Tickets' : 'To my tickets' }).click();
    const item = page.getByTestId('order-item').filter({ hasText: orderNumber });
    await expect(item).toContainText(locale === 'de-DE' ? 'Aktiv' : 'Active');
    await expectNoAxeViolations(page);
    if (!german) return;

    // The ticket, Log out, and back in on the sign-in page (posted through nginx to the sandbox).
    await item.getByRole('link', { name: 'Ticket anzeigen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ihr Ticket' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Aztec-Code des Tickets / })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
    const logIn = page.getByRole('banner').getByRole('link', { name: 'Anmelden', exact: true });
    await logIn.click();
    await signInOnSandboxPage(page, email);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });
}

test('a signed-in joti customer with full subsidy orders without the account step and goes straight to the confirmation', async ({ page }) => {
  await useProduct(page, 'joti');
  await signIn(page, 'joti@example.com');
  await page.evaluate(() => window.localStorage.setItem('portal.locale', 'en-US'));
  await page.goto('/app/order');
  await expect(page.getByRole('heading', { level: 2, name: 'Your employer' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Company number' }).fill('TDX9950');
  await page.getByRole('textbox', { name: 'Staff number' }).fill('123456');
  await expect(page.getByText(/Your employer pays the full price/)).toBeVisible();
  await next(page, 'en-US');
  await chooseStart(page, 'en-US');
  await next(page, 'en-US');
  await fillBilling(page, 'en-US');
  await next(page, 'en-US');
  await acceptTerms(page, 'en-US');
  await expect(page.getByRole('heading', { level: 2, name: 'Your customer account' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Order with obligation to pay' }).click();
  await expect(page).toHaveURL(/\/app\/order\/confirmation\?orderNumber=B-\d+/);
});

test('seti: a taken matriculation number is refused with its message', async ({ page }) => {
  await useProduct(page, 'seti');
  await gotoInLocale(page, '/order', 'en-US');
  await expect(page.getByRole('heading', { level: 2, name: 'Your university' })).toBeVisible();
  await page.getByRole('textbox', { name: 'University number' }).fill('UNI0001');
  await page.getByRole('textbox', { name: 'First name' }).fill('Sophie');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Wagner');
  await page.getByRole('textbox', { name: 'Matriculation number' }).fill('4711001');
  await next(page, 'en-US');
  await expect(page.getByText('This matriculation number is already in use for a ticket.')).toBeVisible();
});

test('the tickets list shows every status of SPEC.md 4.3, sorted active, ordered, canceled, revoked', async ({ page }) => {
  await signIn(page, 'deuti@example.com');
  await page.goto('/app/dashboard/tickets');
  await expect(page.getByTestId('order-item').filter({ hasText: 'A-100009' })).toBeVisible();
  const statuses = await page
    .getByTestId('order-item')
    .evaluateAll((items) => items.map((item) => item.querySelector('[data-status]')?.getAttribute('data-status')));
  expect(statuses.length).toBeGreaterThanOrEqual(11);
  const rank = { active: 0, ordered: 1, canceled: 2, revoked: 3 } as Record<string, number>;
  expect(statuses.map((status) => rank[status ?? ''])).toEqual([...statuses.map((status) => rank[status ?? ''])].sort());
  expect(new Set(statuses)).toEqual(new Set(['active', 'ordered', 'canceled', 'revoked']));
  await expect(page.getByTestId('order-item').filter({ hasText: 'A-100009' })).toContainText('Widerrufen');
  await expectNoAxeViolations(page);
});

import { expect, type FrameLocator, type Page } from '@playwright/test';
import { test } from '@playwright/test';

import { expectNoAxeViolations, signIn, signInAsNewCustomer, rememberLocale } from './support';

/**
 * Payment after an order and the change of a payment method (SPEC.md 2.2, 2.3, 4.6, 8) against the
 * production build and the sandbox's hosted payment page (docs/decisions/0009-hosted-payment-page.md).
 * A payment makes an order a subscription, so the tests that pay use the pending order of a customer
 * of their own (signInAsNewCustomer), not the demo account's orders that the tickets list's test
 * reads; the declined payment (which changes nothing) uses the seeded A-100007 (approved).
 */

const frameOf = (page: Page): FrameLocator => page.frameLocator('iframe');

/** The portal page with the provider's page in its frame (either language). */
async function expectPaymentFrame(page: Page, orderNumber: string): Promise<FrameLocator> {
  const iframe = page.locator('iframe');
  await expect(iframe).toHaveAttribute('height', '1700');
  await expect(iframe).toHaveAttribute('title', /Zahlungsformular unseres Zahlungsanbieters|Payment form of our payment provider/);
  await expect(iframe).toHaveAttribute('src', /\/sandbox\/pay\//);
  const frame = frameOf(page);
  await expect(frame.getByTestId('order-number')).toHaveText(orderNumber);
  return frame;
}

/** The language of the provider's page in the frame (its `<html lang>`). */
async function expectFrameLanguage(frame: FrameLocator, lang: 'de-DE' | 'en-US'): Promise<void> {
  await expect(frame.locator('html')).toHaveAttribute('lang', lang);
}

/**
 * Collects the Content-Security-Policy violations of the page and its frames (decision 21): the
 * browser's own console reports and the `securitypolicyviolation` events, which a script added to
 * every document (outside the policy) writes to the console.
 */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`);
    });
  });
  page.on('console', (message) => {
    if (/content.security.policy|securitypolicyviolation/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('payment after an order', () => {
  // The portal, the sign-in page and the provider's page in the frame run under their policies
  // without a single violation, in every payment test (the shipped headers, public/_headers).
  let violations: string[] = [];
  test.beforeEach(async ({ page }) => {
    violations = await watchPolicyViolations(page);
  });
  test.afterEach(() => {
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  });

  test('pays by SEPA direct debit in the frame and lands on the order confirmation (de-DE)', async ({ page }) => {
    const { number } = (await signInAsNewCustomer(page)).orders.pending;
    await page.goto(`/app/payment/${number}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Zahlung' })).toBeVisible();
    const frame = await expectPaymentFrame(page, number);
    await expectFrameLanguage(frame, 'de-DE');
    // The portal's own page passes axe; the frame's page is the provider's.
    await expectNoAxeViolations(page);

    // A refused IBAN (the seeded blacklisted one) comes back inside the frame: the portal's header
    // and footer stay, the provider's page shows its message and keeps what was typed (decision 9).
    await frame.getByLabel('Kontoinhaber/in').fill('Erika Mustermann');
    await frame.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await frame.getByLabel('BIC').fill('BYLADEM1001');
    await frame.getByLabel(/SEPA-Lastschriftmandat/).check();
    await frame.getByRole('button', { name: 'Mit Lastschrift bezahlen' }).click();
    const refusal = 'Diese IBAN kann nicht für Lastschriften verwendet werden. Bitte geben Sie ein anderes Konto an oder zahlen Sie mit Karte.';
    await expect(frame.getByRole('alert')).toContainText(`IBAN: ${refusal}`);
    await expect(frame.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');
    await expect(frame.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
    await expect(frame.getByLabel('Kontoinhaber/in')).toHaveValue('Erika Mustermann');
    await expect(page).toHaveURL(new RegExp(`/app/payment/${number}$`));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Zahlung' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveAttribute('height', '1700');
    await expectNoAxeViolations(page);

    // Corrected in the frame, the payment goes through and the portal's window moves on.
    await frame.getByLabel('IBAN').fill('DE02 1203 0000 0000 2020 51');
    await frame.getByRole('button', { name: 'Mit Lastschrift bezahlen' }).click();

    // The provider's leaving page moves the whole window back with the transaction in the query.
    await expect(page).toHaveURL(new RegExp(`/app/payment/${number}\\?.*transactionId=`));
    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
    await expect(page.getByText('Ihre Zahlungsdaten wurden gespeichert')).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(number);
    for (const part of ['Bestätigung per E-Mail verschickt', 'Bestätigung Ihrer E-Mail-Adresse', 'Ihr Ticket']) {
      await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // The order is a subscription now: the tickets page is one click away.
    await page.getByRole('link', { name: 'Zu meinen Tickets' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  });

  test('pays by card in English, then changes the payment method of the same order', async ({ page }) => {
    const { number, id } = (await signInAsNewCustomer(page)).orders.pending;
    await rememberLocale(page, 'en-US');
    await page.goto(`/app/payment/${number}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    let frame = await expectPaymentFrame(page, number);
    await expectNoAxeViolations(page);
    // The provider's page follows the portal's language (decision 19): English without a click.
    await expectFrameLanguage(frame, 'en-US');
    await expect(frame.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Deutsch' })).toBeVisible();
    await frame.getByLabel('Cardholder').fill('Erika Mustermann');
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByLabel(/Valid until/).fill('12/39');
    await frame.getByRole('button', { name: 'Pay by card' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The edit variant: the same frame, posted without an order number; success is a change confirmation.
    await page.goto(`/app/payment/edit/${number}?orderId=${id}&orderNumber=${number}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Change payment method' })).toBeVisible();
    frame = await expectPaymentFrame(page, number);
    await expectNoAxeViolations(page);
    await expectFrameLanguage(frame, 'en-US');
    await expect(frame.getByRole('heading', { level: 1, name: 'Change payment method' })).toBeVisible();
    await frame.getByLabel('Account holder').fill('Erika Mustermann');
    await frame.getByLabel('IBAN').fill('DE02 1203 0000 0000 2020 51');
    await frame.getByLabel('BIC').fill('BYLADEM1001');
    await frame.getByLabel(/SEPA direct debit mandate/).check();
    await frame.getByRole('button', { name: 'Save direct debit' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/payment/edit/${number}\\?.*transactionId=`));
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment method has been changed' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to my tickets' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  });

  test('a declined payment shows the failure page with retry, which starts the payment again', async ({ page }) => {
    await signIn(page, 'deuti@example.com');
    await page.goto('/app/payment/A-100007');
    const frame = await expectPaymentFrame(page, 'A-100007');
    await frame.getByRole('button', { name: 'Ablehnung simulieren' }).click();

    await expect(page).toHaveURL(/\/app\/payment\/failure\?orderNumber=A-100007&hasShopError=false$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Die Zahlung ist nicht durchgegangen' })).toBeVisible();
    await expect(page.getByText('Ihre Zahlung konnte nicht abgeschlossen werden.')).toBeVisible();
    await expect(page.getByText(/Unser Shop konnte die Zahlung nicht verarbeiten/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await rememberLocale(page, 'en-US');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The payment did not go through' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/app\/payment\/A-100007$/);
    await expectPaymentFrame(page, 'A-100007');
  });

  test('the declined test card shows the failure page too', async ({ page }) => {
    await signIn(page, 'deuti@example.com');
    await page.goto('/app/payment/A-100008');
    const frame = await expectPaymentFrame(page, 'A-100008');
    await frame.getByLabel('Karteninhaber/in').fill('Erika Mustermann');
    await frame.getByLabel('Kartennummer').fill('4000 0000 0000 0002');
    await frame.getByLabel(/Gültig bis/).fill('12/39');
    await frame.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await expect(page).toHaveURL(/\/app\/payment\/failure\?orderNumber=A-100008&hasShopError=false$/);
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  });

  test('a provider error is a shop error: the shop text, and no retry', async ({ page }) => {
    await signIn(page, 'deuti@example.com');
    await page.goto('/app/payment/A-100004');
    const frame = await expectPaymentFrame(page, 'A-100004');
    await frame.getByRole('button', { name: 'Anbieterfehler simulieren' }).click();
    // The success call answers 500: the portal's own rule sets hasShopError.
    await expect(page).toHaveURL(/\/app\/payment\/failure\?orderNumber=A-100004&hasShopError=true$/);
    await expect(page.getByText(/Unser Shop konnte die Zahlung nicht verarbeiten/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the failure page offers no retry without an order number', async ({ page }) => {
    await signIn(page, 'deuti@example.com');
    await page.goto('/app/payment/failure?hasShopError=false');
    await expect(page.getByRole('heading', { level: 1, name: 'Die Zahlung ist nicht durchgegangen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeVisible();
  });

  test("the edit page in plain words: the university's instrument cannot be changed here (de-DE, keyboard), an unknown order number is not found (en-US)", async ({ page }) => {
    // Read-only: the seti demo account's upsert is refused (instrumentNotEditable), nothing changes.
    await signIn(page, 'seti@example.com');
    await page.goto('/app/payment/edit/C-300001?orderId=order-seti-active&orderNumber=C-300001');
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Zahlungsart kann hier nicht geändert werden' })).toBeVisible();
    await expect(page.getByText(/Das Ticket der Bestellung C-300001 wird über Ihren Arbeitgeber oder Ihre Hochschule bezahlt/)).toBeVisible();
    await expect(page.getByText(/nicht durchgegangen|konnte nicht abgeschlossen werden/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    const toAccount = page.getByRole('link', { name: 'Zu meinen Daten' });
    await expect(toAccount).toHaveAttribute('href', '/app/dashboard/account');
    await expectNoAxeViolations(page);
    // Keyboard only: the heading has the focus (SPEC.md 4.8); Tab reaches the link, Enter follows it.
    for (let presses = 0; presses < 5 && !(await toAccount.evaluate((link) => link === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(toAccount).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/dashboard\/account$/);

    await rememberLocale(page, 'en-US');
    await page.goto('/app/payment/edit/X-999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeVisible();
    await expect(page.getByText('Your account has no order with the number X-999999.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
    await expectNoAxeViolations(page);
  });

  test('an altered return link finds no payment: the not-found view links to paying again', async ({ page }) => {
    await signIn(page, 'deuti@example.com');
    await rememberLocale(page, 'en-US');
    await page.goto('/app/payment/A-100009?orderId=order-deuti-unknown&transactionId=tx-forged&paymentMethod=BANKACCOUNT&paymentInstrumentId=pi-forged');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enter the payment details again' })).toHaveAttribute('href', '/app/payment/A-100009');
    await expectNoAxeViolations(page);
  });
});

test.describe('order confirmation page', () => {
  for (const [locale, title, parts] of [
    ['de-DE', 'Vielen Dank für Ihre Bestellung', ['Bestätigung per E-Mail verschickt', 'Bestätigung Ihrer E-Mail-Adresse', 'Ihr Ticket']],
    ['en-US', 'Thank you for your order', ['Confirmation sent by email', 'Confirming your email address', 'Your ticket']],
  ] as const) {
    test(`shows its three parts (${locale})`, async ({ page }) => {
      await signIn(page, 'deuti@example.com');
      await rememberLocale(page, locale);
      await page.goto('/app/order/confirmation?orderNumber=A-100001');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('order-number')).toHaveText('A-100001');
      for (const part of parts) await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

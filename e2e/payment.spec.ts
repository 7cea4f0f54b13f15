import { expect, type FrameLocator, type Page } from '@playwright/test';
import { test } from '@playwright/test';

import { expectNoAxeViolations, signIn, signInAsNewCustomer, rememberLocale } from './support';

/**
 * Payment after an order and the change of a payment method (SPEC.md 2.2, 2.3, 4.6, 8) against the
 * production build and the sandbox's hosted payment page (docs/decisions/0009-hosted-payment-page.md),
 * around the payment machine. Every screen state and transition of the machine the browser can
 * cause (both variants, each also as the provider's return; every failure of the four calls, a 503
 * to /maintenance, a provider page outside the allow-list, the university's instrument, an altered
 * return link) is a browser path generated from it (e2e/machine-paths/payment.ts, run by
 * e2e/machine-paths.spec.ts), each screen with no Content-Security-Policy violation. Here is what no
 * machine holds: the provider's own refusal inside the frame with the portal around it, the failure
 * page on its own (its retry, the history after it), and the order confirmation page; the first two
 * watch the policies too. The refusal uses the pending order of a customer of its own
 * (signInAsNewCustomer); the failure page reads the seeded A-100005 and A-100007 (changing nothing).
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

  test('a refused IBAN comes back inside the frame, with the portal around it (de-DE)', async ({ page }) => {
    const { number } = (await signInAsNewCustomer(page)).orders.pending;
    await page.goto(`/app/payment/${number}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Zahlung' })).toBeVisible();
    const frame = await expectPaymentFrame(page, number);
    await expectFrameLanguage(frame, 'de-DE');

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
  });

  test('the failure page on its own: it replaces the failed payment in the history, offers no retry without an order number, and with one its retry starts the payment again', async ({
    page,
  }) => {
    await signIn(page, 'deuti@example.com');
    // A failed save after an order: the failure page replaces the payment page, so Back leaves the payment.
    await page.route('**/api/v2/payment/paymentprovider/user-payment-instruments', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/problem+json', body: '{"status":500}' }) : route.fallback(),
    );
    await page.goto('/app/payment/A-100005');
    await expect(page).toHaveURL(/\/app\/payment\/failure\?orderNumber=A-100005&hasShopError=true$/);
    await page.unrouteAll();
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    await page.goto('/app/payment/failure?hasShopError=false');
    await expect(page.getByRole('heading', { level: 1, name: 'Die Zahlung ist nicht durchgegangen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Zurück zur Übersicht' })).toHaveAttribute('href', '/app/dashboard');

    // With an order number (where the provider sends a declined payment): its retry starts the payment again.
    await page.goto('/app/payment/failure?orderNumber=A-100007&hasShopError=false');
    await expect(page.getByText('Ihre Zahlung konnte nicht abgeschlossen werden.')).toBeVisible();
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page).toHaveURL(/\/app\/payment\/A-100007$/);
    await expectPaymentFrame(page, 'A-100007');
  });
});

test.describe('order confirmation page', () => {
  // One language: the payment's success step shows the same confirmation in the generated tours.
  for (const [locale, title, parts] of [
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

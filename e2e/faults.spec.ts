import { expect, type Page, test } from '@playwright/test';

import { acceptTerms, chooseStart, countCalls, fillAccount, fillBilling, next } from './order-steps';
import { gotoInLocale, outboxOf, uniqueEmail } from './support';

/**
 * Tests that inject faults into the shared sandbox, or change the demo accounts' data that other
 * tests read. They run in their own Playwright project after the others (a fault on a path would hit
 * any test calling it), one after another.
 */
test.describe.configure({ mode: 'default' });

/** A visitor on the summary of a deuti order, terms accepted (en-US). */
async function toSummary(page: Page, name: string): Promise<void> {
  await gotoInLocale(page, '/order', 'en-US');
  await chooseStart(page, 'en-US');
  await next(page, 'en-US');
  await fillBilling(page, 'en-US');
  await next(page, 'en-US');
  await fillAccount(page, 'en-US', uniqueEmail(name));
  await next(page, 'en-US');
  await acceptTerms(page, 'en-US');
}

test('a read answered 503 is tried again twice; a third 503 sends the customer to the maintenance page, whose way back leads to the page that failed', async ({
  page,
  request,
}) => {
  const startDates = { method: 'GET', path: '/api/v1/order/startdates', status: 503 };
  await request.post('/__sandbox/faults', { data: { ...startDates, times: 2 } });
  try {
    await page.goto('/');
    await expect(page.getByTestId('start-price')).toContainText('63,00');
    await expect(page).toHaveURL(/\/$/);
    await request.post('/__sandbox/faults', { data: { ...startDates, times: 3 } });
    await page.goto('/order');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wir warten das Portal');
    await expect(page).toHaveURL(/\/maintenance\?from=%2Forder%3Fstep%3DstartAndTraveler$/);
  } finally {
    await request.delete('/__sandbox/faults');
  }
  const tryAgain = page.getByRole('link', { name: 'Erneut versuchen' });
  await expect(tryAgain).toHaveAttribute('href', '/order?step=startAndTraveler');
  await tryAgain.click();
  await expect(page).toHaveURL(/\/order\?step=startAndTraveler$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Startdatum und Reisende' })).toBeVisible();
});

test('a double click on the order button makes exactly one register and one submit call; a 400 and a 500 keep the data', async ({ page, request }) => {
  const calls = countCalls(page);
  await toSummary(page, 'double');
  // The first submit answers 400: its message, every value kept, no retry.
  await request.post('/__sandbox/faults', { data: { method: 'POST', path: '/api/v3/order/orders/submit', status: 400, times: 1 } });
  await page.getByRole('button', { name: 'Order with obligation to pay' }).dblclick();
  await expect(page.getByRole('alert')).toContainText('Some of your details were not accepted');
  await expect(page.getByText('Invalidenstraße 117')).toBeVisible();
  expect(calls).toEqual({ register: 1, submit: 1 });
  // Then two 500s: two attempts, the generic message.
  await request.post('/__sandbox/faults', { data: { method: 'POST', path: '/api/v3/order/orders/submit', status: 500, times: 2 } });
  await page.getByRole('button', { name: 'Order with obligation to pay' }).click();
  await expect(page.getByRole('alert')).toContainText('Something went wrong while sending your order');
  expect(calls).toEqual({ register: 1, submit: 3 });
  // And then it goes through, still registered only once.
  await page.getByRole('button', { name: 'Order with obligation to pay' }).click();
  await expect(page).toHaveURL(/\/app\/payment\/A-\d+/);
  expect(calls).toEqual({ register: 1, submit: 4 });
});

test('a registration that fails with a 500 keeps the data, says so, and the next click registers once more and orders', async ({ page, request }) => {
  const calls = countCalls(page);
  await toSummary(page, 'register-500');
  await request.post('/__sandbox/faults', { data: { method: 'POST', path: '/api/v2/auth/register', status: 500, times: 1 } });
  try {
    await page.getByRole('button', { name: 'Order with obligation to pay' }).click();
    await expect(page.getByRole('alert')).toContainText('Your account could not be created. Please try again in a moment.');
  } finally {
    await request.delete('/__sandbox/faults');
  }
  await expect(page.getByText('Invalidenstraße 117')).toBeVisible();
  expect(calls).toEqual({ register: 1, submit: 0 });
  await page.getByRole('button', { name: 'Order with obligation to pay' }).click();
  await expect(page).toHaveURL(/\/app\/payment\/A-\d+/);
  expect(calls).toEqual({ register: 2, submit: 1 });
});

test('a failed auto sign-in after the registration says so; the next click signs in with the same code and orders, registered once', async ({
  page,
  request,
}) => {
  const calls = countCalls(page);
  await toSummary(page, 'auto-sign-in-500');
  await request.post('/__sandbox/faults', { data: { method: 'POST', path: '/api/v2/auth/authorization/token', status: 500, times: 1 } });
  try {
    await page.getByRole('button', { name: 'Order with obligation to pay' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your account was created, but signing you in failed.' })).toBeVisible();
  } finally {
    await request.delete('/__sandbox/faults');
  }
  expect(calls).toEqual({ register: 1, submit: 0 });
  await page.getByRole('button', { name: 'Order with obligation to pay' }).click();
  await expect(page).toHaveURL(/\/app\/payment\/A-\d+/);
  expect(calls).toEqual({ register: 1, submit: 1 });
});

test('a visitor ends the demo subscription A-100001 from the footer link without signing in; the confirmation reaches the outbox (§ 312k BGB, de-DE)', async ({
  page,
}) => {
  // Changes the demo account's A-100001, which the portal project's tests read: so it runs here, last.
  const email = `visitor-a100001-${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Verträge hier kündigen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vertrag kündigen' })).toBeVisible();
  await page.getByLabel('Bestell- oder Abonummer').fill('A-100001');
  await page.getByLabel('Vorname').fill('Erika');
  await page.getByLabel('Nachname').fill('Mustermann');
  await page.getByRole('group', { name: 'Geburtsdatum' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('12081964');
  await page.getByLabel('E-Mail-Adresse für die Bestätigung').fill(email);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Abonnement S-A100001 (Bestellung A-100001)' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'jetzt kündigen', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Kündigung ist eingegangen' })).toBeVisible();
  await expect(page.getByRole('main').locator('dl')).toContainText('Abonnement S-A100001 (Bestellung A-100001), ordentliche Kündigung');

  for (const to of [email, 'deuti@example.com']) {
    const mails = await outboxOf(page, to);
    expect(mails.map((mail) => mail.subject)).toContain('Kündigungsbestätigung S-A100001 / Confirmation of your termination');
  }
});

import { expect, type Page, test } from '@playwright/test';

import { newCustomer } from './support';

/**
 * Ending a contract without signing in (§ 312k BGB; issue 10 item 6; decision 22), around its
 * machine. Every screen state and transition of the flow (from the footer's "Verträge hier
 * kündigen" / "Cancel contracts here" to the confirmation, every answer of the lookup and of the
 * termination, a date that passed meanwhile) is a browser path generated from the machine
 * (e2e/machine-paths/cancel-contract.ts, run by e2e/machine-paths.spec.ts); their failures are made
 * in the page's network. Here is what no machine holds: the sandbox's own attempt limit, which locks
 * one browser and not another. It uses a fresh customer of its own (POST /__sandbox/customers, not
 * signed in), never the demo accounts' A-100001, which other browser tests read; ending A-100001
 * from the footer, with its mails, is in faults.spec.ts.
 */

const texts = {
  number: 'Bestell- oder Abonummer',
  firstName: 'Vorname',
  lastName: 'Nachname',
  birthdate: 'Geburtsdatum',
  birthdateKeys: '17051980',
  email: 'E-Mail-Adresse für die Bestätigung',
  next: 'Weiter',
  chooseLabel: 'Wann soll Ihr Abonnement enden?',
  notFound: 'Wir konnten keinen Vertrag mit diesen Angaben finden',
  tooMany: 'Zu viele erfolglose Versuche',
} as const;

async function fillIdentity(page: Page, values: { number: string; email: string }): Promise<void> {
  await page.getByLabel(texts.number).fill(values.number);
  await page.getByLabel(texts.firstName).fill('Tessa');
  await page.getByLabel(texts.lastName).fill('Probst');
  await page.getByRole('group', { name: texts.birthdate }).getByRole('spinbutton').first().click();
  await page.keyboard.type(texts.birthdateKeys);
  await page.getByLabel(texts.email).fill(values.email);
}

test('after 5 unsuccessful attempts the form is locked and says until when (de-DE); another browser is not', async ({ page, browser }) => {
  const t = texts;
  const customer = await newCustomer(page);
  await page.goto('/cancel-contract');
  await fillIdentity(page, { number: 'A-999999', email: customer.email });
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

  const other = await browser.newPage();
  try {
    await other.goto(page.url());
    await fillIdentity(other, { number: customer.orders.active.number, email: customer.email });
    await other.getByRole('button', { name: t.next }).click();
    await expect(other.getByRole('radiogroup', { name: t.chooseLabel })).toBeVisible();
  } finally {
    await other.close();
  }
});

import { expect, type Page } from '@playwright/test';

import { demoPassword, type Locale } from './support';

/** Filling the order wizard's steps, shared by order.spec.ts and faults.spec.ts. */
export const text = {
  'de-DE': {
    startMonth: 'Erster Monat Ihres Tickets',
    next: 'Weiter',
    back: 'Zurück',
    salutation: 'Anrede',
    ms: 'Frau',
    firstName: 'Vorname',
    lastName: 'Nachname',
    birthdate: 'Geburtsdatum',
    zip: 'Postleitzahl',
    city: 'Ort',
    street: 'Straße',
    houseNumber: 'Hausnummer',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    repeat: 'Passwort wiederholen',
    privacy: 'Ich akzeptiere die Datenschutzerklärung.',
    conditions: /Beförderungsbedingungen/,
    agb: /Allgemeinen Geschäftsbedingungen/,
    order: 'Zahlungspflichtig bestellen',
    summary: 'Prüfen und bestellen',
    billingTitle: 'Rechnungsadresse',
    accountTitle: 'Ihr Kundenkonto',
    birthdateKeys: '15031990', // DD.MM.YYYY
  },
  'en-US': {
    startMonth: 'First month of your ticket',
    next: 'Next',
    back: 'Back',
    salutation: 'Salutation',
    ms: 'Ms',
    firstName: 'First name',
    lastName: 'Last name',
    birthdate: 'Date of birth',
    zip: 'Postcode',
    city: 'City',
    street: 'Street',
    houseNumber: 'House number',
    email: 'Email address',
    password: 'Password',
    repeat: 'Repeat password',
    privacy: 'I accept the privacy statement.',
    conditions: /conditions of transport/,
    agb: /general terms and conditions/,
    order: 'Order with obligation to pay',
    summary: 'Check and order',
    billingTitle: 'Billing address',
    accountTitle: 'Your customer account',
    birthdateKeys: '03151990', // MM/DD/YYYY
  },
} as const;

export async function next(page: Page, locale: Locale): Promise<void> {
  // As a customer would: not while a price is still loading (its box is about to change).
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.getByRole('button', { name: text[locale].next, exact: true }).click();
}

/** The start step: the second offered month (the first may warn: today is after the 10th). */
export async function chooseStart(page: Page, locale: Locale): Promise<void> {
  const months = page.getByRole('radiogroup', { name: text[locale].startMonth }).getByRole('radio');
  await expect(months.first()).toBeAttached();
  // react-aria keeps the radio input visually hidden inside its label: check it through the label.
  await months.nth(1).check({ force: true });
}

export async function fillBilling(page: Page, locale: Locale, options: { namesReadOnly?: boolean } = {}): Promise<void> {
  const t = text[locale];
  await expect(page.getByRole('heading', { level: 2, name: t.billingTitle })).toBeVisible();
  await page.getByRole('radiogroup', { name: t.salutation }).getByRole('radio', { name: t.ms }).check({ force: true });
  if (!options.namesReadOnly) {
    await page.getByRole('textbox', { name: t.firstName }).fill('Erika');
    await page.getByRole('textbox', { name: t.lastName }).fill('Musterfrau');
  }
  await page.getByRole('group', { name: t.birthdate }).getByRole('spinbutton').first().click();
  await page.keyboard.type(t.birthdateKeys);
  await page.getByRole('textbox', { name: t.zip }).fill('10115');
  await page.getByRole('textbox', { name: t.city }).fill('Berlin');
  await page.getByRole('textbox', { name: t.street }).fill('Invalidenstraße');
  await page.getByRole('textbox', { name: t.houseNumber }).fill('117');
}

export async function fillAccount(page: Page, locale: Locale, email: string): Promise<void> {
  const t = text[locale];
  await expect(page.getByRole('heading', { level: 2, name: t.accountTitle })).toBeVisible();
  await page.getByRole('textbox', { name: t.email }).fill(email);
  await page.getByRole('textbox', { name: t.password, exact: true }).fill(demoPassword);
  await page.getByRole('textbox', { name: t.repeat }).fill(demoPassword);
  await page.getByRole('checkbox', { name: t.privacy }).check({ force: true });
}

export async function acceptTerms(page: Page, locale: Locale): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: text[locale].summary })).toBeVisible();
  await page.getByRole('checkbox', { name: text[locale].conditions }).check({ force: true });
  await page.getByRole('checkbox', { name: text[locale].agb }).check({ force: true });
}

/** Counts the calls that must happen exactly once. */
export function countCalls(page: Page) {
  const counts = { register: 0, submit: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/v2/auth/register')) counts.register += 1;
    if (request.url().endsWith('/api/v3/order/orders/submit')) counts.submit += 1;
  });
  return counts;
}

/** One build serves every product: a test picks its product by serving another config.json. */
export async function useProduct(page: Page, product: 'deuti' | 'joti' | 'seti'): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, product } });
  });
}

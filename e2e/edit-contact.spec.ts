import { expect, test } from '@playwright/test';

import { expectNoAxeViolations, signInAsNewCustomer, tabTo, typeInto, rememberLocale } from './support';

/**
 * Changing the traveler and the billing address (SPEC.md 2.3, 5.1, 7.1, 7.3, 8), one machine
 * (machines/edit-contact) behind four routes. Every test has a fresh customer of its own
 * (signInAsNewCustomer): `orders.active` is a running deuti subscription, `orders.pending` an order
 * that starts next month. What is saved is checked by opening the screen again: it shows the saved
 * person. Rules (field messages, every failure branch) are Vitest's: tests/machines/edit-contact.*.
 */

const texts = {
  'de-DE': {
    firstName: 'Vorname der reisenden Person',
    lastName: 'Nachname der reisenden Person',
    gender: 'Geschlecht der reisenden Person',
    male: 'Männlich',
    birthdate: 'Geburtsdatum der reisenden Person',
    birthdateKeys: '15032012',
    self: 'Ich fahre selbst',
    other: 'Eine andere Person',
    save: 'Speichern',
    cancel: 'Abbrechen',
    zip: 'Postleitzahl',
    city: 'Ort',
    street: 'Straße',
    houseNumber: 'Hausnummer',
    firstNameBilling: 'Vorname',
    countryFormat: 'Diese Postleitzahl passt nicht zum gewählten Land.',
    tooLong: 'Höchstens 16 Zeichen.',
    invalidFields: 'Bitte prüfen Sie die markierten Felder',
  },
  'en-US': {
    firstName: 'First name of the traveler',
    lastName: 'Last name of the traveler',
    gender: 'Gender of the traveler',
    male: 'Male',
    birthdate: 'Date of birth of the traveler',
    birthdateKeys: '03152012',
    self: 'I travel myself',
    other: 'Another person',
    save: 'Save',
    cancel: 'Cancel',
    zip: 'Postcode',
    city: 'City',
    street: 'Street',
    houseNumber: 'House number',
    firstNameBilling: 'First name',
    countryFormat: 'This postcode does not fit the selected country.',
    tooLong: 'At most 16 characters.',
    invalidFields: 'Please check the marked fields',
  },
} as const;

const ticketsUrl = /\/app\/dashboard\/tickets$/;

test('changes the traveler of the active subscription to another person with the keyboard alone (de-DE)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const t = texts['de-DE'];
  const { subscriptionId, subscriptionNumber } = customer.orders.active;
  const href = `/app/dashboard/subscription/${subscriptionId}/traveler`;
  await page.goto(href);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reisende Person des Abonnements ${subscriptionNumber} ändern`);
  await expect(page.getByRole('heading', { level: 2, name: 'Der Name auf dem Ticket ändert sich' })).toBeVisible();
  await expect(page.getByText('auch das Ticket dieses Monats')).toBeVisible();
  const self = page.getByRole('radio', { name: t.self });
  await expect(self).toBeChecked();
  await expect(page.getByRole('textbox', { name: t.firstName })).toHaveCount(0);
  await expect(page.getByRole('link', { name: t.cancel, exact: true })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);

  // "Another person" with the arrow key, then the person's fields.
  await tabTo(page, self);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: t.other })).toBeChecked();
  await typeInto(page, page.getByRole('textbox', { name: t.firstName }), 'Jonas');
  await typeInto(page, page.getByRole('textbox', { name: t.lastName }), 'Probst');
  const male = page.getByRole('radiogroup', { name: t.gender }).getByRole('radio').first();
  await tabTo(page, male);
  await page.keyboard.press('ArrowRight');
  const maleRadio = page.getByRole('radio', { name: t.male });
  await expect(maleRadio).toBeFocused();
  await page.keyboard.press('Space');
  await expect(maleRadio).toBeChecked();
  const birthdate = page.getByRole('group', { name: t.birthdate }).getByRole('spinbutton');
  await tabTo(page, birthdate.first());
  await page.keyboard.type(t.birthdateKeys);
  await expect(birthdate.last()).toHaveAttribute('aria-valuenow', '2012');
  await expectNoAxeViolations(page);

  await tabTo(page, page.getByRole('button', { name: t.save }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(ticketsUrl);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Opened again, the screen shows the saved traveler.
  await page.goto(href);
  await expect(page.getByRole('radio', { name: t.other })).toBeChecked();
  await expect(page.getByRole('textbox', { name: t.firstName })).toHaveValue('Jonas');
  await expect(page.getByRole('textbox', { name: t.lastName })).toHaveValue('Probst');
  await expect(maleRadio).toBeChecked();
  await expect(birthdate.last()).toHaveAttribute('aria-valuenow', '2012');
});

test('changes the traveler of the pending order; Cancel leads to the tickets (en-US)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  await rememberLocale(page, 'en-US');
  const t = texts['en-US'];
  const { id, number } = customer.orders.pending;
  const href = `/app/dashboard/order/${id}/traveler`;
  await page.goto(href);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Change the traveler of order ${number}`);
  await expect(page.getByRole('heading', { level: 2, name: 'The name on the ticket changes' })).toBeVisible();
  await expect(page.getByText('from its first month on')).toBeVisible();
  await page.getByRole('radio', { name: t.other }).check({ force: true });
  // Save with the fields empty: every field says so, nothing is sent.
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('textbox', { name: t.firstName })).toHaveAccessibleDescription(/Please fill in this field/);
  await expect(page).toHaveURL(href);
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: t.firstName }).fill('Mia');
  await page.getByRole('textbox', { name: t.lastName }).fill('Probst-Lange');
  await page.getByRole('radio', { name: 'Female' }).check({ force: true });
  const birthdate = page.getByRole('group', { name: t.birthdate }).getByRole('spinbutton');
  await birthdate.first().click();
  await page.keyboard.type(t.birthdateKeys);
  await page.getByRole('button', { name: t.save }).click();
  await expect(page).toHaveURL(ticketsUrl);

  await page.goto(href);
  await expect(page.getByRole('textbox', { name: t.lastName })).toHaveValue('Probst-Lange');
  const cancel = page.getByRole('link', { name: t.cancel, exact: true });
  await expect(cancel).toHaveAttribute('href', '/app/dashboard/tickets');
  await cancel.click();
  await expect(page).toHaveURL(ticketsUrl);
});

test('changes the billing address of the subscription and confirms it (en-US)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  await rememberLocale(page, 'en-US');
  const t = texts['en-US'];
  const { subscriptionId, subscriptionNumber } = customer.orders.active;
  const href = `/app/dashboard/subscription/${subscriptionId}/subscriber`;
  await page.goto(href);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Change the billing address of subscription ${subscriptionNumber}`);
  // Prefilled with the current subscriber.
  await expect(page.getByRole('textbox', { name: t.firstNameBilling })).toHaveValue(customer.firstName);
  await expect(page.getByRole('textbox', { name: t.zip })).toHaveValue('50667');
  await expect(page.getByRole('textbox', { name: t.city })).toHaveValue('Köln');
  await expect(page.getByRole('radio', { name: 'Ms' })).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: t.zip }).fill('10115');
  await page.getByRole('textbox', { name: t.city }).fill('Berlin');
  await page.getByRole('textbox', { name: t.street }).fill('Invalidenstraße');
  await page.getByRole('textbox', { name: t.houseNumber }).fill('117');
  await page.getByRole('button', { name: t.save }).click();

  await expect(page).toHaveURL(`${href}/confirmation`);
  await expect(page.getByRole('heading', { level: 1, name: 'The subscriber has been changed' })).toBeVisible();
  await expect(page.getByText('Your new billing address is saved.')).toBeVisible();
  const toTickets = page.getByRole('link', { name: 'Go to my tickets' });
  await expect(toTickets).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);

  await page.goto(href);
  await expect(page.getByRole('textbox', { name: t.city })).toHaveValue('Berlin');
  await expect(page.getByRole('textbox', { name: t.street })).toHaveValue('Invalidenstraße');
});

test('changes the billing address of the pending order; a bad postcode keeps every other entry (de-DE)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const t = texts['de-DE'];
  const { id, number } = customer.orders.pending;
  const href = `/app/dashboard/order/${id}/billing-address`;
  await page.goto(href);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Rechnungsadresse der Bestellung ${number} ändern`);
  await expect(page.getByRole('textbox', { name: t.zip })).toHaveValue('50667');
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/change-orderer')) requests.push(request.method());
  });

  await page.getByRole('textbox', { name: t.city }).fill('Hamburg');
  await page.getByRole('textbox', { name: t.street }).fill('Jungfernstieg');
  await page.getByRole('textbox', { name: t.zip }).fill('00123');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('textbox', { name: t.zip })).toHaveAccessibleDescription(t.countryFormat);
  await expect(page.getByRole('textbox', { name: t.city })).toHaveValue('Hamburg');
  await expect(page.getByRole('textbox', { name: t.street })).toHaveValue('Jungfernstieg');
  await expect(page).toHaveURL(href);
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: t.zip }).fill('20354');
  await expect(page.getByRole('textbox', { name: t.zip })).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page).toHaveURL(ticketsUrl);
  expect(requests).toEqual(['PUT']);

  await page.goto(href);
  await expect(page.getByRole('textbox', { name: t.zip })).toHaveValue('20354');
  await expect(page.getByRole('textbox', { name: t.city })).toHaveValue('Hamburg');
});

test('a field the server refuses is marked at its field, every entry stays, a double click sends once (de-DE)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const t = texts['de-DE'];
  const href = `/app/dashboard/order/${customer.orders.pending.id}/billing-address`;
  let puts = 0;
  // The answer a server with a stricter rule gives (400 validationFailed, the contract's FieldErrorCode at zipCode).
  await page.route('**/api/v3/order/orders/change-orderer', async (route) => {
    puts += 1;
    await route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 400, code: 'validationFailed', title: 'The request has invalid fields', errors: [{ field: 'zipCode', code: 'maxLimit.zipCode' }] }),
    });
  });
  await page.goto(href);
  await page.getByRole('textbox', { name: t.city }).fill('Bonn');
  await page.getByRole('textbox', { name: t.zip }).fill('53111');
  await page.getByRole('button', { name: t.save }).dblclick();

  await expect(page.getByRole('alert').filter({ hasText: t.invalidFields })).toBeVisible();
  await expect(page.getByRole('textbox', { name: t.zip })).toHaveAccessibleDescription(t.tooLong);
  await expect(page.getByRole('textbox', { name: t.zip })).toHaveValue('53111');
  await expect(page.getByRole('textbox', { name: t.city })).toHaveValue('Bonn');
  await expect(page).toHaveURL(href);
  expect(puts).toBe(1);
  await expectNoAxeViolations(page);

  // Cancel without a history of the portal's own: the tickets list.
  await page.getByRole('button', { name: t.cancel }).click();
  await expect(page).toHaveURL(ticketsUrl);
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`an unknown subscription shows the load errors with a retry (${locale})`, async ({ page }) => {
    await signInAsNewCustomer(page);
    await rememberLocale(page, locale);
    const messages =
      locale === 'de-DE'
        ? { traveler: 'Die reisende Person konnte nicht geladen werden', billing: 'Ihre Rechnungsadresse konnte nicht geladen werden', retry: 'Erneut versuchen' }
        : { traveler: 'The traveler could not be loaded', billing: 'Your billing address could not be loaded', retry: 'Try again' };

    await page.goto('/app/dashboard/subscription/sub-unknown/traveler');
    await expect(page.getByRole('alert').filter({ hasText: messages.traveler })).toBeVisible();
    await expect(page.getByRole('button', { name: messages.retry })).toBeEnabled();
    await expectNoAxeViolations(page);

    await page.goto('/app/dashboard/subscription/sub-unknown/subscriber');
    await expect(page.getByRole('alert').filter({ hasText: messages.billing })).toBeVisible();
    await page.getByRole('button', { name: messages.retry }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.billing })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

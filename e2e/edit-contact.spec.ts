import { expect, test } from '@playwright/test';

import { orderItem, pressEnterOn, rememberLocale, signInAsNewCustomer } from './support';

/**
 * Changing the traveler and the billing address (SPEC.md 2.3, 5.1, 7.1, 7.3, 8), one machine
 * (machines/edit-contact) behind four routes. Every screen state and transition of both screens,
 * their failures included (a failed load, a 400 naming a field, a 409, a 400 or 404 without fields,
 * a 500), is a browser path generated from the machine for a subscription
 * (e2e/machine-paths/edit-contact.ts, run by e2e/machine-paths.spec.ts). Here is what no machine
 * holds, on the routes of an order that has not started: both screens saved (with their own texts
 * and calls), one request per double click, and My tickets and the screens opened again
 * afterwards. A change uses a customer of its own (signInAsNewCustomer): `orders.pending` is an
 * order that starts next month.
 */

test('the traveler and the billing address of the pending order, each saved once on a double click, show on My tickets and when opened again (en-US)', async ({
  page,
}) => {
  const { orders } = await signInAsNewCustomer(page);
  const { id, number } = orders.pending;
  const travelerHref = `/app/dashboard/order/${id}/traveler`;
  const billingHref = `/app/dashboard/order/${id}/billing-address`;
  await rememberLocale(page, 'en-US');
  const saves: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'PUT' && (call.url().endsWith(`/orders/${id}/traveler`) || call.url().endsWith('/orders/change-orderer'))) saves.push(call.url());
  });
  await page.goto('/app/dashboard/tickets');
  await pressEnterOn(page, orderItem(page, number).getByRole('link', { name: 'Change traveler' }));
  await expect(page).toHaveURL(travelerHref);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Change the traveler of order ${number}`);
  await expect(page.getByText('carry the new name from its first month on')).toBeVisible();

  await page.getByRole('radio', { name: 'Another person' }).check({ force: true });
  await page.getByRole('textbox', { name: 'First name of the traveler' }).fill('Mia');
  await page.getByRole('textbox', { name: 'Last name of the traveler' }).fill('Probst-Lange');
  await page.getByRole('radio', { name: 'Female', exact: true }).check({ force: true });
  const birthdate = page.getByRole('group', { name: 'Date of birth of the traveler' }).getByRole('spinbutton');
  await birthdate.first().click();
  await page.keyboard.type('03152012');
  await page.getByRole('button', { name: 'Save', exact: true }).dblclick();
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  expect(saves).toHaveLength(1);
  await expect(orderItem(page, number)).toContainText('Mia Probst-Lange');

  await pressEnterOn(page, orderItem(page, number).getByRole('link', { name: 'Change billing address' }));
  await expect(page).toHaveURL(billingHref);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Change the billing address of order ${number}`);
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveValue('50667');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('20354');
  await page.getByRole('textbox', { name: 'City' }).fill('Hamburg');
  await page.getByRole('button', { name: 'Save', exact: true }).dblclick();
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  expect(saves).toHaveLength(2);

  await page.goto(travelerHref);
  await expect(page.getByRole('radio', { name: 'Another person' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'First name of the traveler' })).toHaveValue('Mia');
  await expect(page.getByRole('textbox', { name: 'Last name of the traveler' })).toHaveValue('Probst-Lange');
  await expect(birthdate.last()).toHaveAttribute('aria-valuenow', '2012');
  await page.goto(billingHref);
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveValue('20354');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Hamburg');
});

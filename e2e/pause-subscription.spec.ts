import { expect, test } from '@playwright/test';

import { orderItem, pressEnterOn, rememberLocale, signInAsNewCustomer } from './support';

/**
 * Pausing a subscription and ending a pause early (SPEC.md 1, 4.4, 7.3), around its machine. Every
 * screen state and transition of the flow, its failures included (a failed load, the 400s, the 409,
 * the 404, a 500 with its retry, a reload after a change meanwhile), is a browser path generated
 * from the machine (e2e/machine-paths/pause-subscription.ts, run by e2e/machine-paths.spec.ts). Here
 * is what no machine holds: one request per double click, and My tickets afterwards. A pause
 * changes the subscription, so it uses a customer of its own (signInAsNewCustomer).
 */

test('a double click on "Pause now" pauses once; My tickets then offers to resume the subscription, not to pause it again (en-US)', async ({ page }) => {
  const { orders } = await signInAsNewCustomer(page);
  const { number, subscriptionId } = orders.active;
  await rememberLocale(page, 'en-US');
  const puts: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'PUT' && call.url().endsWith(`/subscriptions/${subscriptionId}/pause`)) puts.push(call.url());
  });
  await page.goto('/app/dashboard/tickets');
  await pressEnterOn(page, orderItem(page, number).getByRole('link', { name: 'Pause subscription' }));
  await pressEnterOn(page, page.getByRole('button', { name: 'Pause subscription', exact: true }));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Pause now' }).dblclick();
  await expect(page.getByRole('heading', { level: 2, name: 'A pause is planned' })).toBeVisible();
  expect(puts).toHaveLength(1);

  await pressEnterOn(page, page.getByRole('link', { name: 'Back to my tickets' }));
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  const entry = orderItem(page, number);
  await expect(entry.getByRole('link', { name: 'Resume subscription' })).toHaveAttribute('href', `/app/dashboard/subscription/${subscriptionId}/pause`);
  await expect(entry.getByRole('link', { name: 'Pause subscription' })).toHaveCount(0);
});

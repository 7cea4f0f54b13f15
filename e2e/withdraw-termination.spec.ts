import { expect, type Page, test } from '@playwright/test';

import { orderItem, pressEnterOn, rememberLocale, signIn, signInAsNewCustomer } from './support';

/**
 * Withdrawing a termination (SPEC.md 2.2, 2.3, 4.4), around its machine. Every screen state and
 * transition of the flow, its failures included, is a browser path generated from the machine
 * (e2e/machine-paths/withdraw-termination.ts, run by e2e/machine-paths.spec.ts). Here is what no
 * machine holds: where My tickets offers the flow, the way out without withdrawing, one request per
 * double click, and My tickets and the browser's history afterwards. A withdrawal changes the
 * subscription, so it uses a customer of its own (signInAsNewCustomer); A-100003 is the demo
 * account's, only read.
 */

async function withdrawableOfNewCustomer(page: Page) {
  const { orders } = await signInAsNewCustomer(page);
  const { number, subscriptionId } = orders.withdrawable;
  return { number, href: `/app/dashboard/subscription/${subscriptionId ?? ''}/withdraw-termination` };
}
const final = { number: 'A-100003' };

test('the tickets list offers no withdrawal on A-100003, whose termination is final (en-US)', async ({ page }) => {
  await signIn(page);
  await rememberLocale(page, 'en-US');
  await page.goto('/app/dashboard/tickets');
  // A-100003's subscription is loaded (its end date shows) and offers no withdrawal.
  await expect(orderItem(page, final.number)).toContainText('Until');
  await expect(orderItem(page, final.number).getByRole('link', { name: 'Withdraw termination' })).toHaveCount(0);
});

test('Cancel leads back to My tickets; a double click withdraws once; My tickets then shows the subscription active, and Back stays on the success page (de-DE)', async ({
  page,
}) => {
  const withdrawable = await withdrawableOfNewCustomer(page);
  const posts: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'POST' && call.url().endsWith('/withdraw-termination')) posts.push(call.url());
  });
  await page.goto('/app/dashboard/tickets');
  const link = orderItem(page, withdrawable.number).getByRole('link', { name: 'Kündigung zurücknehmen' });
  await pressEnterOn(page, link);
  const cancel = page.getByRole('link', { name: 'Abbrechen', exact: true });
  await pressEnterOn(page, cancel);
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);

  await pressEnterOn(page, link);
  await page.getByRole('button', { name: 'Kündigung zurücknehmen' }).dblclick();
  await expect(page).toHaveURL(`${withdrawable.href}/success`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Kündigung wurde zurückgenommen' })).toBeVisible();
  expect(posts).toHaveLength(1);

  await pressEnterOn(page, page.getByRole('link', { name: 'Zu meinen Tickets' }));
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  await expect(orderItem(page, withdrawable.number).locator('[data-status]')).toHaveText('Aktiv');
  await expect(orderItem(page, withdrawable.number).getByRole('link', { name: 'Kündigung zurücknehmen' })).toHaveCount(0);
  await expect(orderItem(page, withdrawable.number)).not.toContainText('Bis');

  // The success page replaced the withdrawal in the history: Back does not offer the done withdrawal again.
  await page.goBack();
  await expect(page).toHaveURL(`${withdrawable.href}/success`);
});

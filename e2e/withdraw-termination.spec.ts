import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, orderItem, signIn, signInAsNewCustomer, tabTo, rememberLocale } from './support';

/**
 * Withdrawing a termination (SPEC.md 2.2, 2.3, 4.4): the tickets list offers it on a withdrawable
 * termination and not on A-100003 (it cannot be withdrawn); the screen explains, asks, posts, and
 * ends on the success page. A withdrawal changes the subscription, so those tests use a fresh
 * customer of their own (signInAsNewCustomer: its `withdrawable` order ends at the end of next
 * month, like the seeded A-100002); A-100003 is the demo account's, only read.
 * The fault cases (load error, failed and refused withdrawal, double click) are in faults.spec.ts.
 */

async function withdrawableOfNewCustomer(page: Page) {
  const { orders } = await signInAsNewCustomer(page);
  const { number, subscriptionNumber, subscriptionId } = orders.withdrawable;
  return { number, subscriptionNumber: subscriptionNumber ?? '', href: `/app/dashboard/subscription/${subscriptionId ?? ''}/withdraw-termination` };
}
const final = { number: 'A-100003', subscriptionNumber: 'S-A100003', href: '/app/dashboard/subscription/sub-deuti-term-f/withdraw-termination' };

/** The seeded end of A-100002's termination: the last day of next month (README's table), as each locale writes it. */
function endOfNextMonth(locale: 'de-DE' | 'en-US'): string {
  const today = new Date();
  const end = new Date(today.getFullYear(), today.getMonth() + 2, 0);
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(end);
}

test('the tickets list offers no withdrawal on A-100003, whose termination is final (en-US)', async ({ page }) => {
  await signIn(page);
  await rememberLocale(page, 'en-US');
  await page.goto('/app/dashboard/tickets');
  // A-100003's subscription is loaded (its end date shows) and offers no withdrawal.
  await expect(orderItem(page, final.number)).toContainText('Until');
  await expect(orderItem(page, final.number).getByRole('link', { name: 'Withdraw termination' })).toHaveCount(0);
});

test('the tickets list offers the withdrawal on a withdrawable termination; the screen explains it, Cancel goes back (en-US)', async ({ page }) => {
  const withdrawable = await withdrawableOfNewCustomer(page);
  await rememberLocale(page, 'en-US');
  await page.goto('/app/dashboard/tickets');
  const link = orderItem(page, withdrawable.number).getByRole('link', { name: 'Withdraw termination' });
  await expect(link).toHaveAttribute('href', withdrawable.href);
  await expect(orderItem(page, withdrawable.number)).toContainText(`Until${endOfNextMonth('en-US')}`);
  await expectNoAxeViolations(page);

  await link.click();
  await expect(page).toHaveURL(withdrawable.href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Withdraw the termination of subscription ${withdrawable.subscriptionNumber}`);
  await expect(page.getByText(`Your subscription is terminated effective ${endOfNextMonth('en-US')}`)).toContainText('€63.00');
  await expect(page.getByRole('button', { name: 'Withdraw termination' })).toBeEnabled();
  await expectNoAxeViolations(page);

  const cancel = page.getByRole('link', { name: 'Cancel', exact: true });
  await expect(cancel).toHaveAttribute('href', '/app/dashboard/tickets');
  await cancel.click();
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  await expect(orderItem(page, withdrawable.number).getByRole('link', { name: 'Withdraw termination' })).toBeVisible();
});

test('withdraws a termination with the keyboard alone; the list then shows it active (de-DE)', async ({ page }) => {
  const withdrawable = await withdrawableOfNewCustomer(page);
  await page.goto('/app/dashboard/tickets');
  const link = orderItem(page, withdrawable.number).getByRole('link', { name: 'Kündigung zurücknehmen' });
  await expect(link).toHaveAttribute('href', withdrawable.href);
  await tabTo(page, link);
  await page.keyboard.press('Enter');

  const heading = page.getByRole('heading', { level: 1, name: `Kündigung des Abonnements ${withdrawable.subscriptionNumber} zurücknehmen` });
  await expect(heading).toBeFocused();
  await expect(page.getByText(`Ihr Abonnement ist zum ${endOfNextMonth('de-DE')} gekündigt`)).toContainText(/63,00\s€/);
  const confirm = page.getByRole('button', { name: 'Kündigung zurücknehmen' });
  await expect(confirm).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Abbrechen', exact: true })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`${withdrawable.href}/success`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Kündigung wurde zurückgenommen' })).toBeFocused();
  await expectNoAxeViolations(page);
  const toTickets = page.getByRole('link', { name: 'Zu meinen Tickets' });
  await tabTo(page, toTickets);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  await expect(orderItem(page, withdrawable.number).locator('[data-status]')).toHaveText('Aktiv');
  await expect(orderItem(page, withdrawable.number).getByRole('link', { name: 'Kündigung zurücknehmen' })).toHaveCount(0);
  await expect(orderItem(page, withdrawable.number)).not.toContainText('Bis');

  // The success page replaced the withdrawal in the history: Back does not offer the done withdrawal again.
  await page.goBack();
  await expect(page).toHaveURL(`${withdrawable.href}/success`);
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`A-100003 cannot be withdrawn: the call to action leads to /app/order (${locale})`, async ({ page }) => {
    const texts =
      locale === 'de-DE'
        ? { title: `Kündigung des Abonnements ${final.subscriptionNumber} zurücknehmen`, message: 'Diese Kündigung kann nicht mehr zurückgenommen werden', order: 'Neues Abonnement bestellen' }
        : { title: `Withdraw the termination of subscription ${final.subscriptionNumber}`, message: 'This termination can no longer be withdrawn', order: 'Order a new subscription' };
    await signIn(page);
    await rememberLocale(page, locale);
    await page.goto(final.href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
    await expect(page.getByRole('heading', { level: 2, name: texts.message })).toBeVisible();
    await expect(page.getByRole('button', { name: /Kündigung zurücknehmen|Withdraw termination/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: texts.order })).toHaveAttribute('href', '/app/order');
    await expectNoAxeViolations(page);
  });
}

test('the success page confirms and links to the tickets (en-US)', async ({ page }) => {
  await signIn(page);
  await rememberLocale(page, 'en-US');
  await page.goto('/app/dashboard/subscription/sub-deuti-term-w/withdraw-termination/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Your termination has been withdrawn' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);
});

import { expect, test } from '@playwright/test';

import { expectNoAxeViolations, orderItem, signInAsNewCustomer, tabTo, rememberLocale } from './support';

/**
 * Cancelling an order that has not started (issue 10; SPEC.md 7.1): "My tickets" offers it on an
 * order shown as ordered; the screen says whether it can be cancelled, asks, cancels once and shows
 * the result. Each test has its own customer (signInAsNewCustomer): `orders.pending` is submitted
 * and starts next month, `orders.active` is a running subscription. The rules and the failure
 * branches are the machine's tests (tests/machines/cancel-order.machine.test.ts).
 */

test('cancels the pending order with the keyboard alone; the list then shows it ended (de-DE)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const { pending } = customer.orders;
  const href = `/app/dashboard/order/${pending.id}/cancel`;
  await page.goto('/app/dashboard/tickets');
  const link = orderItem(page, pending.number).getByRole('link', { name: 'Bestellung stornieren' });
  await expect(link).toHaveAttribute('href', href);
  // Only the order that has not started offers it.
  await expect(orderItem(page, customer.orders.active.number).getByRole('link', { name: 'Bestellung stornieren' })).toHaveCount(0);
  await tabTo(page, link);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellung stornieren' })).toBeFocused();
  await expect(page.getByText(`Ihre Bestellung ${pending.number} hat noch nicht begonnen.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bestellung behalten' })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('cancel-order-confirm-de-DE.png'), fullPage: true });

  const confirm = page.getByRole('button', { name: 'Bestellung stornieren' });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /Ihre Bestellung ist storniert/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('cancel-order-done-de-DE.png'), fullPage: true });

  const toTickets = page.getByRole('link', { name: 'Zu meinen Tickets' });
  await expect(toTickets).toHaveAttribute('href', '/app/dashboard/tickets');
  await tabTo(page, toTickets);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  await expect(orderItem(page, pending.number).locator('[data-status]')).toHaveText('Widerrufen');
  await expect(orderItem(page, pending.number).getByTestId('ended')).toHaveText('Diese Bestellung wurde nicht ausgeführt.');
  await expect(orderItem(page, pending.number).getByRole('link')).toHaveCount(0);

  // Opened again: cancelled already, no button.
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 2, name: /Diese Bestellung ist bereits storniert/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a running subscription’s order cannot be cancelled: no button, the way back (en-US)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  await rememberLocale(page, 'en-US');
  await page.goto(`/app/dashboard/order/${customer.orders.active.id}/cancel`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your order' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /This order can no longer be cancelled/ })).toBeVisible();
  await expect(page.getByText('It has started as a subscription.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);
});

test('cancelled meanwhile in another tab: the server’s 409 gets a clear message, not a crash (en-US)', async ({ page, context }) => {
  const customer = await signInAsNewCustomer(page);
  await rememberLocale(page, 'en-US');
  const href = `/app/dashboard/order/${customer.orders.pending.id}/cancel`;
  await page.goto(href);
  const other = await context.newPage();
  await other.goto(href);
  await expect(other.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expectNoAxeViolations(page);

  await other.getByRole('button', { name: 'Cancel order' }).click();
  await expect(other.getByRole('heading', { level: 2, name: /Your order is cancelled/ })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).dblclick();
  await expect(page.getByRole('heading', { level: 2, name: /This order can no longer be cancelled/ })).toBeVisible();
  await expect(page.getByText('It changed meanwhile')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('cancel-order-409-en-US.png'), fullPage: true });
});

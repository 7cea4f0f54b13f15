import { expect, test } from '@playwright/test';

import { expectNoAxeViolations, orderItem, pressEnterOn, signInAsNewCustomer } from './support';

/**
 * Cancelling an order that has not started (issue 10; SPEC.md 7.1): "My tickets" offers it on an
 * order shown as ordered; the screen says whether it can be cancelled, asks, cancels once and shows
 * the result. Each test has its own customer (signInAsNewCustomer): `orders.pending` is submitted
 * and starts next month, `orders.active` is a running subscription. Every screen state and
 * transition of the flow (an order that has started, a 409, a failed load or cancellation) is a
 * browser path generated from its machine (e2e/machine-paths/cancel-order.ts); here is what no
 * machine holds: where My tickets offers it, My tickets afterwards, and the flow opened again.
 */

test('My tickets offers it only on the order that has not started; after the cancellation it shows the order ended, and opened again it is cancelled already (de-DE)', async ({
  page,
}) => {
  const customer = await signInAsNewCustomer(page);
  const { pending } = customer.orders;
  const href = `/app/dashboard/order/${pending.id}/cancel`;
  await page.goto('/app/dashboard/tickets');
  const link = orderItem(page, pending.number).getByRole('link', { name: 'Bestellung stornieren' });
  await expect(link).toHaveAttribute('href', href);
  await expect(orderItem(page, customer.orders.active.number).getByRole('link', { name: 'Bestellung stornieren' })).toHaveCount(0);
  await pressEnterOn(page, link);
  await pressEnterOn(page, page.getByRole('button', { name: 'Bestellung stornieren' }));
  await pressEnterOn(page, page.getByRole('link', { name: 'Zu meinen Tickets' }));

  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  await expect(orderItem(page, pending.number).locator('[data-status]')).toHaveText('Widerrufen');
  await expect(orderItem(page, pending.number).getByTestId('ended')).toHaveText('Diese Bestellung wurde nicht ausgeführt.');
  await expect(orderItem(page, pending.number).getByRole('link')).toHaveCount(0);

  await page.goto(href);
  await expect(page.getByRole('heading', { level: 2, name: /Diese Bestellung ist bereits storniert/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bestellung stornieren' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

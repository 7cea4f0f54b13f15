import { expect, type Locator, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, newCustomer, orderItem, signIn, signInOverHttp, tabTo, rememberLocale } from './support';

/**
 * The payment details page of an order (issue 12 item 1; SPEC.md 2.3, 4.6): reached from My
 * tickets, it shows the instrument with its badge and the edit link (SPEC.md 2.2); the university's
 * instrument cannot be changed here and points to My data; a card the operator locked has no edit
 * link (a customer of its own, `lockedInstruments`). Read-only, so the demo accounts serve.
 * Each badge status, the failing call and the no-instrument case are Vitest's
 * (tests/flows/payment-details-screen.test.tsx).
 */

const shots = '/tmp/shots-e';

/** The value next to a term of the details list. */
const valueOf = (page: Page, term: string): Locator =>
  page
    .getByTestId('payment-details')
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('keyboard only: from My tickets to the expired card of A-100003, its error badge and the edit link (de-DE)', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/dashboard/tickets');

  await test.step('My tickets links the payment method of A-100003', async () => {
    const link = orderItem(page, 'A-100003').getByRole('link', { name: 'Zahlungsart', exact: true });
    await expect(link).toHaveAttribute('href', '/app/dashboard/order/order-deuti-term-f/payment');
    await tabTo(page, link);
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
  });

  await test.step('the details: the expired card with an error badge and what to do', async () => {
    await expect(page).toHaveURL('/app/dashboard/order/order-deuti-term-f/payment');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlungsart der Bestellung A-100003');
    await expect(valueOf(page, 'Bestellnummer')).toHaveText('A-100003');
    await expect(page.getByTestId('payment-badge')).toHaveText('Kreditkarte Abgelaufen');
    await expect(page.getByTestId('payment-badge').locator('[data-variant="error"]')).toHaveCount(1);
    await expect(valueOf(page, 'Karteninhaber/in')).toHaveText('Erika Mustermann');
    await expect(valueOf(page, 'Karte')).toHaveText('MASTERCARD');
    await expect(valueOf(page, 'Kartennummer')).toHaveText('**** **** **** 4444');
    await expect(valueOf(page, 'Gültig bis')).toHaveText('01/24');
    await expect(page.getByText('Diese Zahlungsart ist abgelaufen.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/payment-details-expired-de-DE.png`, fullPage: true });
  });

  await test.step('the edit link opens the edit page of the order, by the keyboard too', async () => {
    const edit = page.getByRole('link', { name: 'Zahlungsart ändern' });
    await expect(edit).toHaveAttribute('href', '/app/payment/edit/A-100003?orderId=order-deuti-term-f');
    await tabTo(page, edit);
    await expect(edit).toBeFocused();
    await expectNoAxeViolations(page);
  });

  await test.step('back to My tickets', async () => {
    const back = page.getByRole('link', { name: 'Zurück zu meinen Tickets' });
    await tabTo(page, back);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
    await expect(orderItem(page, 'A-100003')).toBeVisible();
  });
});

test('the university’s instrument of C-300001 cannot be changed here and points to My data; an unknown order is not found (en-US)', async ({ page }) => {
  await signIn(page, 'seti@example.com');
  await rememberLocale(page, 'en-US');
  await page.goto('/app/dashboard/tickets');

  await test.step('My tickets links the payment method of C-300001', async () => {
    const link = orderItem(page, 'C-300001').getByRole('link', { name: 'Payment method', exact: true });
    await expect(link).toHaveAttribute('href', '/app/dashboard/order/order-seti-active/payment');
    await link.click();
  });

  await test.step('the details say it cannot be changed here, without an edit link or a failure', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment method of order C-300001');
    await expect(page.getByTestId('payment-badge')).toHaveText('Via your employer or university Valid');
    await expect(page.getByTestId('payment-badge').locator('[data-variant="success"]')).toHaveCount(1);
    await expect(valueOf(page, 'Account holder')).toHaveText('Sophie Wagner');
    await expect(page.getByTestId('payment-not-editable')).toHaveText(/belongs to your employer or university and cannot be changed here/);
    await expect(page.getByRole('link', { name: 'Change payment method' })).toHaveCount(0);
    await expect(page.getByText(/failed/i)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/payment-details-not-editable-en-US.png`, fullPage: true });
  });

  await test.step('the way to My data', async () => {
    const toAccount = page.getByRole('link', { name: 'Go to my data' });
    await expect(toAccount).toHaveAttribute('href', '/app/dashboard/account');
    await toAccount.click();
    await expect(page).toHaveURL(/\/app\/dashboard\/account$/);
    await expect(page.getByTestId('account-details')).toContainText('seti@example.com');
  });

  await test.step('an order id that is not the customer’s: not found, the way back, no retry', async () => {
    await page.goto('/app/dashboard/order/order-deuti-term-f/payment');
    await expect(page.getByRole('heading', { level: 2, name: /This order does not exist/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/payment-details-not-found-en-US.png`, fullPage: true });
  });

  await test.step('a card the operator locked (SPEC.md 6.1, decision 32): no edit link; its reason in a popover, by the keyboard', async () => {
    const customer = await newCustomer(page, { lockedInstruments: true });
    await page.context().clearCookies();
    await signInOverHttp(page, customer.email);
    await page.goto(`/app/dashboard/order/${customer.orders.active.id}/payment`);
    await expect(page.getByTestId('payment-locked')).toContainText('This payment method is locked');
    await expect(page.getByRole('link', { name: 'Change payment method' })).toHaveCount(0);
    const why = page.getByRole('button', { name: 'Why is it locked?' });
    await tabTo(page, why);
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Why this payment method is locked' });
    await expect(popover).toContainText('Rücklastschrift');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/payment-details-locked-en-US.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
    await expect(why).toBeFocused();
  });
});

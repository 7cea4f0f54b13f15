import { expect, test } from '@playwright/test';

import type { TestCustomer } from '#sandbox/seed/test-customers';
import { expectNoAxeViolations, type Locale, orderItem, signInAsNewCustomer, tabTo, rememberLocale } from './support';

/**
 * Ending a subscription, signed in (SPEC.md 2.3, 4.3, 4.4, 8): the customer picks one of the
 * offered dates (the earliest chosen), confirms in a dialog that names the subscription, the date and
 * what ends, and lands on the success page with the date; the tickets list then shows the end and
 * offers the withdrawal. Each test has a customer of its own (signInAsNewCustomer), so they run in
 * parallel. The fault cases (500, offline, double click, a date no longer offered) are machine tests
 * (tests/machines/terminate-subscription.machine.test.ts).
 */

const terminateHref = (subscriptionId: string) => `/app/dashboard/subscription/${subscriptionId}/terminate`;
const withdrawHref = (subscriptionId: string) => `/app/dashboard/subscription/${subscriptionId}/withdraw-termination`;

function iso(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/**
 * The dates the sandbox offers an active subscription that started months ago: the last day of each
 * of six months, from this month while today is the 10th or earlier, else from next month.
 */
function offeredDates(): string[] {
  const today = new Date();
  const first = today.getDate() <= 10 ? 0 : 1;
  return Array.from({ length: 6 }, (_, index) => iso(new Date(today.getFullYear(), today.getMonth() + first + index + 1, 0)));
}

/** The seeded end of `orders.withdrawable`: the last day of next month. */
function endOfNextMonth(): string {
  const today = new Date();
  return iso(new Date(today.getFullYear(), today.getMonth() + 2, 0));
}

function formatted(isoDate: string, locale: Locale): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(year, month - 1, day));
}

/** The dates' group, not the header's language switch. */
const dateGroupName = /^(Zu wann soll Ihr Abonnement enden\?|When should your subscription end\?)$/;

/** The active subscription of a fresh customer, with its number. */
function activeOf(customer: TestCustomer): { subscriptionId: string; subscriptionNumber: string; number: string } {
  const { subscriptionId, subscriptionNumber, number } = customer.orders.active;
  if (!subscriptionId || !subscriptionNumber) throw new Error('orders.active has no subscription');
  return { subscriptionId, subscriptionNumber, number };
}

test('ends orders.active with the keyboard alone: dates, dialog, success, then the list shows the end and the withdrawal (de-DE)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const active = activeOf(customer);
  const dates = offeredDates();
  const chosen = dates[1]!;
  await page.goto(terminateHref(active.subscriptionId));

  // The dates, the earliest first and chosen, each as German writes it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Abonnement ${active.subscriptionNumber} kündigen`);
  const group = page.getByRole('radiogroup', { name: 'Zu wann soll Ihr Abonnement enden?' });
  await expect(group.getByRole('radio')).toHaveCount(6);
  for (const [index, date] of dates.entries()) await expect(group.getByRole('radio').nth(index)).toHaveAccessibleName(formatted(date, 'de-DE'));
  await expect(group.getByRole('radio', { name: formatted(dates[0]!, 'de-DE') })).toBeChecked();
  await expect(group).toContainText('Frühestmöglicher Termin');
  await expect(page.getByText('Ihre Tickets bleiben bis zu diesem Datum gültig')).toContainText(/monatliche Preis von \d+,\d{2}\s€/);
  await expect(page.getByRole('link', { name: 'Abbrechen', exact: true })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);

  // Keyboard: into the group (the chosen date), one date later, to the button.
  await tabTo(page, group.getByRole('radio', { name: formatted(dates[0]!, 'de-DE') }));
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: formatted(chosen, 'de-DE') })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Abonnement kündigen' }));
  await page.keyboard.press('Enter');

  // The dialog names the subscription, the date and what ends; focus starts on keeping it.
  const dialog = page.getByRole('alertdialog', { name: `Abonnement ${active.subscriptionNumber} zum ${formatted(chosen, 'de-DE')} kündigen?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Das Abonnement ${active.subscriptionNumber} endet am ${formatted(chosen, 'de-DE')}. Ihre Tickets bleiben bis zu diesem Datum gültig`);
  await expect(dialog).toContainText(/monatliche Preis von \d+,\d{2}\s€ nicht mehr abgebucht/);
  await expect(dialog.getByRole('button', { name: 'Abonnement behalten' })).toBeFocused();
  await expectNoAxeViolations(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Ja, Abonnement kündigen' }));
  await page.keyboard.press('Enter');

  // The success page, with the date from the address.
  await expect(page).toHaveURL(`${terminateHref(active.subscriptionId)}/success?date=${chosen}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Abonnement wurde gekündigt' })).toBeFocused();
  await expect(page.getByText(`Das Abonnement ${active.subscriptionNumber} endet am ${formatted(chosen, 'de-DE')}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  const toTickets = page.getByRole('link', { name: 'Zu meinen Tickets' });
  await expect(toTickets).toHaveAttribute('href', '/app/dashboard/tickets');
  await tabTo(page, toTickets);
  await page.keyboard.press('Enter');

  // The list: the end date and the withdrawal, no second termination.
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  const entry = orderItem(page, active.number);
  await expect(entry).toContainText(`Bis${formatted(chosen, 'de-DE')}`);
  await expect(entry.getByRole('link', { name: 'Kündigung zurücknehmen' })).toHaveAttribute('href', withdrawHref(active.subscriptionId));
  await expect(entry.getByRole('link', { name: 'Abonnement kündigen' })).toHaveCount(0);

  // The success page replaced the form in the history; the form itself now says it is terminated.
  await page.goBack();
  await expect(page).toHaveURL(/\/terminate\/success\?date=/);
  await page.goto(terminateHref(active.subscriptionId));
  await expect(page.getByRole('heading', { level: 2, name: 'Dieses Abonnement ist bereits gekündigt' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: dateGroupName })).toHaveCount(0);
});

test('the English journey from the tickets list: form, dialog closed and opened again, success page, axe on each (en-US)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const active = activeOf(customer);
  const dates = offeredDates();
  const chosen = dates[2]!;
  await rememberLocale(page, 'en-US');
  await page.goto('/app/dashboard/tickets');
  const link = orderItem(page, active.number).getByRole('link', { name: 'End subscription' });
  await expect(link).toHaveAttribute('href', terminateHref(active.subscriptionId));
  await link.click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`End subscription ${active.subscriptionNumber}`);
  const group = page.getByRole('radiogroup', { name: 'When should your subscription end?' });
  await expect(group.getByRole('radio', { name: formatted(dates[0]!, 'en-US') })).toBeChecked();
  await expect(page.getByText('Your tickets stay valid until that date')).toContainText(/monthly price of €\d+\.\d{2} is no longer charged/);
  await expect(page.getByRole('link', { name: 'Cancel', exact: true })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);

  await group.getByText(formatted(chosen, 'en-US'), { exact: true }).click();
  await page.getByRole('button', { name: 'End subscription' }).click();
  const dialog = page.getByRole('alertdialog', { name: `End subscription ${active.subscriptionNumber} on ${formatted(chosen, 'en-US')}?` });
  await expect(dialog).toContainText(`Subscription ${active.subscriptionNumber} ends on ${formatted(chosen, 'en-US')}. Your tickets stay valid until that date`);
  await expectNoAxeViolations(page);

  // Escape keeps the subscription and the choice; nothing was sent.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(group.getByRole('radio', { name: formatted(chosen, 'en-US') })).toBeChecked();
  await expect(page.getByRole('button', { name: 'End subscription' })).toBeFocused();

  await page.getByRole('button', { name: 'End subscription' }).click();
  await dialog.getByRole('button', { name: 'Yes, end subscription' }).click();
  await expect(page).toHaveURL(`${terminateHref(active.subscriptionId)}/success?date=${chosen}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your subscription has been terminated' })).toBeVisible();
  await expect(page.getByText(`Subscription ${active.subscriptionNumber} ends on ${formatted(chosen, 'en-US')}.`)).toBeVisible();
  await expect(page.getByText('We have sent you a confirmation by email.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`orders.withdrawable is already terminated: a clear message, its end, the withdrawal link, no form (${locale})`, async ({ page }) => {
    const texts =
      locale === 'de-DE'
        ? { title: 'Dieses Abonnement ist bereits gekündigt', ends: `Es endet am ${formatted(endOfNextMonth(), locale)}.`, withdraw: 'Kündigung zurücknehmen', back: 'Zurück zu meinen Tickets' }
        : { title: 'This subscription is already terminated', ends: `It ends on ${formatted(endOfNextMonth(), locale)}.`, withdraw: 'Withdraw the termination', back: 'Back to my tickets' };
    const customer = await signInAsNewCustomer(page);
    const { subscriptionId, subscriptionNumber } = customer.orders.withdrawable;
    await rememberLocale(page, locale);
    await page.goto(terminateHref(subscriptionId!));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(subscriptionNumber!);
    await expect(page.getByRole('heading', { level: 2, name: texts.title })).toBeVisible();
    await expect(page.getByText(texts.ends)).toBeVisible();
    await expect(page.getByRole('link', { name: texts.withdraw })).toHaveAttribute('href', withdrawHref(subscriptionId!));
    await expect(page.getByRole('link', { name: texts.back })).toHaveAttribute('href', '/app/dashboard/tickets');
    await expect(page.getByRole('radiogroup', { name: dateGroupName })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Abonnement kündigen|End subscription)$/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test('terminated meanwhile in another tab: the 400 says isAlreadyTerminated and leads back to the tickets (en-US)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const active = activeOf(customer);
  const dates = offeredDates();
  await rememberLocale(page, 'en-US');
  await page.goto(terminateHref(active.subscriptionId));
  await expect(page.getByRole('radiogroup', { name: 'When should your subscription end?' })).toBeVisible();

  // The other tab: the same session ends the subscription at the last offered date.
  const other = await page.context().newPage();
  await other.goto(terminateHref(active.subscriptionId));
  await other.getByRole('radiogroup', { name: dateGroupName }).getByText(formatted(dates[5]!, 'en-US'), { exact: true }).click();
  await other.getByRole('button', { name: 'End subscription' }).click();
  await other.getByRole('button', { name: 'Yes, end subscription' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Your subscription has been terminated' })).toBeVisible();
  await other.close();

  // This tab still shows the dates; its termination is refused.
  await page.getByRole('button', { name: 'End subscription' }).click();
  await page.getByRole('button', { name: 'Yes, end subscription' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'This subscription is already terminated' })).toBeVisible();
  await expect(page.getByText('It was terminated meanwhile, for example in another window.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: dateGroupName })).toHaveCount(0);
  const back = page.getByRole('link', { name: 'Back to my tickets' });
  await expect(back).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);
  await back.click();
  await expect(orderItem(page, active.number)).toContainText(`Until${formatted(dates[5]!, 'en-US')}`);
});

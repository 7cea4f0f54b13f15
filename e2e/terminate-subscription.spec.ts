import { expect, test } from '@playwright/test';

import { orderItem, pressEnterOn, signInAsNewCustomer } from './support';

/**
 * Ending a subscription, signed in (SPEC.md 2.3, 4.3, 4.4, 8), around its machine. Every screen
 * state and transition of the flow, its failures included (a failed load, a 500, the 400s
 * isAlreadyTerminated and invalidTerminationDate), is a browser path generated from the machine
 * (e2e/machine-paths/terminate-subscription.ts, run by e2e/machine-paths.spec.ts). Here is what no
 * machine holds: one request per double click, My tickets afterwards (the end, the withdrawal, no
 * second termination), the browser's history after the success page, and the screen opened again.
 * A termination changes the subscription, so it uses a customer of its own (signInAsNewCustomer).
 */

function formatted(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}

test('a double click ends orders.active once; My tickets then shows its end and offers the withdrawal, not a second termination; Back stays on the success page, and opened again it is terminated (de-DE)', async ({
  page,
}) => {
  const { orders } = await signInAsNewCustomer(page);
  const { number, subscriptionId } = orders.active;
  const href = `/app/dashboard/subscription/${subscriptionId}/terminate`;
  const puts: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'PUT' && call.url().endsWith(`/subscriptions/${subscriptionId}/terminate`)) puts.push(call.url());
  });
  await page.goto('/app/dashboard/tickets');
  await pressEnterOn(page, orderItem(page, number).getByRole('link', { name: 'Abonnement kündigen' }));

  // The earliest date is chosen: end it then.
  const dates = page.getByRole('radiogroup', { name: 'Zu wann soll Ihr Abonnement enden?' });
  const date = (await dates.getByRole('radio', { checked: true }).getAttribute('value')) ?? '';
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await pressEnterOn(page, page.getByRole('button', { name: 'Abonnement kündigen', exact: true }));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, Abonnement kündigen' }).dblclick();
  await expect(page).toHaveURL(`${href}/success?date=${date}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Abonnement wurde gekündigt' })).toBeVisible();
  expect(puts).toHaveLength(1);

  await pressEnterOn(page, page.getByRole('link', { name: 'Zu meinen Tickets' }));
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  const entry = orderItem(page, number);
  await expect(entry).toContainText(`Bis${formatted(date)}`);
  await expect(entry.getByRole('link', { name: 'Kündigung zurücknehmen' })).toHaveAttribute(
    'href',
    `/app/dashboard/subscription/${subscriptionId}/withdraw-termination`,
  );
  await expect(entry.getByRole('link', { name: 'Abonnement kündigen' })).toHaveCount(0);

  // The success page replaced the form in the history; the form itself now says it is terminated.
  await page.goBack();
  await expect(page).toHaveURL(`${href}/success?date=${date}`);
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 2, name: 'Dieses Abonnement ist bereits gekündigt' })).toBeVisible();
  await expect(dates).toHaveCount(0);
});

import { expect, type Locator, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, type Locale, signInAsNewCustomer, tabTo } from './support';

/**
 * Pausing a subscription and ending the pause early (SPEC.md 1, 4.4, 7.3), against the sandbox with
 * a fresh customer each (signInAsNewCustomer): its `orders.active` subscription (63 € a month) is
 * paused for two months in German with the keyboard alone, the pause survives a reload, then in
 * English it is shortened and finally cancelled; its `orders.withdrawable` one is terminated and
 * cannot be paused. axe runs on every screen state, the dialogs included. The failure branches
 * (400, 409, 404, 5xx, no answer, double confirmation) are machine tests
 * (tests/machines/pause-subscription.machine.test.ts).
 */

const pauseHref = (subscriptionId: string) => `/app/dashboard/subscription/${subscriptionId}/pause`;

/** The month `offset` months from now, as the screen names it ("August 2026"). */
function monthName(offset: number, locale: Locale): string {
  const today = new Date();
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(today.getFullYear(), today.getMonth() + offset, 1));
}

/** The first day of the month `offset` months from now, as the locale writes a date. */
function firstDay(offset: number, locale: Locale): string {
  const today = new Date();
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(today.getFullYear(), today.getMonth() + offset, 1));
}

/** Keyboard only: open a select, move to the option, take it. */
async function chooseWithKeyboard(page: Page, trigger: Locator, option: string): Promise<void> {
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  for (let presses = 0; presses < 15; presses += 1) {
    const focused = listbox.getByRole('option', { name: option });
    if (await focused.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(listbox.getByRole('option', { name: option })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(trigger).toContainText(option);
}

test('pauses two months with the keyboard alone (de-DE), then shortens and cancels the pause (en-US)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const { subscriptionId, subscriptionNumber } = customer.orders.active;
  await page.goto(pauseHref(subscriptionId!));

  // The choice: next month alone at first, with what it saves.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Abonnement ${subscriptionNumber} pausieren`);
  await expect(page.getByText('Pausieren Sie Ihr Abonnement für ganze Monate')).toContainText(/63,00\s€/);
  await expect(page.getByText(`Sie können Monate von ${monthName(1, 'de-DE')} bis ${monthName(12, 'de-DE')} pausieren`)).toBeVisible();
  const from = page.getByRole('button', { name: /Erster Monat der Pause/ });
  const until = page.getByRole('button', { name: /Letzter Monat der Pause/ });
  await expect(from).toContainText(monthName(1, 'de-DE'));
  await expect(until).toContainText(monthName(1, 'de-DE'));
  const summary = page.getByTestId('pause-summary');
  await expect(summary).toContainText('(1 Monat)');
  await expect(summary).toContainText(/Sie sparen\s*63,00\s€/);
  await expect(summary).toContainText(`Ticket gilt wieder ab${firstDay(2, 'de-DE')}`);
  await expect(page.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);

  // Keyboard only: the month after next and the one after it.
  await chooseWithKeyboard(page, from, monthName(2, 'de-DE'));
  await chooseWithKeyboard(page, until, monthName(3, 'de-DE'));
  await expect(summary).toContainText('(2 Monate)');
  await expect(summary).toContainText(/Sie sparen\s*126,00\s€/);
  await expect(summary).toContainText(`Ticket gilt wieder ab${firstDay(4, 'de-DE')}`);
  await expectNoAxeViolations(page);

  // The confirmation names the months, the saving and the day the ticket is valid again.
  await tabTo(page, page.getByRole('button', { name: 'Abonnement pausieren' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toContainText('Abonnement für');
  await expect(dialog).toContainText(`Sie erhalten für die 2 Monate`);
  await expect(dialog).toContainText(/Sie sparen 126,00\s€/);
  await expect(dialog).toContainText(`Ihr Ticket gilt wieder ab dem ${firstDay(4, 'de-DE')}`);
  await expectNoAxeViolations(page);
  // Back (Escape) keeps the choice; then confirm for real.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(summary).toContainText('(2 Monate)');
  await tabTo(page, page.getByRole('button', { name: 'Abonnement pausieren' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Jetzt pausieren' }));
  await page.keyboard.press('Enter');

  // The result has the focus; the planned pause shows with the way to end it.
  const result = page.locator('[data-pause-result]');
  await expect(result).toBeFocused();
  await expect(result.getByRole('heading', { level: 2 })).toContainText('Ihr Abonnement ist für');
  await expect(result).toContainText(/Sie sparen 126,00\s€/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Eine Pause ist geplant' })).toBeVisible();
  const current = page.getByTestId('pause-current');
  await expect(current).toContainText(monthName(2, 'de-DE').split(' ')[0]!);
  await expect(current).toContainText(monthName(3, 'de-DE').split(' ')[0]!);
  await expect(current).toContainText('(2 Monate)');
  await expect(page.getByRole('button', { name: 'Abonnement pausieren' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zurück zu meinen Tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  await expectNoAxeViolations(page);

  // In English after a reload: the pause is still there; end it a month early.
  await page.evaluate(() => window.localStorage.setItem('portal.locale', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pause subscription ${subscriptionNumber}`);
  await expect(page.getByRole('heading', { level: 2, name: 'A pause is planned' })).toBeVisible();
  await expect(current).toContainText('(2 months)');
  await expect(current).toContainText(/You save\s*€126\.00/);
  const validAgain = page.getByRole('button', { name: /Ticket valid again from/ });
  await expect(validAgain).toContainText(firstDay(2, 'en-US'));
  await expect(page.getByRole('button', { name: 'Cancel the pause' })).toBeVisible();
  await expectNoAxeViolations(page);

  await validAgain.click();
  await page.getByRole('option', { name: firstDay(3, 'en-US') }).click();
  await page.getByRole('button', { name: 'End the pause early' }).click();
  await expect(dialog.getByRole('heading')).toHaveText(`End the pause on ${firstDay(3, 'en-US')}?`);
  await expect(dialog).toContainText(/The monthly price of €63\.00 is charged again from then on: for 1 month more than with the pause/);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'End pause' }).click();

  await expect(result).toBeFocused();
  await expect(result).toContainText(`Your pause ends early: your ticket is valid again from ${firstDay(3, 'en-US')}`);
  await expect(current).toContainText(`${monthName(2, 'en-US')} (1 month)`);
  await expect(current).toContainText(/You save\s*€63\.00/);
  await expectNoAxeViolations(page);

  // Cancel what is left of it: the choice of months is back.
  await page.getByRole('button', { name: 'Cancel the pause' }).click();
  await expect(dialog.getByRole('heading')).toHaveText(`Cancel the planned pause (${monthName(2, 'en-US')})?`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel pause' }).click();
  await expect(result).toBeFocused();
  await expect(result).toContainText('Your pause has been cancelled');
  await expect(page.getByRole('button', { name: /First month of the pause/ })).toContainText(monthName(1, 'en-US'));
  await expect(page.getByRole('button', { name: 'Pause subscription' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`a terminated subscription cannot be paused; Cancel leads back to the tickets (${locale})`, async ({ page }) => {
    const texts =
      locale === 'de-DE'
        ? { title: 'Dieses Abonnement kann nicht pausiert werden', reason: 'Ihr Abonnement ist zum', back: 'Zurück zu meinen Tickets', pause: 'Abonnement pausieren' }
        : { title: 'This subscription cannot be paused', reason: 'Your subscription is terminated effective', back: 'Back to my tickets', pause: 'Pause subscription' };
    const customer = await signInAsNewCustomer(page);
    if (locale === 'en-US') await page.evaluate(() => window.localStorage.setItem('portal.locale', 'en-US'));
    await page.goto(pauseHref(customer.orders.withdrawable.subscriptionId!));
    await expect(page.getByRole('heading', { level: 2, name: texts.title })).toBeVisible();
    // Terminated at the end of next month (sandbox/seed/test-customers.ts).
    const end = new Date(new Date().getFullYear(), new Date().getMonth() + 2, 0);
    const endText = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(end);
    await expect(page.getByText(texts.reason)).toContainText(endText);
    await expect(page.getByRole('button', { name: texts.pause })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const back = page.getByRole('link', { name: texts.back });
    await expect(back).toHaveAttribute('href', '/app/dashboard/tickets');
    await back.click();
    await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  });
}

/** What another window of the same customer does meanwhile: the API called with the page's session. */
async function inAnotherWindow(page: Page, method: 'PUT' | 'DELETE', subscriptionId: string, query: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return response.status;
    },
    { method, url: `/api/v2/subscription/subscriptions/${subscriptionId}/pause${query}`, body },
  );
}

function isoMonth(offset: number): string {
  const today = new Date();
  const month = new Date(today.getFullYear(), today.getMonth() + offset, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
}

test('changed in another window: the 409 and the 404 keep the choice with a clear message; a double click sends one request (de-DE)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const subscriptionId = customer.orders.active.subscriptionId!;
  await page.goto(pauseHref(subscriptionId));
  const until = page.getByRole('button', { name: /Letzter Monat der Pause/ });
  await until.click();
  await page.getByRole('option', { name: monthName(2, 'de-DE') }).click();
  await expect(page.getByTestId('pause-summary')).toContainText('(2 Monate)');

  // Meanwhile another window pauses the month after next.
  expect(await inAnotherWindow(page, 'PUT', subscriptionId, '', { pauseFrom: isoMonth(2), pauseUntil: isoMonth(2) })).toBe(200);

  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith(`/subscriptions/${subscriptionId}/pause`)) puts.push(request.url());
  });
  await page.getByRole('button', { name: 'Abonnement pausieren' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Jetzt pausieren' }).dblclick();

  const alert = page.getByRole('alert').filter({ hasText: 'Ihr Abonnement kann nicht mehr pausiert werden' });
  await expect(alert).toContainText('zum Beispiel in einem anderen Fenster');
  expect(puts).toHaveLength(1);
  // The choice stays.
  await expect(until).toContainText(monthName(2, 'de-DE'));
  await expect(page.getByTestId('pause-summary')).toContainText('(2 Monate)');
  await expectNoAxeViolations(page);

  // The current state: the other window's pause.
  await alert.getByRole('button', { name: 'Aktuellen Stand laden' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Eine Pause ist geplant' })).toBeVisible();
  await expect(page.getByTestId('pause-current')).toContainText(`${monthName(2, 'de-DE')} (1 Monat)`);

  // Meanwhile another window cancels it; ending it here finds none.
  expect(await inAnotherWindow(page, 'DELETE', subscriptionId, `?pauseDate=${isoMonth(2)}-01`)).toBe(200);
  await page.getByRole('button', { name: 'Pause aufheben' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Pause aufheben' }).click();
  const gone = page.getByRole('alert').filter({ hasText: 'Diese Pause hat sich inzwischen geändert' });
  await expect(gone).toContainText('Laden Sie den aktuellen Stand');
  await expect(page.getByRole('button', { name: /Ticket gilt wieder ab/ })).toContainText(firstDay(2, 'de-DE'));
  await expectNoAxeViolations(page);
  await gone.getByRole('button', { name: 'Aktuellen Stand laden' }).click();
  await expect(page.getByRole('button', { name: /Erster Monat der Pause/ })).toContainText(monthName(1, 'de-DE'));
  await expect(page.getByRole('alert')).toHaveCount(0);
});

import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, signIn, tabTo } from './support';

/**
 * The payment history (SPEC.md 7.4; issue 12, item 3), read only with the demo account
 * deuti@example.com: its seeded payments (sandbox/seed/payments.ts) per subscription, newest
 * first, in German, then in English after the language switch, with the keyboard alone and axe on
 * each state. Each status's words, the empty state and the failed load are in
 * tests/flows/payment-history-screen.test.tsx.
 */

/** The 5th of the month `offset` months from now: the seeded payments' due date (SPEC.md 9). */
function dueOn(offset: number, locale: 'de-DE' | 'en-US'): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 5));
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}

const group = (page: Page, number: string) => page.getByTestId('payment-group').filter({ has: page.getByRole('heading', { name: new RegExp(`${number}$`) }) });

test('deuti reads the payment history with the keyboard alone, in German and then in English (de-DE)', async ({ page }) => {
  await test.step('the payments per subscription, newest first, in German', async () => {
    await signIn(page);
    await page.goto('/app/dashboard/payments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Zahlungen');
    await expect(page.getByTestId('payment-group').getByRole('heading', { level: 2 })).toHaveText([
      'Abo S-A100001',
      'Abo S-A100002',
      'Abo S-A100010',
      'Abo S-A100003',
    ]);
    const active = group(page, 'S-A100001').getByTestId('payment');
    await expect(active).toHaveText([
      new RegExp(`^${dueOn(1, 'de-DE')}63,00\\s€OffenLastschrift$`),
      new RegExp(`^${dueOn(0, 'de-DE')}63,00\\s€BezahltLastschrift$`),
      new RegExp(`^${dueOn(-1, 'de-DE')}63,00\\s€BezahltLastschrift$`),
    ]);
    await expect(group(page, 'S-A100010').getByTestId('payment')).toHaveText(new RegExp(`^${dueOn(0, 'de-DE')}63,00\\s€FehlgeschlagenLastschrift$`));
    await expect(page.getByRole('link', { name: 'Zurück zur Übersicht' })).toHaveAttribute('href', '/app/dashboard');
    await expectNoAxeViolations(page);
  });

  await test.step('the language switch, with the keyboard: English dates and amounts', async () => {
    const deutsch = page.getByRole('radio', { name: 'Deutsch' });
    await tabTo(page, deutsch);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My payments');
    await expect(group(page, 'S-A100001').getByTestId('payment').first()).toHaveText(`${dueOn(1, 'en-US')}€63.00OpenDirect debit`);
    await expect(group(page, 'S-A100003').getByTestId('payment')).toHaveText(`${dueOn(-1, 'en-US')}€63.00RefundedCredit card`);
    await expectNoAxeViolations(page);
  });
});

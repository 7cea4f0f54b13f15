import { expect, type Page, test } from '@playwright/test';

import { demoPassword, gotoInLocale, tabTo, typeInto, uniqueEmail } from './support';
import { countCalls, text } from './order-steps';

/**
 * docs/architecture.md#quality-bars: every screen can be used with the keyboard alone. One whole deuti order by a visitor,
 * from /order to the payment page, with Tab, Shift+Tab, arrow keys, Space, Enter and typing only:
 * no clicks, no fill(), no focus() calls.
 */

const t = text['en-US'];

/** After Next the new step's heading takes the focus (order-wizard-page.tsx). */
async function expectStep(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeFocused();
}

test('a visitor orders deuti with the keyboard alone, from /order to the payment page', async ({ page }) => {
  const calls = countCalls(page);
  const email = uniqueEmail('keyboard');
  const next = page.getByRole('button', { name: t.next, exact: true });
  await gotoInLocale(page, '/order', 'en-US');

  // Start and traveler: Tab into the month group (the first month), an arrow to the second, Space.
  await expect(page.getByRole('heading', { level: 2, name: 'Start date and traveler' })).toBeVisible();
  const months = page.getByRole('radiogroup', { name: t.startMonth }).getByRole('radio');
  await expect(months).toHaveCount(4);
  await tabTo(page, months.first());
  await page.keyboard.press('ArrowDown');
  await expect(months.nth(1)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(months.nth(1)).toBeChecked();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // "I will" is chosen already; the group is one Tab stop, then Next.
  await expect(page.getByRole('radio', { name: 'I will' })).toBeChecked();
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Billing address.
  await expectStep(page, t.billingTitle);
  const salutation = page.getByRole('radiogroup', { name: t.salutation }).getByRole('radio');
  await tabTo(page, salutation.first());
  await page.keyboard.press('ArrowRight');
  const ms = page.getByRole('radio', { name: t.ms });
  await expect(ms).toBeFocused();
  await page.keyboard.press('Space');
  await expect(ms).toBeChecked();
  await typeInto(page, page.getByRole('textbox', { name: t.firstName }), 'Erika');
  await typeInto(page, page.getByRole('textbox', { name: t.lastName }), 'Musterfrau');
  const birthdate = page.getByRole('group', { name: t.birthdate }).getByRole('spinbutton');
  await tabTo(page, birthdate.first());
  await page.keyboard.type(t.birthdateKeys);
  await expect(birthdate.last()).toHaveAttribute('aria-valuenow', '1990');
  await typeInto(page, page.getByRole('textbox', { name: t.zip }), '10115');
  await typeInto(page, page.getByRole('textbox', { name: t.city }), 'Berlin');
  await typeInto(page, page.getByRole('textbox', { name: t.street }), 'Invalidenstraße');
  await typeInto(page, page.getByRole('textbox', { name: t.houseNumber }), '117');
  // A step back with Shift+Tab to check the postcode, then on to Next.
  await tabTo(page, page.getByRole('textbox', { name: t.zip }), 'Shift+Tab');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Account.
  await expectStep(page, t.accountTitle);
  await typeInto(page, page.getByRole('textbox', { name: t.email }), email);
  await typeInto(page, page.getByRole('textbox', { name: t.password, exact: true }), demoPassword);
  await typeInto(page, page.getByRole('textbox', { name: t.repeat }), demoPassword);
  const privacy = page.getByRole('checkbox', { name: t.privacy });
  await tabTo(page, privacy);
  await page.keyboard.press('Space');
  await expect(privacy).toBeChecked();
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Summary: both terms with Space, then the order button with Enter.
  await expectStep(page, t.summary);
  await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Erika Musterfrau');
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText(email);
  const conditions = page.getByRole('checkbox', { name: t.conditions });
  const agb = page.getByRole('checkbox', { name: t.agb });
  await tabTo(page, conditions);
  await page.keyboard.press('Space');
  await expect(conditions).toBeChecked();
  await tabTo(page, agb);
  await page.keyboard.press('Space');
  await expect(agb).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: t.order }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/app\/payment\/A-\d+$/);
  expect(calls).toEqual({ register: 1, submit: 1 });
});

import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, outboxOf, signIn, signInAsNewCustomer, tabTo, uniqueEmail } from './support';

/**
 * Changing the email address (SPEC.md 2.2, 2.3, 4.5, 5.2, 8): two journeys, each a whole way with
 * axe on every state. The customer's own address changes, so both use fresh customers
 * (signInAsNewCustomer); fixed-email@example.com is only read (its pre-check says no). The rules
 * (each message, the cooldown, expired and used-up codes, a 500, a 503, no answer) are Vitest tests:
 * tests/machines/change-email.machine.test.ts and tests/flows/change-email-actors.test.ts.
 */

const page_ = '/app/dashboard/account/email';

/** The 6-digit code of the newest mail the sandbox sent to an address. */
async function codeMailedTo(page: Page, email: string): Promise<string> {
  const [mail] = await outboxOf(page, email);
  const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
  expect(code, `a code mailed to ${email}`).toBeDefined();
  return code!;
}

test('a customer changes the address with the keyboard alone, confirms the mailed code, lands on the tickets with the notice, and signs in with the new address (de-DE)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  const newEmail = uniqueEmail('neu');

  await test.step('the new address', async () => {
    await page.goto(page_);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse ändern' })).toBeVisible();
    await expect(page.getByText(`Ihre E-Mail-Adresse ist ${customer.email}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zu meinen Daten' })).toHaveAttribute('href', '/app/dashboard/account');
    await expectNoAxeViolations(page);
    const field = page.getByRole('textbox', { name: 'Neue E-Mail-Adresse' });
    await tabTo(page, field);
    await page.keyboard.type(newEmail);
    await page.keyboard.press('Enter');
  });

  await test.step('the code sent to it', async () => {
    await expect(page.getByText(`Wir haben einen Code an ${newEmail} geschickt.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse ändern' })).toBeFocused();
    // A new code only after a short wait.
    await expect(page.getByRole('button', { name: 'Neuen Code senden' })).toBeDisabled();
    await expect(page.getByText('Einen neuen Code können Sie 30 Sekunden nach dem letzten anfordern.')).toBeVisible();
    await expectNoAxeViolations(page);
    const code = await codeMailedTo(page, newEmail);
    await tabTo(page, page.getByRole('textbox', { name: 'Code aus der E-Mail' }));
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  });

  await test.step('the tickets page with the confirmation', async () => {
    await expect(page).toHaveURL(/\/app\/dashboard\/tickets\?notice=emailChanged$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Ihre E-Mail-Adresse wurde geändert' })).toBeVisible();
    await expect(page.getByText(`Ihre E-Mail-Adresse ist jetzt ${newEmail}.`)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('signing in again takes the new address', async () => {
    await page.context().clearCookies();
    await signIn(page, newEmail);
  });
});

test('the refusals: an address that cannot change, an address in use, a wrong code; nothing typed is lost (en-US)', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('portal.locale', 'en-US'));

  await test.step('fixed-email@example.com is told it cannot change the address', async () => {
    await signIn(page, 'fixed-email@example.com');
    await page.goto(page_);
    await expect(page.getByRole('heading', { level: 1, name: 'Change your email address' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'The email address of this account cannot be changed online' })).toBeVisible();
    await expect(page.getByText('This account’s email address can only be changed by our customer service.')).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: 'Back to my data' })).toHaveAttribute('href', '/app/dashboard/account');
    await expect(page.getByRole('textbox', { name: 'New email address' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.context().clearCookies();
  });

  await signInAsNewCustomer(page);
  const field = page.getByRole('textbox', { name: 'New email address' });

  await test.step('an address in use is alreadyExists at the field, the address kept', async () => {
    await page.goto(page_);
    await field.fill('deuti@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('This email address is already in use.')).toBeVisible();
    await expect(field).toHaveValue('deuti@example.com');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  });

  const newEmail = uniqueEmail('new');
  await test.step('a wrong code is refused at the field, the code kept', async () => {
    await field.fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We have sent a code to ${newEmail}.`)).toBeVisible();
    const code = await codeMailedTo(page, newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    const codeField = page.getByRole('textbox', { name: 'Code from the email' });
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await expect(page.getByText('This code is wrong or no longer valid. Check the code in the email, or ask for a new code.')).toBeVisible();
    await expect(codeField).toHaveValue(wrong);
    await expectNoAxeViolations(page);
  });

  await test.step('the way back to the address keeps it', async () => {
    await page.getByRole('button', { name: 'Use another address' }).click();
    await expect(field).toHaveValue(newEmail);
    await expectNoAxeViolations(page);
  });
});

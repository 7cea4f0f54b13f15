import { expect, test } from '@playwright/test';

import { demoPassword, expectNoAxeViolations, signIn, signInAsNewCustomer, signInOnSandboxPage, tabTo, rememberLocale } from './support';

/**
 * Changing the password and deleting the account (issue 11 items 3 and 4; SPEC.md 2.3, 4.5, 5.2,
 * 8). Both change an account, so each journey uses a fresh customer of its own; the not-possible
 * page reads the seeded `undeletable@example.com` only. The rules (each live password rule, every
 * failure branch, one request per double click) are machine tests: tests/machines/change-password.*
 * and tests/machines/delete-account.*.
 */

const newPassword = 'Neu-Passwort-2027!';

test('changes the password with the keyboard alone, a wrong old password first; signs in again with the new one (de-DE)', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);

  await test.step('the form', async () => {
    await page.goto('/app/dashboard/account/password');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort ändern');
    await expect(page.getByText('Hier bleiben Sie angemeldet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abbrechen', exact: true })).toHaveAttribute('href', '/app/dashboard/account');
    await expectNoAxeViolations(page);
  });

  const oldField = page.getByLabel(/^Aktuelles Passwort/);
  const newField = page.getByLabel(/^Neues Passwort(?! wiederholen)/);
  const repeatField = page.getByLabel(/^Neues Passwort wiederholen/);

  await test.step('a wrong old password: the message at its field, the new password kept', async () => {
    await tabTo(page, oldField);
    await page.keyboard.type('Falsch-2026!');
    await page.keyboard.press('Tab');
    await expect(newField).toBeFocused();
    await page.keyboard.type(newPassword);
    await expect(page.getByText('Ihr Passwort erfüllt alle Regeln.')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(repeatField).toBeFocused();
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
    await expect(oldField).toHaveAccessibleDescription(/Dieses Passwort ist nicht richtig\./);
    await expect(oldField).toBeFocused();
    await expect(oldField).toHaveAttribute('aria-invalid', 'true');
    await expect(newField).toHaveValue(newPassword);
    await expect(repeatField).toHaveValue(newPassword);
    await expect(page).toHaveURL(/\/app\/dashboard\/account\/password$/);
    await expectNoAxeViolations(page);
  });

  await test.step('the right old password: back to my data with the notice, still signed in', async () => {
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(demoPassword);
    await expect(oldField).not.toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/dashboard\/account\?notice=passwordChanged$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Daten');
    await expect(page.getByRole('status').filter({ hasText: 'Ihr Passwort wurde geändert' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('sign out, then the old password is refused and the new one signs in', async () => {
    const logout = page.getByRole('button', { name: 'Abmelden' });
    await tabTo(page, logout);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/app/dashboard');
    await signInOnSandboxPage(page, customer.email, demoPassword);
    await expect(page.getByRole('alert')).toHaveText('Die E-Mail-Adresse oder das Passwort ist falsch.');
    await signInOnSandboxPage(page, customer.email, newPassword);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });
});

test('deletes the account: a wrong password first, then through the dialog; every tab is signed out and the old sign-in fails (en-US)', async ({ page, context }) => {
  const customer = await signInAsNewCustomer(page);
  await rememberLocale(page, 'en-US');
  const otherTab = await context.newPage();
  await otherTab.goto('/app/dashboard/tickets');
  await expect(otherTab.getByRole('heading', { level: 1 })).toHaveText('My tickets');

  const passwordField = page.getByLabel('Your password');
  const dialog = page.getByRole('alertdialog');

  await test.step('the password step says what deletion means', async () => {
    await page.goto('/app/dashboard/account/delete');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete account');
    await expect(page.getByText('your subscriptions are not terminated by it')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel', exact: true })).toHaveAttribute('href', '/app/dashboard/account');
    await expectNoAxeViolations(page);
  });

  await test.step('the dialog starts on the safe choice; keeping the account sends nothing', async () => {
    await passwordField.fill('Wrong-Password-1!');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Delete your account for good?');
    await expect(dialog.getByRole('button', { name: 'Keep my account' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(passwordField).toHaveValue('Wrong-Password-1!');
  });

  await test.step('a wrong password: passwordIncorrect at the field', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(dialog).toBeHidden();
    await expect(passwordField).toHaveAccessibleDescription(/This password is not correct\./);
    await expect(passwordField).toBeFocused();
    await expect(passwordField).toHaveValue('Wrong-Password-1!');
    await expectNoAxeViolations(page);
  });

  await test.step('the right password through the dialog: the success page', async () => {
    await passwordField.fill(customer.password);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account has been deleted');
    await expect(page.getByRole('link', { name: 'To the start page', exact: true })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('the other tab is signed out too', async () => {
    await expect(otherTab.getByRole('heading', { level: 1 })).toHaveText('Please sign in again');
    await expect(otherTab.getByText('Your session has ended')).toBeVisible();
  });

  await test.step('signing in with the old credentials fails', async () => {
    await page.getByRole('button', { name: 'Log in' }).click();
    await signInOnSandboxPage(page, customer.email, customer.password);
    await expect(page.getByRole('alert')).toHaveText('The email address or the password is wrong.');
  });
});

test('an account that may not be deleted is sent to the not-possible page (de-DE, undeletable@example.com, read-only)', async ({ page }) => {
  await signIn(page, 'undeletable@example.com');
  await page.goto('/app/dashboard/account/delete');
  await expect(page).toHaveURL(/\/app\/dashboard\/account\/delete\/not-possible$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Konto kann derzeit nicht gelöscht werden');
  await expect(page.getByText('Es wurde nichts gelöscht')).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: 'Zurück zu meinen Daten' })).toHaveAttribute('href', '/app/dashboard/account');
  await expectNoAxeViolations(page);
  // The replace: Back leaves the flow instead of running the pre-check again.
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

import { expect, test } from '@playwright/test';

import { outboxOf, rememberLocale, signIn, signInAsNewCustomer, signInOnSandboxPage, uniqueEmail } from './support';

/**
 * The account flows of My data (issue 11 items 2 to 4, issue 12 item 2; SPEC.md 2.2, 2.3, 4.5, 5.2,
 * 7.4, 8): the direct-debit information, the email address, the password and the deletion, around
 * their machines. Every screen state of these flows and every transition the browser can cause,
 * their refusals and failures included, is a browser path generated from the machines
 * (e2e/machine-paths/sepa-information.ts, change-email.ts, change-password.ts and delete-account.ts,
 * run by e2e/machine-paths.spec.ts); My data's links to them are in sign-in.spec.ts. Here is what no
 * machine holds, as one customer's journey: what the flows leave behind for the next visit and the
 * next sign-in (the stored bank details, the new address, the new password, the deleted account),
 * the other tabs after a deletion, and the browser's history after the not-possible page. The
 * journey changes its account, so it has a fresh customer of its own; undeletable@example.com is
 * only read. The rules are Vitest: tests/machines/{sepa-information,change-email,change-password,
 * delete-account}.*, tests/flows/sepa-information-screen.test.tsx, tests/flows/change-email-actors.test.ts.
 */

const newPassword = 'Neu-Passwort-2027!';

test('what the account flows leave behind: the bank details stored, the new address and password sign in, the deleted account signs out every tab and signs in no more (en-US)', async ({
  page,
  context,
}) => {
  const customer = await signInAsNewCustomer(page);
  await rememberLocale(page, 'en-US');
  const newEmail = uniqueEmail('new');

  await test.step('the saved bank details are what the page shows when opened again, the IBAN masked and its field empty', async () => {
    await page.goto('/app/dashboard/account/payment-information');
    await page.getByLabel(/^Account holder/).fill('Max Mustermann');
    await page.getByLabel(/^IBAN/).fill('de75 5121 08001245 126199');
    await page.getByLabel(/^BIC/).fill('soladest600');
    await page.getByText('I give the SEPA direct-debit mandate.').click();
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your direct-debit information has been saved');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'New bank details' })).toBeVisible();
    await expect(page.getByRole('definition')).toHaveText(['Max Mustermann', 'DE75 **** **** **** 6199', 'SOLADEST600']);
    await expect(page.getByLabel(/^IBAN/)).toHaveValue('');
    await expect(page.locator('body')).not.toContainText('DE75 5121');
  });

  await test.step('the new address is My data’s', async () => {
    await page.goto('/app/dashboard/account/email');
    await page.getByRole('textbox', { name: 'New email address' }).fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We have sent a code to ${newEmail}.`)).toBeVisible();
    const [mail] = await outboxOf(page, newEmail);
    await page.getByRole('textbox', { name: 'Code from the email' }).fill(/(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '');
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your email address has been changed' })).toBeVisible();
    await page.goto('/app/dashboard/account');
    await expect(page.getByTestId('account-email')).toHaveText(newEmail);
  });

  await test.step('after the password change, signed out: the old password is refused, the new address with the new password signs in', async () => {
    await page.goto('/app/dashboard/account/password');
    await page.getByLabel(/^Current password/).fill(customer.password);
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Repeat new password/).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/app/dashboard');
    await signInOnSandboxPage(page, newEmail, customer.password);
    await expect(page.getByRole('alert')).toHaveText('The email address or the password is wrong.');
    await signInOnSandboxPage(page, newEmail, newPassword);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  await test.step('after the deletion the other tab is signed out, and the sign-in fails', async () => {
    const otherTab = await context.newPage();
    await otherTab.goto('/app/dashboard/tickets');
    await expect(otherTab.getByRole('heading', { level: 1 })).toHaveText('My tickets');
    await page.goto('/app/dashboard/account/delete');
    await page.getByLabel('Your password').fill(newPassword);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account has been deleted');
    await expect(otherTab.getByRole('heading', { level: 1 })).toHaveText('Please sign in again');
    await expect(otherTab.getByText('Your session has ended')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await signInOnSandboxPage(page, newEmail, newPassword);
    await expect(page.getByRole('alert')).toHaveText('The email address or the password is wrong.');
  });
});

test('the not-possible page replaces the deletion in the history: Back leaves the flow (de-DE, undeletable@example.com, read-only)', async ({ page }) => {
  await signIn(page, 'undeletable@example.com');
  await page.goto('/app/dashboard/account');
  await page.getByRole('main').getByRole('link', { name: 'Konto löschen', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard\/account\/delete\/not-possible$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Konto kann derzeit nicht gelöscht werden');
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/dashboard\/account$/);
});

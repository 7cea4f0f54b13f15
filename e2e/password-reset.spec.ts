import { expect, test } from '@playwright/test';

import { newCustomer, outboxOf, signInOnSandboxPage } from './support';

/**
 * The password reset (SPEC.md 2.3, 4.5; issue 11 item 5), around its machine. Every screen state and
 * transition the browser can cause (the request from the sign-in page's link, its failures, the
 * mailed link, a failed or refused new password, the way to a new link) is a browser path generated
 * from the machine (e2e/machine-paths/password-reset.ts, run by e2e/machine-paths.spec.ts). Here is
 * what no machine holds: the request on the page puts the link into the customer's mail, and the
 * sandbox then takes the new password at its sign-in. It uses a fresh customer of its own (POST
 * /__sandbox/customers, not signed in). The rules (the messages, the live password rules, the
 * cooldown) are Vitest tests: tests/machines/password-reset.machine.test.ts,
 * tests/flows/password-reset-actors.test.ts and the forms' tests.
 */

const newPassword = 'Neu-Passwort-2027?';

test('the link asked for on the page reaches the mail; the new password set with it then signs in (de-DE)', async ({ page }) => {
  const customer = await newCustomer(page);
  const main = page.getByRole('main');

  await page.goto('/password-reset');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(customer.email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  // The same words as for an address without an account (the generated tours ask for one).
  await expect(main).toContainText(`Falls es ein Kundenkonto für ${customer.email} gibt, haben wir einen Link an diese Adresse gesendet.`);

  const mail = (await outboxOf(page, customer.email)).find((item) => item.kind === 'reset-password');
  expect(mail?.link).toMatch(/\/password-reset\?user_id=[^&]+&token=.+/);
  const link = new URL(mail!.link!);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Neues Passwort wiederholen', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Passwort wurde geändert' })).toBeVisible();

  await page.goto('/app/dashboard');
  await signInOnSandboxPage(page, customer.email, newPassword);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale, newCustomer, outboxOf, tabTo } from './support';

/**
 * The password reset (SPEC.md 2.3, 4.5; issue 11 item 5), public at /password-reset: from the
 * sandbox's sign-in page ("Passwort vergessen?") to the request, the mail's link in the sandbox's
 * outbox, the new password, and a sign-in with it. Each test uses a fresh customer of its own
 * (POST /__sandbox/customers, not signed in). The rules (each message, the live password rules, the
 * cooldown, the API's failures) are Vitest tests: tests/machines/password-reset.machine.test.ts
 * and tests/flows/password-reset-actors.test.ts.
 */

const newPassword = 'Neu-Passwort-2027?';

/** The newest reset mail's link to an address, as a path on the portal (the mail has the portal's origin). */
async function resetLinkFor(page: Page, email: string): Promise<string> {
  const mail = (await outboxOf(page, email)).find((item) => item.kind === 'reset-password');
  expect(mail?.link).toMatch(/\/password-reset\?user_id=[^&]+&token=.+/);
  const url = new URL(mail!.link!);
  return `${url.pathname}${url.search}`;
}

test('a customer resets a forgotten password from the sign-in page with the keyboard alone and signs in with it (de-DE)', async ({ page }) => {
  const customer = await newCustomer(page);
  const main = page.getByRole('main');

  await test.step('the sign-in page links to the request', async () => {
    await page.goto('/app/dashboard');
    const forgot = page.getByRole('link', { name: 'Passwort vergessen?' });
    await tabTo(page, forgot);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/password-reset$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('request: the address, sent with Enter', async () => {
    await tabTo(page, page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }));
    await page.keyboard.type(customer.email);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Bitte prüfen Sie Ihr E-Mail-Postfach',
      }),
    ).toBeFocused();
    await expect(main).toContainText(`Falls es ein Kundenkonto für ${customer.email} gibt, haben wir einen Link an diese Adresse gesendet.`);
    // The resend waits a moment and says so.
    await expect(page.getByRole('button', { name: 'Weiteren Link senden' })).toBeDisabled();
    await expect(main).toContainText('Einen weiteren Link können Sie in Kürze anfordern.');
    await expectNoAxeViolations(page);
  });

  await test.step("the mail's link: a new password, and the token leaves the address bar", async () => {
    await page.goto(await resetLinkFor(page, customer.email));
    await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
    await expect(page).toHaveURL(/\/password-reset$/);
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('textbox', { name: 'Neues Passwort', exact: true }));
    await page.keyboard.type(newPassword.slice(0, 3));
    await expect(main).toContainText('Ihr Passwort ist noch nicht vollständig:');
    await page.keyboard.type(newPassword.slice(3));
    await expect(main).toContainText('Ihr Passwort erfüllt alle Regeln.');
    await page.keyboard.press('Tab');
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
  });

  await test.step('success, with the way to sign in', async () => {
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Ihr Passwort wurde geändert',
      }),
    ).toBeFocused();
    const signIn = main.getByRole('link', { name: 'Anmelden' });
    await expect(signIn).toHaveAttribute('href', '/app/dashboard');
    await expectNoAxeViolations(page);
    await tabTo(page, signIn);
    await page.keyboard.press('Enter');
  });

  await test.step('the sandbox sign-in takes the new password; the dashboard', async () => {
    await expect(page).toHaveURL(/\/api\/v2\/auth\/authorization\/authorize|\/sandbox\/sign-in/);
    await tabTo(page, page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }));
    await page.keyboard.type(customer.email);
    await tabTo(page, page.getByLabel(/^Passwort/));
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('the same answer for an unknown address; rule messages keep the form; a used link says so and leads to a new one (en-US)', async ({ page }) => {
  const customer = await newCustomer(page);
  const unknown = `nobody-${customer.email}`;
  const main = page.getByRole('main');
  const sentText = (email: string) => `If there is a customer account for ${email}, we have sent a link to this address.`;

  await test.step('an address without an account gets the sent step of any address', async () => {
    await gotoInLocale(page, '/password-reset', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('not-an-address');
    await page.getByRole('textbox', { name: 'Email address', exact: true }).blur();
    await expect(main).toContainText('Please enter a valid email address.');
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(unknown);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeFocused();
    await expect(main).toContainText(sentText(unknown));
  });
  const unknownScreen = (await main.innerText()).replace(unknown, '(address)');

  await test.step('another address (it was kept): the customer’s own, the same screen', async () => {
    await page.getByRole('button', { name: 'Use another email address' }).click();
    await expect(page.getByRole('textbox', { name: 'Email address', exact: true })).toHaveValue(unknown);
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(customer.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(main).toContainText(sentText(customer.email));
    expect((await main.innerText()).replace(customer.email, '(address)')).toBe(unknownScreen);
    await expectNoAxeViolations(page);
  });

  const link = await resetLinkFor(page, customer.email);
  await test.step('the link sets a new password', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Repeat new password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Your password has been changed',
      }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/app/dashboard');
    await expectNoAxeViolations(page);
  });

  await test.step('the used link: a password breaking the rules keeps the form with the rule messages', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Repeat new password', exact: true }).fill('other');
    await page.getByRole('button', { name: 'Save new password' }).click();
    const rules = page.getByRole('list').filter({ hasText: 'At least 8 characters.' });
    await expect(rules).toContainText('Add an uppercase letter.');
    await expect(rules).toContainText('Add a digit.');
    await expect(rules).toContainText('Add a special character.');
    await expect(main).toContainText('The passwords do not match.');
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue('short');
    await expectNoAxeViolations(page);
  });

  await test.step('the used link is refused with passwordInput.errorInvalid and the way to a new link', async () => {
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Repeat new password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('The link is invalid, has been used already or has expired');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Email address', exact: true })).toHaveValue('');
  });
});

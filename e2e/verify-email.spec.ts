import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale, newCustomer, outboxOf, signIn, tabTo } from './support';

/**
 * Confirming the email address with the mail's link (SPEC.md 2.2, 4.5, 8; issue 11 item 6), against
 * the sandbox and its outbox. Each test has a fresh customer of its own whose address is not yet
 * confirmed (POST /__sandbox/customers with `{ verified: false }` mails the link as the registration
 * does). The machine's branches (a 5xx or network failure of the check, a failed request for a new
 * link, a double click) are tests/machines/verify-email.machine.test.ts; one check under React's
 * StrictMode is tests/flows/verify-email-screen.test.tsx.
 */

/** The verification links in the customer's outbox, newest first. */
async function verificationLinks(page: Page, email: string): Promise<URL[]> {
  const mails = (await outboxOf(page, email)).filter((mail) => mail.kind === 'verify-email');
  return mails.map((mail) => new URL(mail.link ?? ''));
}

/** Holds the link's check until `release`, so the "verifying" state can be looked at. */
async function holdTheCheck(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/account/verify-email',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

test('signed out, keyboard only (de-DE): a link cut short fails, the failed page sends a new one, the new link confirms the address once', async ({ page }) => {
  const customer = await newCustomer(page, { verified: false });
  const [first, ...others] = await verificationLinks(page, customer.email);
  expect(others).toEqual([]);
  expect(first?.pathname).toBe('/actions/verify-email');
  expect(first?.searchParams.get('user_id')).toBe(customer.userId);
  expect(first?.searchParams.get('token')).toBeTruthy();
  const heading = page.getByRole('heading', { level: 1 });

  await test.step('a link without its token: the failed page, with the way to a new link', async () => {
    await page.goto(`/actions/verify-email?user_id=${encodeURIComponent(customer.userId)}`);
    await expect(page).toHaveURL(`/actions/verify-email/failed?user_id=${encodeURIComponent(customer.userId)}`);
    await expect(heading).toHaveText('Ihre E-Mail-Adresse konnte nicht bestätigt werden');
    await expect(page.getByText('Der Link wurde schon verwendet, ist abgelaufen oder unvollständig.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('the button sends a new link (a second mail with another token)', async () => {
    await tabTo(page, page.getByRole('button', { name: 'Neuen Link senden' }));
    await page.keyboard.press('Enter');
    await expect(heading).toHaveText('Ein neuer Link ist unterwegs');
    await expect(heading).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'in Kürze eine E-Mail mit einem neuen Link' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
  });

  const [second, ...older] = await verificationLinks(page, customer.email);
  expect(older.map(String)).toEqual([String(first)]);
  if (!second) throw new Error('no new link in the outbox');
  expect(second.searchParams.get('user_id')).toBe(customer.userId);
  expect(second.searchParams.get('token')).not.toBe(first?.searchParams.get('token'));

  await test.step('the new link: "verifying", then confirmed with the way to sign in', async () => {
    const release = await holdTheCheck(page);
    await page.goto(second.pathname + second.search);
    await expect(heading).toHaveText('Ihre E-Mail-Adresse wird bestätigt');
    await expect(page.getByRole('status').filter({ hasText: 'Ihr Link wird geprüft…' })).toBeVisible();
    await expectNoAxeViolations(page);
    release();
    await expect(heading).toHaveText('Ihre E-Mail-Adresse ist bestätigt');
    await expect(heading).toBeFocused();
    await expect(page.getByText('Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unrouteAll();
    await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Anmelden' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/api\/v2\/auth\/authorization\/authorize|\/sandbox\/sign-in/);
  });

  await test.step('the same link again: used, so the failed page (replacing the link in the history)', async () => {
    await page.goto(second.pathname + second.search);
    await expect(page).toHaveURL(`/actions/verify-email/failed?user_id=${encodeURIComponent(customer.userId)}`);
    await expect(heading).toHaveText('Ihre E-Mail-Adresse konnte nicht bestätigt werden');
    await expect(page.getByRole('button', { name: 'Neuen Link senden' })).toBeVisible();
  });
});

test('signed in (en-US): the link confirms the address and goes on to My data with the notice; a broken link fails in English', async ({ page }) => {
  const customer = await newCustomer(page, { verified: false });
  const [link] = await verificationLinks(page, customer.email);
  await signIn(page, customer.email);
  await gotoInLocale(page, link!.pathname + link!.search, 'en-US');

  await test.step('My data with the notice, the address confirmed', async () => {
    await expect(page).toHaveURL('/app/dashboard/account?notice=emailVerified');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My data');
    await expect(page.getByRole('heading', { level: 2, name: /Your email address is confirmed/ })).toBeVisible();
    const details = page.getByTestId('account-details');
    await expect(details).toContainText(customer.email);
    await expect(details).toContainText('Confirmed');
    await expect(details).not.toContainText('Not confirmed');
    await expectNoAxeViolations(page);
  });

  await test.step('a broken token: the failed page in English', async () => {
    const broken = new URL(link!);
    broken.searchParams.set('token', 'not-the-token');
    await page.goto(broken.pathname + broken.search);
    await expect(page).toHaveURL(`/actions/verify-email/failed?user_id=${encodeURIComponent(customer.userId)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your email address could not be confirmed');
    await expect(page.getByText('The link has already been used, has expired or is incomplete.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale, newCustomer, outboxOf, pressEnterOn, signIn } from './support';

/**
 * Confirming the email address with the mail's link (SPEC.md 2.2, 4.5, 8; issue 11 item 6), around
 * its machine. Every screen state and transition of the flow (the link signed out and signed in, a
 * link cut short, a failed check and its retry, the failed page and its new link, a failed request
 * for one) is a browser path generated from the machine (e2e/machine-paths/verify-email.ts, run by
 * e2e/machine-paths.spec.ts). Here is what no machine holds: the new link in the mail has another
 * token and confirms the address, and the "verifying" status while the check runs. It has a
 * fresh customer of its own whose address is not yet confirmed (POST /__sandbox/customers with
 * `{ verified: false }` mails the link as the registration does). One check under React's
 * StrictMode is tests/flows/verify-email-screen.test.tsx. My data's own "send it again" (issue 30,
 * item 7) is the last test; its failure is tests/flows/account-screen.test.tsx's.
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

test('the failed page mails a new link with another token, which shows "verifying" while it is checked and confirms the address (de-DE)', async ({ page }) => {
  const customer = await newCustomer(page, { verified: false });
  const [first, ...others] = await verificationLinks(page, customer.email);
  expect(others).toEqual([]);
  expect(first?.searchParams.get('user_id')).toBe(customer.userId);
  const heading = page.getByRole('heading', { level: 1 });
  const failedPage = `/actions/verify-email/failed?user_id=${encodeURIComponent(customer.userId)}`;

  await page.goto(failedPage);
  await page.getByRole('button', { name: 'Neuen Link senden' }).click();
  await expect(heading).toHaveText('Ein neuer Link ist unterwegs');
  const [second, ...older] = await verificationLinks(page, customer.email);
  expect(older.map(String)).toEqual([String(first)]);
  if (!second) throw new Error('no new link in the outbox');
  expect(second.searchParams.get('user_id')).toBe(customer.userId);
  expect(second.searchParams.get('token')).not.toBe(first?.searchParams.get('token'));

  const release = await holdTheCheck(page);
  await page.goto(second.pathname + second.search);
  await expect(heading).toHaveText('Ihre E-Mail-Adresse wird bestätigt');
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Link wird geprüft…' })).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await expect(heading).toHaveText('Ihre E-Mail-Adresse ist bestätigt');
});

test('My data of a customer who has not confirmed the address sends the link again; the page passes axe in both languages', async ({ page }) => {
  const customer = await newCustomer(page, { verified: false });
  await signIn(page, customer.email);
  const before = await verificationLinks(page, customer.email);
  for (const [locale, words] of [
    ['de-DE', { resend: 'Bestätigungs-E-Mail erneut senden', sent: 'Die E-Mail ist unterwegs' }],
    ['en-US', { resend: 'Send the confirmation email again', sent: 'The email is on its way' }],
  ] as const) {
    await gotoInLocale(page, '/app/dashboard/account', locale);
    await pressEnterOn(page, page.getByRole('button', { name: words.resend }));
    await expect(page.getByRole('heading', { level: 3, name: words.sent })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await expect.poll(async () => (await verificationLinks(page, customer.email)).length).toBe(before.length + 2);
});

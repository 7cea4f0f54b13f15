import { expect, type Page } from '@playwright/test';

import { gotoInLocale, type Locale, pressEnterOn, signInOnSandboxPage } from '../support';

/**
 * Where the account flows start (their browser models' `prepare` and `visit`): My data, signed in.
 * The sign-in starts there, so the portal comes back to it (one page load less than signing in on
 * the dashboard and going on), in the tour's language from the first page on.
 */

const myData = '/app/dashboard/account';
const title = { 'de-DE': 'Meine Daten', 'en-US': 'My data' };

/** Signs in (the sandbox's sign-in page) from My data, and is back there. */
export async function signInToMyData(page: Page, email: string, locale: Locale, password?: string): Promise<void> {
  await gotoInLocale(page, myData, locale);
  await signInOnSandboxPage(page, email, password);
  await expect(page).toHaveURL(myData);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title[locale]);
}

/** As a customer comes to a flow: its link on My data, checked, by the keyboard. */
export async function openFromMyData(page: Page, name: string, href: string): Promise<void> {
  await expect(page).toHaveURL(myData);
  const link = page.getByRole('main').getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', href);
  await pressEnterOn(page, link);
}

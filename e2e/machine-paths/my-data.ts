import { expect, type Page } from '@playwright/test';

import { gotoInLocale, type Locale, pressEnterOn, signInOverHttp } from '../support';

/**
 * Where the account flows start (their browser models' `prepare` and `visit`): My data, signed in
 * over HTTP (the sign-in page is e2e/sign-in.spec.ts's subject), in the tour's language from the
 * first page on.
 */

const myData = '/app/dashboard/account';
const title = { 'de-DE': 'Meine Daten', 'en-US': 'My data' };

/** Signs in and opens My data. */
export async function signInToMyData(page: Page, email: string, locale: Locale, password?: string): Promise<void> {
  await signInOverHttp(page, email, password);
  await gotoInLocale(page, myData, locale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title[locale]);
}

/** As a customer comes to a flow: its link on My data, checked, by the keyboard. */
export async function openFromMyData(page: Page, name: string, href: string): Promise<void> {
  await expect(page).toHaveURL(myData);
  const link = page.getByRole('main').getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', href);
  await pressEnterOn(page, link);
}

import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations, signInAsNewCustomer, tabTo, rememberLocale } from './support';

/**
 * The direct-debit (SEPA) information (issue 12 item 2; SPEC.md 5.2, 7.4, 8). Saving changes the
 * account, so each journey uses a fresh customer of its own (none has information stored yet). The
 * rules (an IBAN of every allowed country, each refusal's message in both languages, the failure
 * branches, one request per double click) are Vitest: tests/flows/sepa-information-screen.test.tsx,
 * tests/domain/sepa-information.test.ts and tests/machines/sepa-information.*.
 */

const pagePath = '/app/dashboard/account/payment-information';

/** Nothing of the IBAN in the address, the storages or the cookies. */
async function expectIbanKeptNowhere(page: Page, fragments: string[]): Promise<void> {
  const kept = await page.evaluate(() => [window.location.href, JSON.stringify({ ...window.localStorage }), JSON.stringify({ ...window.sessionStorage }), document.cookie].join('\n'));
  for (const fragment of fragments) expect(kept.toUpperCase()).not.toContain(fragment);
}

test('saves direct-debit information with the keyboard alone: a lower-case IBAN with spaces, shown grouped, the mandate required, the confirmation (de-DE)', async ({ page }) => {
  await signInAsNewCustomer(page);

  const holder = page.getByLabel(/^Kontoinhaber\/in/);
  const iban = page.getByLabel(/^IBAN/);
  const bic = page.getByLabel(/^BIC/);
  const mandate = page.getByRole('checkbox', { name: /Ich erteile das SEPA-Lastschriftmandat/ });
  const save = page.getByRole('button', { name: 'Bankverbindung speichern' });

  await test.step('nothing stored yet: the empty form with the mandate text', async () => {
    await page.goto(pagePath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lastschriftdaten');
    await expect(page.getByText('Es sind noch keine Lastschriftdaten gespeichert.')).toBeVisible();
    await expect(page.getByText(/^SEPA-Lastschriftmandat: Ich ermächtige den Verkehrsverbund/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abbrechen', exact: true })).toHaveAttribute('href', '/app/dashboard/account');
    await expect(holder).toHaveValue('');
    await expectNoAxeViolations(page);
  });

  await test.step('typed in lower case with spaces, the IBAN is shown grouped and upper-case on leaving the field', async () => {
    await tabTo(page, holder);
    await page.keyboard.type('Max Mustermann');
    await page.keyboard.press('Tab');
    await expect(iban).toBeFocused();
    await page.keyboard.type('de75 5121 08001245 126199');
    await page.keyboard.press('Tab');
    await expect(iban).toHaveValue('DE75 5121 0800 1245 1261 99');
    await expect(iban).not.toHaveAttribute('aria-invalid', 'true');
    await expect(bic).toBeFocused();
    await page.keyboard.type('soladest600');
    await page.keyboard.press('Tab');
    await expect(bic).toHaveValue('SOLADEST600');
    await expectNoAxeViolations(page);
  });

  await test.step('without the mandate nothing is sent: its message', async () => {
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(mandate).toHaveAccessibleDescription(/Bitte erteilen Sie das SEPA-Lastschriftmandat\./);
    await expect(page).toHaveURL(new RegExp(`${pagePath}$`));
    await expectNoAxeViolations(page);
  });

  await test.step('with the mandate: saved, the confirmation shows the IBAN masked and the way back to my data', async () => {
    await tabTo(page, mandate, 'Shift+Tab');
    await page.keyboard.press('Space');
    await expect(mandate).toBeChecked();
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihre Lastschriftdaten sind gespeichert');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByText('DE75 **** **** **** 6199')).toBeVisible();
    await expect(page.getByText('SOLADEST600')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zu meinen Daten' })).toHaveAttribute('href', '/app/dashboard/account');
    await expectIbanKeptNowhere(page, ['DE75512108001245126199', 'DE75 5121', '1245126199', '1245 1261']);
    await expectNoAxeViolations(page);
  });

  await test.step('opened again: what is stored, the IBAN masked, its field empty', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Neue Bankverbindung' })).toBeVisible();
    await expect(page.getByText('DE75 **** **** **** 6199')).toBeVisible();
    await expect(iban).toHaveValue('');
    await expect(holder).toHaveValue('Max Mustermann');
    await expect(page.locator('body')).not.toContainText('DE75 5121');
    await expectNoAxeViolations(page);
  });
});

test('the blacklisted IBAN gets ibanBlacklist with everything kept, a GB IBAN its own message (en-US)', async ({ page }) => {
  await signInAsNewCustomer(page);
  await rememberLocale(page, 'en-US');

  const holder = page.getByLabel(/^Account holder/);
  const iban = page.getByLabel(/^IBAN/);
  const bic = page.getByLabel(/^BIC/);
  const mandate = page.getByRole('checkbox', { name: /I give the SEPA direct-debit mandate/ });

  await test.step('the blacklisted IBAN: the server refuses it; the message at the IBAN, with the focus', async () => {
    await page.goto(pagePath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Direct-debit information');
    await holder.fill('Erika Mustermann');
    await iban.fill('de89 3704 0044 0532 0130 00');
    await bic.fill('COBADEFFXXX');
    await page.getByText('I give the SEPA direct-debit mandate.').click();
    await expect(mandate).toBeChecked();
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await expect(iban).toHaveAccessibleDescription(/This bank account cannot be used\. Please use another one\./);
    await expect(iban).toBeFocused();
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
    await expect(holder).toHaveValue('Erika Mustermann');
    await expect(bic).toHaveValue('COBADEFFXXX');
    await expect(mandate).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`${pagePath}$`));
    await expectIbanKeptNowhere(page, ['DE89370400440532013000', 'DE89 3704', '0532013000', '0532 0130']);
    await expectNoAxeViolations(page);
  });

  await test.step('a GB IBAN: not accepted, before anything is sent', async () => {
    await iban.fill('GB29 NWBK 6016 1331 9268 19');
    await iban.blur();
    await expect(iban).toHaveAccessibleDescription(/IBANs from this country are not accepted\./);
    await expect(holder).toHaveValue('Erika Mustermann');
    await expectNoAxeViolations(page);
  });
});

import { expect, type Page } from '@playwright/test';

import { type SepaInformationValues, sepaInformationMachine, type StoredSepaInformation } from '#machines/sepa-information/sepa-information.machine';
import { selectSepaInformationView } from '#machines/sepa-information/sepa-information.selectors';
import { blacklisted, eventsFor, invalidChecksum, machine, notFound, serialize, stored, unavailable } from '../../tests/machines/sepa-information.model';
import { type Locale, newCustomer, pressEnterOn, tabTo } from '../support';
import { endingLast } from './ending-last';
import { openFromMyData, signInToMyData } from './my-data';
import { answerCalls, failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * The direct-debit (SEPA) information in the browser, from its machine. The events are the machine
 * model's (tests/machines/sepa-information.model.ts). The sandbox's own answers: nothing stored yet
 * (a customer of its own), what is stored (the model's, stored for that customer through the API
 * before the tour), the save, and the seeded blacklisted IBAN (the customer types it). Made in the
 * page's network: a failed load, another invalid IBAN result (the form's own rules let no such IBAN
 * through), the 400s and a 500, no connection. Left out: the 503, which goes to /maintenance before
 * the machine sees it.
 */

type Machine = typeof sepaInformationMachine;

interface Run {
  locale: Locale;
  /** The next save sends the blacklisted IBAN. */
  blacklisted: boolean;
  /** What the form holds, as typed. */
  typed: SepaInformationValues | undefined;
  /** The last screen checked (the retry of a failed save is the alert's own button). */
  lastError: string | undefined;
}

/** deuti's seeded information in full (the model's `stored` is it masked). */
const storedInFull = { account_name: stored.accountName, iban: 'DE02120300000000202051', bic: stored.bic, has_agreed_to_sepa: true };
/** The seeded blacklisted IBAN (sandbox/seed), as a customer types it. */
const blacklistedIban = 'DE89370400440532013000';

const texts = {
  'de-DE': {
    way: 'Lastschriftdaten',
    title: 'Lastschriftdaten',
    intro: 'Ihre Zahlungen werden per SEPA-Lastschrift von dem Konto eingezogen, das Sie hier angeben.',
    storedTitle: 'Derzeit gespeichert',
    none: 'Es sind noch keine Lastschriftdaten gespeichert.',
    masked: 'Zu Ihrer Sicherheit zeigen wir nur einen Teil der IBAN.',
    formNew: 'Ihre Bankverbindung',
    formChange: 'Neue Bankverbindung',
    holder: /^Kontoinhaber\/in/,
    iban: /^IBAN/,
    bic: /^BIC/,
    mandate: /Ich erteile das SEPA-Lastschriftmandat/,
    mandateText: /^SEPA-Lastschriftmandat: Ich ermächtige den Verkehrsverbund/,
    save: 'Bankverbindung speichern',
    cancel: 'Abbrechen',
    saveFailed: 'Ihre Bankverbindung konnte nicht gespeichert werden',
    invalidFields: 'Bitte prüfen Sie die markierten Felder',
    blacklist: 'Dieses Konto kann nicht verwendet werden. Bitte nutzen Sie ein anderes.',
    invalid: 'Die Zahlungsdaten sind nicht gültig.',
    holderFormat: 'Bitte verwenden Sie lateinische Buchstaben.',
    bicFormat: 'Eine BIC hat 8 oder 11 Großbuchstaben und Ziffern.',
    loadError: 'Ihre Lastschriftdaten konnten nicht geladen werden',
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Daten',
    done: 'Ihre Lastschriftdaten sind gespeichert',
    doneText: 'Ihre Bankverbindung und Ihr SEPA-Lastschriftmandat sind gespeichert.',
  },
  'en-US': {
    way: 'Direct debit information',
    title: 'Direct-debit information',
    intro: 'Your payments are collected by SEPA direct debit from the bank account you enter here.',
    storedTitle: 'Stored now',
    none: 'No direct-debit information is stored yet.',
    masked: 'For your security only part of the IBAN is shown.',
    formNew: 'Your bank details',
    formChange: 'New bank details',
    holder: /^Account holder/,
    iban: /^IBAN/,
    bic: /^BIC/,
    mandate: /I give the SEPA direct-debit mandate/,
    mandateText: /^SEPA direct-debit mandate: I authorise the transport association/,
    save: 'Save bank details',
    cancel: 'Cancel',
    saveFailed: 'Your bank details could not be saved',
    invalidFields: 'Please check the marked fields',
    blacklist: 'This bank account cannot be used. Please use another one.',
    invalid: 'The payment information is not valid.',
    holderFormat: 'Please use Latin letters.',
    bicFormat: 'A BIC has 8 or 11 capital letters and digits.',
    loadError: 'Your direct-debit information could not be loaded',
    retry: 'Try again',
    back: 'Back to my data',
    done: 'Your direct-debit information has been saved',
    doneText: 'Your bank details and your SEPA direct-debit mandate are stored.',
  },
};

const accountPage = '/app/dashboard/account';
const sepaPage = '/app/dashboard/account/payment-information';
const apiPath = '/api/v2/payment/paymentinformation';
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
/** An IBAN as the field shows it: in groups of four. */
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** Stores information for the signed-in customer through the API, as an earlier visit would have. */
async function storeInformation(page: Page): Promise<void> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.put(apiPath, { headers: { 'X-XSRF-TOKEN': csrf }, data: storedInFull });
  expect(answer.status()).toBe(200);
}

/** Account holder, masked IBAN and BIC as the screen lists them. */
async function expectDetails(page: Page, details: StoredSepaInformation): Promise<void> {
  for (const text of [details.accountName, details.maskedIban, details.bic]) await expect(page.getByRole('definition').filter({ hasText: text })).toBeVisible();
}

export const sepaInformationBrowser: BrowserModel<Machine, Run> = {
  machine: sepaInformationMachine,
  logic: machine,
  events: (snapshot) =>
    endingLast(
      machine,
      snapshot,
      eventsFor(snapshot).filter((event) => !('error' in event && event.error === unavailable)),
    ),
  serialize,
  // The form's two parts are independent: above what is stored (or that nothing is), below the
  // fields with a refusal or a failure. A refusal looks the same whichever is above, so each part is
  // a screen once (the stored information, each refusal), not each pair of them.
  screen: (snapshot) => {
    const view = selectSepaInformationView(snapshot);
    if (view.step !== 'form') return JSON.stringify(view);
    if (view.saving) return 'form, saving';
    return `form, ${view.error ?? (view.stored ? 'stored' : 'nothing stored')}`;
  },
  // One tour to the flow's end (saved) with every refusal on the way, and one that finds information stored.
  maxSteps: 14,
  excluded: {},

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const { email } = await newCustomer(page);
    await signInToMyData(page, email, locale);
    // A customer of its own has nothing stored; the model's stored information is stored first where a load is to find it.
    if (tour.steps.some((step) => step.event.type === 'xstate.done.actor.load')) await storeInformation(page);
    return { locale, blacklisted: false, typed: undefined, lastError: undefined };
  },

  async visit(page, run) {
    await openFromMyData(page, texts[run.locale].way, sepaPage);
  },

  async arrange(page, event, run) {
    // Nothing stored (404) is the sandbox's own answer for a customer of its own.
    if (event.type === 'xstate.error.actor.load') return event.error === notFound ? undefined : failCalls(page, 'GET', apiPath, event.error);
    if (event.type === 'xstate.error.actor.save') return failCalls(page, 'PUT', apiPath, event.error);
    if (event.type === 'xstate.done.actor.save' && event.output === blacklisted) run.blacklisted = true;
    if (event.type === 'xstate.done.actor.save' && event.output === invalidChecksum)
      return answerCalls(page, 'PUT', apiPath, { is_valid: false, iban_validation_result: 'InvalidChecksum' });
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    if (event.type === 'load.retry') return pressEnterOn(page, page.getByRole('button', { name: words.retry }));
    if (event.type !== 'information.save') return;
    const information = { ...event.information, iban: run.blacklisted ? blacklistedIban : event.information.iban };
    run.blacklisted = false;
    if (run.lastError === 'saveFailed' && information.iban === run.typed?.iban) {
      // Everything typed is still there: the alert's retry sends it again.
      return pressEnterOn(page, page.getByRole('button', { name: words.retry }));
    }
    run.typed = information;
    await page.getByLabel(words.holder).fill(information.accountName);
    await page.getByLabel(words.iban).fill(information.iban.toLowerCase());
    await page.getByLabel(words.bic).fill(information.bic);
    // The mandate by the keyboard (its box is drawn over the input); given once, it stays given.
    const mandate = page.getByRole('checkbox', { name: words.mandate });
    if (!(await mandate.isChecked())) {
      await tabTo(page, mandate);
      await page.keyboard.press('Space');
    }
    await expect(mandate).toBeChecked();
    await pressEnterOn(page, page.getByRole('button', { name: words.save }));
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectSepaInformationView(snapshot);
    run.lastError = view.step === 'form' ? view.error : undefined;
    if (view.step === 'loading') return;
    await expect(page).toHaveURL(sepaPage);
    const heading = page.getByRole('heading', { level: 1 });
    switch (view.step) {
      case 'loadFailed':
        await expect(heading).toHaveText(words.title);
        await expect(page.getByRole('heading', { level: 2, name: words.loadError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', accountPage);
        return;
      case 'done':
        await expect(heading).toHaveText(words.done);
        await expect(heading).toBeFocused();
        await expect(page.getByText(words.doneText)).toBeVisible();
        await expectDetails(page, view.saved!);
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', accountPage);
        // Nothing of the IBAN in full in the address, the storages or the cookies.
        await expect(page.locator('body')).not.toContainText(grouped(run.typed!.iban).slice(0, 9));
        expect(
          (
            await page.evaluate(() =>
              [window.location.href, JSON.stringify({ ...window.localStorage }), JSON.stringify({ ...window.sessionStorage }), document.cookie].join('\n'),
            )
          ).toUpperCase(),
        ).not.toContain(run.typed!.iban.slice(4));
        return;
      case 'form': {
        await expect(heading).toHaveText(words.title);
        await expect(page.getByText(words.intro)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: words.storedTitle })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: view.stored ? words.formChange : words.formNew, exact: true })).toBeVisible();
        const holder = page.getByLabel(words.holder);
        const iban = page.getByLabel(words.iban);
        const bic = page.getByLabel(words.bic);
        const mandate = page.getByRole('checkbox', { name: words.mandate });
        if (view.stored) {
          // What is stored, the IBAN masked; its field empty.
          await expectDetails(page, view.stored);
          await expect(page.getByText(words.masked)).toBeVisible();
          await expect(page.locator('body')).not.toContainText(grouped(storedInFull.iban).slice(0, 9));
        } else {
          await expect(page.getByText(words.none)).toBeVisible();
        }
        await expect(page.getByText(words.mandateText)).toBeVisible();
        await expect(page.getByRole('button', { name: words.save })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', accountPage);
        // After a failure everything typed stays: the IBAN grouped, the mandate given.
        if (view.error === undefined) {
          await expect(holder).toHaveValue(view.stored?.accountName ?? '');
          await expect(iban).toHaveValue('');
          await expect(bic).toHaveValue(view.stored?.bic ?? '');
          await expect(mandate).not.toBeChecked();
        } else {
          await expect(holder).toHaveValue(run.typed!.accountName);
          await expect(iban).toHaveValue(grouped(run.typed!.iban));
          await expect(bic).toHaveValue(run.typed!.bic);
          await expect(mandate).toBeChecked();
        }
        const saveFailed = page.getByRole('heading', { level: 2, name: words.saveFailed });
        await expect(saveFailed).toHaveCount(view.error === 'saveFailed' ? 1 : 0);
        if (view.error === 'saveFailed') await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(page.getByRole('heading', { level: 2, name: words.invalidFields })).toHaveCount(view.error === 'invalidFields' ? 1 : 0);
        // The server's refusals at their fields; the first gets the focus.
        const messages = {
          ibanBlacklist: words.blacklist,
          invalidPaymentInformation: words.invalid,
          textFormatAccountHolder: words.holderFormat,
          bicFormat: words.bicFormat,
        } as Record<string, string>;
        const fields = { accountName: holder, iban, bic, hasAgreedToSepa: mandate };
        for (const [name, field] of Object.entries(fields)) {
          const error = view.fieldErrors.find((item) => item.field === name);
          if (error === undefined) {
            await expect(field).not.toHaveAttribute('aria-invalid', 'true');
            continue;
          }
          await expect(field).toHaveAttribute('aria-invalid', 'true');
          await expect(field).toHaveAccessibleDescription(containing(messages[error.code] ?? error.code));
        }
        const first = view.fieldErrors[0];
        if (first) await expect(fields[first.field]).toBeFocused();
        return;
      }
    }
  },
};

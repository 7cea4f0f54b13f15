import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { SepaInformationScreen } from '#src/flows/sepa-information/sepa-information-screen';
import { blacklistedIbans } from '#sandbox/seed/catalog';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * The SEPA information screen over the in-process sandbox (issue 12 item 2; SPEC.md 5.2, 7.4, 8):
 * the IBAN of every allowed country is accepted however it is typed, each refusal has its own
 * message in both languages, the server's Blacklist shows ibanBlacklist at the IBAN with
 * everything kept, and the IBAN is never kept anywhere but the form. The journeys are
 * e2e/sepa-information.spec.ts.
 */

type Locale = 'en-US' | 'de-DE';

async function renderScreen({
  signedInAs = 'deuti@example.com',
  locale = 'en-US',
  fault,
}: { signedInAs?: string; locale?: Locale; fault?: { method: string; path: string; status: number } } = {}) {
  const sandbox = await sandboxApi({ signedInAs });
  if (fault) await sandbox.client.post('/__sandbox/faults', { json: { ...fault, times: 1 } });
  const router = await renderInRouter(sandbox, () => <SepaInformationScreen />, { path: '/app/dashboard/account/payment-information', locale });
  const puts = () => sandbox.calls.filter((call) => call === 'PUT /api/v2/payment/paymentinformation');
  return { sandbox, router, puts, user: userEvent.setup() };
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
/**
 * The form is shown, and the step's focus has moved to the page heading (useStepFocus, one frame
 * after the form replaced the loading status): typing before that loses the caret to the heading.
 */
const formReady = () =>
  waitFor(() => {
    expect(input('iban')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

type User = ReturnType<typeof userEvent.setup>;

/** Replaces a field's value as a customer would (select all, type or paste), then leaves it with Tab. */
async function enter(user: User, name: string, value: string) {
  await user.clear(input(name));
  if (value !== '') {
    await user.click(input(name));
    await user.paste(value);
  }
  await user.tab();
}

/** A valid example of every country SPEC.md 5.2 allows (the IBAN registry's examples, check digits correct). */
const validIbans = {
  AT: 'AT611904300234573201',
  LU: 'LU280019400644750000',
  BE: 'BE68539007547034',
  CH: 'CH9300762011623852957',
  CZ: 'CZ6508000000192000145399',
  DE: 'DE02120300000000202051',
  DK: 'DK5000400440116243',
  FR: 'FR1420041010050500013M02606',
  NL: 'NL91ABNA0417164300',
  PL: 'PL61109010140000071219812874',
};
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

const messages = {
  'en-US': {
    country: 'IBANs from this country are not accepted.',
    checksum: 'This IBAN is not correct: please check every digit.',
    length: 'This IBAN is too short or too long for its country.',
    bic: 'A BIC has 8 or 11 capital letters and digits.',
    mandate: 'Please give the SEPA direct-debit mandate.',
    blacklist: 'This bank account cannot be used. Please use another one.',
    save: 'Save bank details',
    done: 'Your direct-debit information has been saved',
  },
  'de-DE': {
    country: 'IBANs aus diesem Land werden nicht angenommen.',
    checksum: 'Diese IBAN ist nicht korrekt: Bitte prüfen Sie jede Ziffer.',
    length: 'Diese IBAN ist für ihr Land zu kurz oder zu lang.',
    bic: 'Eine BIC hat 8 oder 11 Großbuchstaben und Ziffern.',
    mandate: 'Bitte erteilen Sie das SEPA-Lastschriftmandat.',
    blacklist: 'Dieses Konto kann nicht verwendet werden. Bitte nutzen Sie ein anderes.',
    save: 'Bankverbindung speichern',
    done: 'Ihre Lastschriftdaten sind gespeichert',
  },
} as const;

describe('the SEPA information screen', () => {
  // jsdom has no scrolling; each new state scrolls to the top (SPEC.md 4.8).
  beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));

  it('shows the stored information with the IBAN masked, and the IBAN field empty', async () => {
    await renderScreen();
    expect(await screen.findByText('DE02 **** **** **** 2051')).toBeVisible();
    expect(screen.getAllByText('Erika Mustermann').length).toBeGreaterThan(0);
    // The full IBAN, stored by the server, is nowhere on the page.
    expect(document.body.innerHTML).not.toContain('DE02120300000000202051');
    expect(document.body.innerHTML).not.toContain('DE02 1203');
    expect(input('iban')).toHaveValue('');
    expect(input('accountName')).toHaveValue('Erika Mustermann');
    expect(input('bic')).toHaveValue('BYLADEM1001');
    expect(screen.getByRole('heading', { level: 2, name: 'New bank details' })).toBeVisible();
  });

  it('a customer without information (404): the empty form', async () => {
    await renderScreen({ signedInAs: 'joti@example.com' });
    expect(await screen.findByText('No direct-debit information is stored yet.')).toBeVisible();
    expect(input('accountName')).toHaveValue('');
    expect(input('bic')).toHaveValue('');
  });

  it('accepts an IBAN of every allowed country, without and with spaces and in lower case, shown grouped and upper-case', async () => {
    const { user, puts } = await renderScreen();
    await formReady();
    for (const [country, iban] of Object.entries(validIbans)) {
      for (const typed of [iban, grouped(iban), iban.toLowerCase(), ` ${grouped(iban).toLowerCase()} `]) {
        await enter(user, 'iban', typed);
        expect(input('iban'), `${country}: ${typed}`).toHaveValue(grouped(iban));
        expect(input('iban'), `${country}: ${typed}`).not.toHaveAttribute('aria-invalid', 'true');
      }
    }
    expect(puts()).toEqual([]);
  });

  it('saves a lower-case IBAN with spaces once, however often Save is pressed, and confirms with the IBAN masked', async () => {
    const { user, puts, sandbox } = await renderScreen();
    await formReady();
    await enter(user, 'iban', 'pl61 1090 1014 0000 0712 1981 2874');
    await enter(user, 'bic', 'wbkppl pp');
    expect(input('bic')).toHaveValue('WBKPPL PP');
    await enter(user, 'bic', 'wbkpplpp');
    expect(input('bic')).toHaveValue('WBKPPLPP');
    await user.click(screen.getByRole('checkbox', { name: /I give the SEPA direct-debit mandate/ }));
    await user.dblClick(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your direct-debit information has been saved' })).toBeVisible();
    expect(screen.getByText('PL61 **** **** **** 2874')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to my data' })).toHaveAttribute('href', '/app/dashboard/account');
    expect(puts()).toEqual(['PUT /api/v2/payment/paymentinformation']);
    // What the server stored: the electronic format, the BIC upper-case.
    const stored = await sandbox.api.GET('/api/v2/payment/paymentinformation');
    expect(stored.data).toEqual({ account_name: 'Erika Mustermann', iban: 'PL61109010140000071219812874', bic: 'WBKPPLPP', has_agreed_to_sepa: true });
    // Nothing of it in any storage.
    const storages = JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }) + document.cookie;
    expect(storages).not.toContain('PL61');
    expect(storages).not.toContain('1090 1014');
  });

  it.each(['en-US', 'de-DE'] as const)(
    '%s: refuses a GB IBAN, a one-digit change, a wrong length, a bad BIC and a missing mandate with their messages, sending nothing',
    async (locale) => {
      const text = messages[locale];
      const { user, puts } = await renderScreen({ locale });
      await formReady();
      await enter(user, 'iban', 'GB29 NWBK 6016 1331 9268 19');
      expect(descriptionOf(input('iban'))).toContain(text.country);
      // DE02120300000000202051 with its 7th digit changed: the check digits no longer match.
      await enter(user, 'iban', 'DE02 1204 0000 0000 2020 51');
      expect(descriptionOf(input('iban'))).toContain(text.checksum);
      await enter(user, 'iban', 'DE02 1203 0000 0000 2020 5');
      expect(descriptionOf(input('iban'))).toContain(text.length);
      await enter(user, 'bic', 'BYLA-DEM1');
      expect(descriptionOf(input('bic'))).toContain(text.bic);
      await enter(user, 'bic', 'BYLADEM10');
      expect(descriptionOf(input('bic'))).toContain(text.bic);
      await user.click(screen.getByRole('button', { name: text.save }));
      expect(descriptionOf(input('hasAgreedToSepa'))).toContain(text.mandate);
      expect(puts()).toEqual([]);
    },
  );

  it.each(['en-US', 'de-DE'] as const)(
    '%s: the seeded blacklisted IBAN gets ibanBlacklist from the server at the IBAN, with the focus; everything typed stays',
    async (locale) => {
      const text = messages[locale];
      const { user, puts } = await renderScreen({ locale });
      await formReady();
      const [blacklisted] = blacklistedIbans;
      await enter(user, 'accountName', 'Max Mustermann');
      await enter(user, 'iban', grouped(blacklisted!).toLowerCase());
      await enter(user, 'bic', 'COBADEFFXXX');
      await user.click(screen.getByRole('checkbox'));
      await user.keyboard('{Enter}');
      await waitFor(() => expect(descriptionOf(input('iban'))).toContain(text.blacklist));
      expect(input('iban')).toHaveAttribute('aria-invalid', 'true');
      expect(input('iban')).toHaveFocus();
      expect(input('iban')).toHaveValue(grouped(blacklisted!));
      expect(input('accountName')).toHaveValue('Max Mustermann');
      expect(input('bic')).toHaveValue('COBADEFFXXX');
      expect(screen.getByRole('checkbox')).toBeChecked();
      expect(puts()).toEqual(['PUT /api/v2/payment/paymentinformation']);
      // Another IBAN: the message goes, and the save goes through.
      await enter(user, 'iban', validIbans.DE);
      expect(descriptionOf(input('iban'))).not.toContain(text.blacklist);
      await user.click(screen.getByRole('button', { name: text.save }));
      expect(await screen.findByRole('heading', { level: 1, name: text.done })).toBeVisible();
    },
  );

  it('a failure of the server: the alert with its retry, everything typed kept; the retry sends it again', async () => {
    const { user, puts } = await renderScreen({ fault: { method: 'PUT', path: '/api/v2/payment/paymentinformation', status: 500 } });
    await formReady();
    await enter(user, 'iban', validIbans.NL);
    await enter(user, 'bic', 'ABNANL2A');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Save bank details' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your bank details could not be saved');
    expect(input('iban')).toHaveValue(grouped(validIbans.NL));
    expect(input('bic')).toHaveValue('ABNANL2A');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your direct-debit information has been saved' })).toBeVisible();
    expect(puts()).toHaveLength(2);
  });

  it('a failed load: the alert with a retry and the way back to my data', async () => {
    const { user } = await renderScreen({ fault: { method: 'GET', path: '/api/v2/payment/paymentinformation', status: 500 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your direct-debit information could not be loaded');
    expect(screen.getByRole('link', { name: 'Back to my data' })).toHaveAttribute('href', '/app/dashboard/account');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('DE02 **** **** **** 2051')).toBeVisible();
  });
});

import { expect, type Page } from '@playwright/test';

import { changeEmailMachine } from '#machines/change-email/change-email.machine';
import { selectChangeEmailView } from '#machines/change-email/change-email.selectors';
import {
  cooldownOver,
  eventsFor,
  invalidCode,
  inUse,
  machine,
  newEmail,
  notAllowed,
  serialize,
  tooManyAttempts,
} from '../../tests/machines/change-email.model';
import { type Locale, newCustomer, outboxOf, pressEnterOn, uniqueEmail } from '../support';
import { endingLast } from './ending-last';
import { openFromMyData, signInToMyData } from './my-data';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { expectTooManyAttempts, refuseCalls } from './too-many-attempts';
import { localeOf } from './tour-locale';

/**
 * Changing the email address in the browser, from its machine. The events are the machine model's
 * (tests/machines/change-email.model.ts). The sandbox's own answers: the pre-check (yes for a
 * customer of its own, no for the seeded fixed-email@example.com), an address in use (the customer
 * types deuti@example.com), a wrong code (the customer types another than the mailed one) and the
 * change with the code from the sandbox's outbox. Made in the page's network: a failed pre-check,
 * the 403, the 400 naming the address, a 500 and no connection, the 409 of an address taken
 * between the code and its confirmation (a race of two accounts), and the 429 of too many codes sent
 * or wrong codes (too-many-attempts.ts).
 *
 * Left out, as the browser cannot cause them (see `excluded`): the current address as the new one
 * (the form's own rule refuses it, so the screen sends no event), and the new code: it is offered
 * only after the 30 s wait (a delay), so its request and answers are the machine test's.
 *
 * Data: each tour that may change the address has a customer of its own and a new address nobody
 * has; fixed-email@example.com is only read.
 */

type Machine = typeof changeEmailMachine;

interface Run {
  locale: Locale;
  /** The customer's address now. */
  email: string;
  /** The new address (the model's `newEmail`). */
  newEmail: string;
  /** The address the next request sends instead of the new one (one in use). */
  nextAddress: string | undefined;
  /** The last address sent. */
  sentTo: string;
  /** The next confirmation sends a wrong code. */
  wrongCode: boolean;
  /** The last code sent. */
  code: string;
}

const inUseAddress = 'deuti@example.com';

const texts = {
  'de-DE': {
    way: 'E-Mail-Adresse ändern',
    title: 'E-Mail-Adresse ändern',
    intro: (email: string) => `Ihre E-Mail-Adresse ist ${email}. Geben Sie Ihre neue Adresse ein`,
    field: 'Neue E-Mail-Adresse',
    sendCode: 'Code senden',
    sendFailed: 'Der Code konnte nicht gesendet werden',
    alreadyExists: 'Diese E-Mail-Adresse wird bereits verwendet.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    back: 'Zurück zu meinen Daten',
    loadError: 'Wir konnten nicht prüfen, ob Ihre E-Mail-Adresse geändert werden kann',
    retry: 'Erneut versuchen',
    notAllowed: 'Die E-Mail-Adresse dieses Kontos kann nicht online geändert werden',
    notAllowedText: 'Die E-Mail-Adresse dieses Kontos kann nur unser Kundenservice ändern.',
    codeSent: (email: string) => `Wir haben einen Code an ${email} geschickt.`,
    codeField: 'Code aus der E-Mail',
    confirm: 'Neue Adresse bestätigen',
    invalidCode: 'Dieser Code ist falsch oder nicht mehr gültig.',
    changeFailed: 'Ihre E-Mail-Adresse konnte nicht geändert werden',
    resend: 'Neuen Code senden',
    resendSoon: 'Einen neuen Code können Sie 30 Sekunden nach dem letzten anfordern.',
    otherAddress: 'Andere Adresse verwenden',
    changed: 'Ihre E-Mail-Adresse wurde geändert',
    changedText: (email: string) => `Ihre E-Mail-Adresse ist jetzt ${email}.`,
  },
  'en-US': {
    way: 'Change email address',
    title: 'Change your email address',
    intro: (email: string) => `Your email address is ${email}. Enter your new address`,
    field: 'New email address',
    sendCode: 'Send code',
    sendFailed: 'The code could not be sent',
    alreadyExists: 'This email address is already in use.',
    invalidEmail: 'Please enter a valid email address.',
    back: 'Back to my data',
    loadError: 'We could not check whether your email address can be changed',
    retry: 'Try again',
    notAllowed: 'The email address of this account cannot be changed online',
    notAllowedText: 'This account’s email address can only be changed by our customer service.',
    codeSent: (email: string) => `We have sent a code to ${email}.`,
    codeField: 'Code from the email',
    confirm: 'Confirm new address',
    invalidCode: 'This code is wrong or no longer valid.',
    changeFailed: 'Your email address could not be changed',
    resend: 'Send a new code',
    resendSoon: 'You can ask for a new code 30 seconds after the last one.',
    otherAddress: 'Use another address',
    changed: 'Your email address has been changed',
    changedText: (email: string) => `Your email address is now ${email}.`,
  },
};

const accountPage = '/app/dashboard/account';
const emailPage = '/app/dashboard/account/email';

/** The 6-digit code of the newest mail the sandbox sent to an address. */
async function codeMailedTo(page: Page, email: string): Promise<string> {
  const [mail] = await outboxOf(page, email);
  const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
  expect(code, `a code mailed to ${email}`).toBeDefined();
  return code!;
}

export const changeEmailBrowser: BrowserModel<Machine, Run> = {
  machine: changeEmailMachine,
  logic: machine,
  // The model's other address is the current one (see `excluded`), and its wait for a new code is 30 s.
  events: (snapshot) =>
    endingLast(
      machine,
      snapshot,
      eventsFor(snapshot).filter((event) => event !== cooldownOver && !(event.type === 'address.submit' && event.newEmail !== newEmail)),
    ),
  serialize,
  screen: (snapshot) => JSON.stringify(selectChangeEmailView(snapshot)),
  // The flow has four ends (the changed address, and three ways to the screen that says it cannot
  // change): a tour to each, the failures on the way, rather than more tours that sign in again.
  maxSteps: 20,
  excluded: {
    'changeEmail.address|address.submit|0':
      'the current address: the form’s own rule (newEmailSchema) says sameAsCurrent at the field and sends no event; the machine test covers the guard behind it',
    'changeEmail.code.resend.coolingDown|xstate.after.resendCooldown.changeEmail.code.resend.coolingDown|0':
      'the 30 s wait before a new code (a delay): the machine test covers it; the screens check the wait is shown',
    'changeEmail.code.resend.available|code.resend|0': 'offered only after the 30 s wait (a delay): the machine test covers it',
    'changeEmail.code.resend.sending|xstate.done.actor.resendCode|0':
      'the new code is requested only after the 30 s wait (a delay): the machine test covers it',
    'changeEmail.code.resend.sending|xstate.error.actor.resendCode|0':
      'the new code is requested only after the 30 s wait (a delay): the machine test covers it',
    'changeEmail.code.resend.sending|xstate.error.actor.resendCode|1':
      'the new code is requested only after the 30 s wait (a delay): the machine test covers it',
    'changeEmail.code.resend.sending|xstate.error.actor.resendCode|2':
      'the new code is requested only after the 30 s wait (a delay): the machine test covers it',
    'changeEmail.code.resend.sending|xstate.error.actor.resendCode|3':
      'the new code is requested only after the 30 s wait (a delay): the machine test covers it',
  },

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const check = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.checkCanChangeEmail');
    const fixed = check !== undefined && 'output' in check && check.output === notAllowed;
    const email = fixed ? 'fixed-email@example.com' : (await newCustomer(page)).email;
    await signInToMyData(page, email, locale);
    return { locale, email, newEmail: uniqueEmail('neu'), nextAddress: undefined, sentTo: '', wrongCode: false, code: '' };
  },

  async visit(page, run) {
    await openFromMyData(page, texts[run.locale].way, emailPage);
  },

  async arrange(page, event, run) {
    switch (event.type) {
      case 'xstate.error.actor.checkCanChangeEmail':
        return failCalls(page, 'GET', '/account/check-can-change-email', event.error);
      case 'xstate.error.actor.sendCode':
        if (event.error === tooManyAttempts) return refuseCalls(page, 'POST', '/account/send-change-email-code');
        if (event.error !== inUse) return failCalls(page, 'POST', '/account/send-change-email-code', event.error);
        run.nextAddress = inUseAddress;
        return undefined;
      case 'xstate.error.actor.changeEmail':
        if (event.error === tooManyAttempts) return refuseCalls(page, 'POST', '/account/change-email');
        if (event.error !== invalidCode) return failCalls(page, 'POST', '/account/change-email', event.error);
        run.wrongCode = true;
        return undefined;
    }
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    switch (event.type) {
      case 'load.retry':
        return pressEnterOn(page, page.getByRole('button', { name: words.retry }));
      case 'address.submit':
        run.sentTo = run.nextAddress ?? run.newEmail;
        run.nextAddress = undefined;
        await page.getByRole('textbox', { name: words.field }).fill(run.sentTo);
        return pressEnterOn(page, page.getByRole('button', { name: words.sendCode }));
      case 'code.submit': {
        const mailed = await codeMailedTo(page, run.newEmail);
        run.code = run.wrongCode ? (mailed === '000000' ? '111111' : '000000') : mailed;
        run.wrongCode = false;
        await page.getByRole('textbox', { name: words.codeField }).fill(run.code);
        return pressEnterOn(page, page.getByRole('button', { name: words.confirm }));
      }
      case 'address.edit':
        return pressEnterOn(page, page.getByRole('button', { name: words.otherAddress }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectChangeEmailView(snapshot);
    if (view.step === 'done') {
      // The flow's showTicketsPage: My tickets with the confirmation.
      await expect(page).toHaveURL('/app/dashboard/tickets?notice=emailChanged');
      await expect(page.getByRole('heading', { level: 2, name: words.changed })).toBeVisible();
      await expect(page.getByText(words.changedText(run.newEmail))).toBeVisible();
      return;
    }
    if (view.step === 'loading') return;
    await expect(page).toHaveURL(emailPage);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
    const back = page.getByRole('link', { name: words.back });
    switch (view.step) {
      case 'loadFailed':
        await expect(page.getByRole('heading', { level: 2, name: words.loadError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(back).toHaveAttribute('href', accountPage);
        return;
      case 'notAllowed':
        await expect(page.getByRole('heading', { level: 2, name: words.notAllowed })).toBeVisible();
        await expect(page.getByText(words.notAllowedText)).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@/);
        await expect(back).toHaveAttribute('href', accountPage);
        await expect(page.getByRole('textbox')).toHaveCount(0);
        return;
      case 'address': {
        await expect(page.getByText(words.intro(run.email))).toBeVisible();
        const field = page.getByRole('textbox', { name: words.field });
        // The address stays after every failure, and when the customer comes back to it.
        await expect(field).toHaveValue(view.newEmail === '' ? '' : run.sentTo);
        const message = view.addressError === 'alreadyExists' ? words.alreadyExists : view.addressError === 'invalidEmail' ? words.invalidEmail : undefined;
        if (message) {
          await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
          await expect(field).toHaveAttribute('aria-invalid', 'true');
        } else {
          await expect(field).not.toHaveAttribute('aria-invalid', 'true');
        }
        await expect(page.getByRole('heading', { level: 2, name: words.sendFailed })).toHaveCount(view.failed ? 1 : 0);
        await expectTooManyAttempts(page, run.locale, view.tooManyAttempts);
        await expect(page.getByRole('button', { name: words.sendCode })).toBeEnabled();
        await expect(back).toHaveAttribute('href', accountPage);
        return;
      }
      case 'code': {
        await expect(page.getByText(words.codeSent(run.sentTo))).toBeVisible();
        const field = page.getByRole('textbox', { name: words.codeField });
        const fresh = view.code === '';
        await expect(field).toHaveValue(fresh ? '' : run.code);
        if (view.codeError === 'invalidCode') {
          await expect(page.getByRole('alert').filter({ hasText: words.invalidCode })).toBeVisible();
          await expect(field).toHaveAttribute('aria-invalid', 'true');
        } else {
          await expect(field).not.toHaveAttribute('aria-invalid', 'true');
        }
        await expect(page.getByRole('heading', { level: 2, name: words.changeFailed })).toHaveCount(view.error === 'emailChangeFailed' ? 1 : 0);
        await expectTooManyAttempts(page, run.locale, view.error === 'tooManyAttempts');
        await expect(page.getByRole('button', { name: words.confirm })).toBeEnabled();
        await expect(page.getByRole('button', { name: words.otherAddress })).toBeEnabled();
        if (fresh) {
          // Just sent: the focus on the step's heading, and a new code only after the wait (later
          // steps may come after it has passed on a slow machine: they do not check it).
          await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
          await expect(page.getByRole('button', { name: words.resend })).toBeDisabled();
          await expect(page.getByText(words.resendSoon)).toBeVisible();
        }
        await expect(back).toHaveAttribute('href', accountPage);
        return;
      }
    }
  },
};

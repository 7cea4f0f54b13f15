import { expect, type Page } from '@playwright/test';

import { passwordResetMachine } from '#machines/password-reset/password-reset.machine';
import { selectPasswordResetView } from '#machines/password-reset/password-reset.selectors';
import { eventsFor, linkMachine, requestMachine, serialize } from '../../tests/machines/password-reset.model';
import { gotoInLocale, type Locale, newCustomer, outboxOf, pressEnterOn, uniqueEmail } from '../support';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * The password reset in the browser, from its machine, with the model's two starts: `request` (the
 * sandbox's sign-in page links "Passwort vergessen?" to /password-reset) and `link` (the mailed link
 * with user_id and token). The events are the machine model's (tests/machines/password-reset.model.ts)
 * but for what the browser cannot cause:
 * - the resend cooldown (`xstate.after.resendCooldown…`, 30 s): a browser test does not wait for a
 *   delay, so the resend and its answers behind it are `excluded` (the machine test covers them);
 *   a resend while it cools down is a disabled button, a second submit while one is sent a race;
 * - a 503: the API client goes to /maintenance before the machine sees it.
 * Failures are made in the page's network (network.ts); a 400 invalidToken so too, which keeps the
 * link good for the tour's next submit.
 *
 * Data: the request start asks for a link for an address without an account (the answer is the same
 * as for any address, SPEC.md 7.5); the link start has a customer of its own, whose reset mail is
 * asked for through the API before the tour and read from the sandbox's outbox.
 */

type Machine = typeof passwordResetMachine;

interface Run {
  locale: Locale;
  /** The address the customer types (or whose mail holds the link). */
  email: string;
  /** The mailed link, as a path on the portal (the link start only). */
  link: string | undefined;
}

const newPassword = 'Neu-Passwort-2027?';
const supportEmail = 'kundenservice@example.com';

const texts = {
  'de-DE': {
    forgot: 'Passwort vergessen?',
    title: 'Passwort zurücksetzen',
    email: 'E-Mail-Adresse',
    send: 'Link senden',
    error403: 'Für diese E-Mail-Adresse kann das Passwort nicht zurückgesetzt werden',
    error: 'Der Link konnte nicht gesendet werden',
    sentTitle: 'Bitte prüfen Sie Ihr E-Mail-Postfach',
    sent: (email: string) => `Falls es ein Kundenkonto für ${email} gibt, haben wir einen Link an diese Adresse gesendet.`,
    resend: 'Weiteren Link senden',
    wait: 'Einen weiteren Link können Sie in Kürze anfordern.',
    edit: 'Andere E-Mail-Adresse verwenden',
    resetTitle: 'Neues Passwort festlegen',
    password: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    save: 'Neues Passwort speichern',
    resetFailed: 'Ihr Passwort konnte nicht geändert werden',
    invalidTitle: 'Dieser Link funktioniert nicht',
    invalid: 'Der Link ist ungültig, wurde schon benutzt oder ist abgelaufen',
    requestNew: 'Neuen Link anfordern',
    done: 'Ihr Passwort wurde geändert',
    signIn: 'Anmelden',
  },
  'en-US': {
    forgot: 'Forgot your password?',
    title: 'Reset your password',
    email: 'Email address',
    send: 'Send link',
    error403: 'The password cannot be reset for this email address',
    error: 'The link could not be sent',
    sentTitle: 'Check your email',
    sent: (email: string) => `If there is a customer account for ${email}, we have sent a link to this address.`,
    resend: 'Send another link',
    wait: 'You can ask for another link in a moment.',
    edit: 'Use another email address',
    resetTitle: 'Set a new password',
    password: 'New password',
    repeat: 'Repeat new password',
    save: 'Save new password',
    resetFailed: 'Your password could not be changed',
    invalidTitle: 'This link does not work',
    invalid: 'The link is invalid, has been used already or has expired',
    requestNew: 'Ask for a new link',
    done: 'Your password has been changed',
    signIn: 'Sign in',
  },
};

const requestPath = '/account/send-password-reset-code';
const resetPath = '/account/reset-password';

/** The reset mail for a customer, asked for as the request step does (with the CSRF cookie any answer sets); its link as a path. */
async function mailedLink(page: Page, email: string): Promise<string> {
  expect((await page.request.get('/api/v1/order/countries?enabled=true')).status()).toBe(200);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  expect((await page.request.post(requestPath, { headers: { 'X-XSRF-TOKEN': csrf }, data: { email } })).status()).toBe(202);
  const mail = (await outboxOf(page, email)).find((item) => item.kind === 'reset-password');
  expect(mail?.link).toMatch(/\/password-reset\?user_id=[^&]+&token=.+/);
  const url = new URL(mail!.link!);
  return `${url.pathname}${url.search}`;
}

const isResetAnswer = (event: { type: string }) => event.type === 'xstate.done.actor.resetPassword';
const status503 = (event: { type: string }) => 'error' in event && (event.error as { status?: number } | undefined)?.status === 503;

export const passwordResetBrowser: BrowserModel<Machine, Run> = {
  machine: passwordResetMachine,
  logic: [
    { name: 'request', logic: requestMachine },
    { name: 'link', logic: linkMachine },
  ],
  // A failed new password comes before the success, so one tour goes on from it to the success.
  events: (snapshot) =>
    eventsFor(snapshot)
      .filter(
        (event) =>
          !event.type.startsWith('xstate.after.') &&
          !status503(event) &&
          !(event.type === 'link.resend' && snapshot.matches({ sent: 'coolingDown' })) &&
          !(event.type === 'password.submit' && snapshot.matches('resetting')),
      )
      .sort((a, b) => Number(isResetAnswer(a)) - Number(isResetAnswer(b))),
  serialize,
  screen: (snapshot) => JSON.stringify(selectPasswordResetView(snapshot)),
  excluded: {
    'passwordReset.sent.coolingDown|xstate.after.resendCooldown.passwordReset.sent.coolingDown|0':
      'a delay of 30 s (resendCooldown): a browser test does not wait for it; the machine test covers it',
    'passwordReset.sent.ready|link.resend|0': 'only after the 30 s resend cooldown (see above)',
    'passwordReset.sent.resending|xstate.done.actor.resendResetLink|0': 'only after the 30 s resend cooldown (see above)',
    'passwordReset.sent.resending|xstate.error.actor.resendResetLink|0': 'only after the 30 s resend cooldown (see above)',
    'passwordReset.sent.resending|xstate.error.actor.resendResetLink|1': 'only after the 30 s resend cooldown (see above)',
  },

  async prepare(page, tour) {
    const locale = localeOf(tour);
    if (tour.start === 'request') return { locale, email: uniqueEmail('reset-request'), link: undefined };
    const customer = await newCustomer(page);
    return { locale, email: customer.email, link: await mailedLink(page, customer.email) };
  },

  async visit(page, run) {
    if (run.link) {
      // From the mail: the link opens the page.
      await gotoInLocale(page, run.link, run.locale);
      return;
    }
    // As a customer comes: the sign-in page's "forgot" link, by the keyboard.
    await gotoInLocale(page, '/app/dashboard', run.locale);
    const forgot = page.getByRole('link', { name: texts[run.locale].forgot });
    await expect(forgot).toHaveAttribute('href', /^http:\/\/localhost:\d+\/password-reset$/);
    await pressEnterOn(page, forgot);
  },

  async arrange(page, event) {
    if (event.type === 'xstate.error.actor.sendResetLink') return failCalls(page, 'POST', requestPath, event.error);
    if (event.type === 'xstate.error.actor.resetPassword') return failCalls(page, 'POST', resetPath, event.error);
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    switch (event.type) {
      case 'link.request': {
        // Filled, then sent with Enter in the field.
        const email = page.getByRole('textbox', { name: words.email, exact: true });
        await email.fill(run.email);
        return email.press('Enter');
      }
      case 'email.edit':
        return pressEnterOn(page, page.getByRole('button', { name: words.edit }));
      case 'password.submit': {
        await page.getByRole('textbox', { name: words.password, exact: true }).fill(newPassword);
        const repeat = page.getByRole('textbox', { name: words.repeat, exact: true });
        await repeat.fill(newPassword);
        return repeat.press('Enter');
      }
      case 'link.requestNew':
        return pressEnterOn(page, page.getByRole('button', { name: words.requestNew }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectPasswordResetView(snapshot);
    const main = page.getByRole('main');
    // The link left the address bar as soon as it was read: every step is at /password-reset.
    await expect(page).toHaveURL(/\/password-reset$/);
    switch (view.step) {
      case 'request': {
        // Focused only when the step changed (useStepFocus): not on opening, nor after a failed request.
        await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
        await expect(page.getByRole('textbox', { name: words.email, exact: true })).toHaveValue(view.email === '' ? '' : run.email);
        await expect(page.getByRole('heading', { level: 2, name: words.error403 })).toHaveCount(view.error === 'requestStep.error403' ? 1 : 0);
        if (view.error === 'requestStep.error403')
          await expect(main.getByRole('link', { name: supportEmail })).toHaveAttribute('href', `mailto:${supportEmail}`);
        await expect(page.getByRole('heading', { level: 2, name: words.error })).toHaveCount(view.error === 'requestStep.error' ? 1 : 0);
        await expect(page.getByRole('button', { name: words.send })).toBeEnabled();
        return;
      }
      case 'sent':
        await expect(page.getByRole('heading', { level: 1, name: words.sentTitle })).toBeFocused();
        await expect(main).toContainText(words.sent(run.email));
        // Only the cooldown is reachable here (the resend comes after it): the button waits and says so.
        await expect(page.getByRole('button', { name: words.resend })).toBeDisabled();
        await expect(main).toContainText(words.wait);
        await expect(page.getByRole('button', { name: words.edit })).toBeEnabled();
        return;
      case 'reset': {
        await expect(page.getByRole('heading', { level: 1, name: words.resetTitle })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: words.resetFailed })).toHaveCount(view.error === 'resetFailed' ? 1 : 0);
        // After a failure what was typed is kept.
        await expect(page.getByRole('textbox', { name: words.password, exact: true })).toHaveValue(view.error === 'resetFailed' ? newPassword : '');
        await expect(page.getByRole('button', { name: words.save })).toBeEnabled();
        return;
      }
      case 'linkInvalid':
        await expect(page.getByRole('heading', { level: 1, name: words.invalidTitle })).toBeFocused();
        await expect(page.getByRole('heading', { level: 2, name: words.invalid })).toBeVisible();
        await expect(page.getByRole('button', { name: words.requestNew })).toBeEnabled();
        return;
      case 'done':
        await expect(page.getByRole('heading', { level: 1, name: words.done })).toBeFocused();
        await expect(main.getByRole('link', { name: words.signIn })).toHaveAttribute('href', '/app/dashboard');
        return;
    }
  },
};

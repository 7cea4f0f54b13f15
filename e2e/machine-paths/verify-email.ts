import { expect, type Page } from '@playwright/test';

import { type VerifiedLink, verifyEmailMachine } from '#machines/verify-email/verify-email.machine';
import { selectVerifyEmailView } from '#machines/verify-email/verify-email.selectors';
import { eventsFor, inputs, machines, serialize } from '../../tests/machines/verify-email.model';
import { gotoInLocale, type Locale, newCustomer, outboxOf, pressEnterOn, signIn } from '../support';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * Confirming the email address in the browser, from its machine, with the model's five starts
 * (tests/machines/verify-email.model.ts): the mail's link signed out and signed in, a link without
 * its token, and the failed page with and without the user_id. The events are the model's but for
 * what the browser cannot cause: the failed page without a user_id has no button to send a new
 * link, and a second press while one is sent is a race. The failures are made in the page's network
 * (network.ts); the actors' errors come before their answers, so a tour goes on from a failure to
 * the success. `linkInvalid` and `confirmedSignedIn` leave the page (to the failed page, to My data
 * with the notice), and `session.signIn` leaves the portal for the sandbox's sign-in: each is
 * checked where the customer lands.
 *
 * Data: a tour whose link is confirmed has a fresh customer whose address is not confirmed yet (its
 * verification mail in the sandbox's outbox); signed in, the tour signs in as that customer, or as
 * the demo account when the link is someone else's. The other tours need no account: their check
 * fails in the network, and the request for a new link answers the same for any user_id.
 */

type Machine = typeof verifyEmailMachine;
type Start = keyof typeof inputs;

interface Run {
  locale: Locale;
  start: Start;
  userId: string;
  /** The mail's link as a path (with its user_id and token). */
  link: string;
  /** The customer pressed "sign in" on the success page: the sandbox's sign-in page is shown. */
  leftForSignIn: boolean;
}

const texts = {
  'de-DE': {
    verifyTitle: 'Ihre E-Mail-Adresse wird bestätigt',
    verifyError: 'Ihre E-Mail-Adresse kann gerade nicht bestätigt werden',
    retry: 'Erneut versuchen',
    toStart: 'Zur Startseite',
    confirmed: 'Ihre E-Mail-Adresse ist bestätigt',
    confirmedText: 'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an',
    signIn: 'Anmelden',
    failed: 'Ihre E-Mail-Adresse konnte nicht bestätigt werden',
    failedText: 'Der Link wurde schon verwendet, ist abgelaufen oder unvollständig.',
    resend: 'Neuen Link senden',
    noUser: 'Bitte öffnen Sie den Link aus Ihrer neuesten E-Mail noch einmal, vollständig und unverändert.',
    resendError: 'Der neue Link konnte nicht gesendet werden',
    resent: 'Ein neuer Link ist unterwegs',
    resentText: 'in Kürze eine E-Mail mit einem neuen Link',
    myData: 'Meine Daten',
    notice: 'Ihre E-Mail-Adresse ist bestätigt',
    verified: 'Bestätigt',
    notVerified: 'Noch nicht bestätigt',
    sandboxSignIn: 'E-Mail-Adresse',
  },
  'en-US': {
    verifyTitle: 'Confirming your email address',
    verifyError: 'Your email address could not be confirmed right now',
    retry: 'Try again',
    toStart: 'To the start page',
    confirmed: 'Your email address is confirmed',
    confirmedText: 'Sign in with your email address and password',
    signIn: 'Sign in',
    failed: 'Your email address could not be confirmed',
    failedText: 'The link has already been used, has expired or is incomplete.',
    resend: 'Send a new link',
    noUser: 'Please open the link from your most recent email again, completely as it is.',
    resendError: 'The new link could not be sent',
    resent: 'A new link is on its way',
    resentText: 'you will shortly receive an email with a new link',
    myData: 'My data',
    notice: 'Your email address is confirmed',
    verified: 'Confirmed',
    notVerified: 'Not confirmed yet',
    sandboxSignIn: 'Email address',
  },
};

/** An actor's answer (not its failure): offered after the failures. */
const isAnswer = (event: { type: string }) => event.type.startsWith('xstate.done.actor.');

const failedPage = (userId: string | undefined) => `/actions/verify-email/failed${userId ? `?user_id=${encodeURIComponent(userId)}` : ''}`;

/** The newest verification link in a customer's mail, as a path. */
async function verificationLink(page: Page, email: string): Promise<string> {
  const mail = (await outboxOf(page, email)).find((item) => item.kind === 'verify-email');
  const url = new URL(mail?.link ?? '');
  expect(url.pathname).toBe('/actions/verify-email');
  return `${url.pathname}${url.search}`;
}

export const verifyEmailBrowser: BrowserModel<Machine, Run> = {
  machine: verifyEmailMachine,
  logic: (Object.keys(inputs) as Start[]).map((name) => ({ name, logic: machines[name] })),
  events: (snapshot) =>
    eventsFor(snapshot)
      .filter((event) => !(event.type === 'link.resend' && (snapshot.matches('resending') || !snapshot.context.userId)))
      .sort((a, b) => Number(isAnswer(a)) - Number(isAnswer(b))),
  serialize,
  screen: (snapshot) => JSON.stringify(selectVerifyEmailView(snapshot)),
  excluded: {},

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const start = tour.start as Start;
    if (start !== 'signedIn' && !tour.steps.some((step) => step.event.type === 'xstate.done.actor.verifyEmail')) {
      // No check goes through to the sandbox: an account's id is enough (the failed page answers the same for any).
      const userId = `user-tour-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      return { locale, start, userId, link: `/actions/verify-email?user_id=${userId}&token=a-token-of-the-mail`, leftForSignIn: false };
    }
    const customer = await newCustomer(page, { verified: false });
    const link = await verificationLink(page, customer.email);
    if (start === 'signedIn') {
      const answer = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.verifyEmail');
      const own = answer === undefined || !('output' in answer) || (answer.output as VerifiedLink).ownAccount;
      await signIn(page, own ? customer.email : undefined);
    }
    return { locale, start, userId: customer.userId, link, leftForSignIn: false };
  },

  async visit(page, run) {
    // Every start is an address a customer opens: the mail's link (whole, or cut short) or the failed page.
    const url = {
      signedOut: run.link,
      signedIn: run.link,
      withoutToken: `/actions/verify-email?user_id=${encodeURIComponent(run.userId)}`,
      failedPage: failedPage(run.userId),
      failedPageWithoutUser: failedPage(undefined),
    }[run.start];
    await gotoInLocale(page, url, run.locale);
  },

  async arrange(page, event) {
    // The check's query (user_id, token) is part of its address.
    if (event.type === 'xstate.error.actor.verifyEmail') return failCalls(page, 'GET', '/account/verify-email?**', event.error);
    if (event.type === 'xstate.error.actor.resendLink') return failCalls(page, 'POST', '/account/resend-email-confirmation-link', event.error);
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    switch (event.type) {
      case 'verify.retry':
        return pressEnterOn(page, page.getByRole('button', { name: words.retry }));
      case 'link.resend':
        return pressEnterOn(page, page.getByRole('button', { name: words.resend }));
      case 'session.signIn':
        run.leftForSignIn = true;
        return pressEnterOn(page, page.getByRole('main').getByRole('button', { name: words.signIn }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const h1 = page.getByRole('heading', { level: 1 });
    const toStart = page.getByRole('main').getByRole('link', { name: words.toStart });
    if (snapshot.matches('linkInvalid')) {
      // The failed page replaces the link (its own machine then starts there).
      await expect(page).toHaveURL(failedPage(run.userId));
      await expect(h1).toHaveText(words.failed);
      await expect(page.getByText(words.failedText)).toBeVisible();
      return;
    }
    if (snapshot.matches('confirmedSignedIn')) {
      await expect(page).toHaveURL('/app/dashboard/account?notice=emailVerified');
      await expect(h1).toHaveText(words.myData);
      await expect(page.getByRole('heading', { level: 2, name: words.notice })).toBeVisible();
      await expect(page.getByTestId('account-details')).toContainText(words.verified);
      await expect(page.getByTestId('account-details')).not.toContainText(words.notVerified);
      return;
    }
    const view = selectVerifyEmailView(snapshot);
    switch (view.step) {
      case 'verifyFailed':
        await expect(h1).toHaveText(words.verifyTitle);
        await expect(page.getByRole('heading', { level: 2, name: words.verifyError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(toStart).toHaveAttribute('href', '/');
        return;
      case 'confirmed':
        if (run.leftForSignIn) {
          await expect(page).toHaveURL(/\/api\/v2\/auth\/authorization\/authorize|\/sandbox\/sign-in/);
          await expect(page.getByLabel(words.sandboxSignIn)).toBeVisible();
          return;
        }
        await expect(h1).toHaveText(words.confirmed);
        await expect(h1).toBeFocused();
        await expect(page.getByText(words.confirmedText)).toBeVisible();
        await expect(page.getByRole('main').getByRole('button', { name: words.signIn })).toBeEnabled();
        return;
      case 'failed':
        await expect(page).toHaveURL(failedPage(run.start === 'failedPageWithoutUser' ? undefined : run.userId));
        await expect(h1).toHaveText(words.failed);
        await expect(page.getByText(words.failedText)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: words.resendError })).toHaveCount(view.resendFailed ? 1 : 0);
        if (view.canResend) {
          await expect(page.getByRole('button', { name: words.resend })).toBeEnabled();
        } else {
          await expect(page.getByRole('button', { name: words.resend })).toHaveCount(0);
          await expect(page.getByText(words.noUser)).toBeVisible();
          await expect(toStart).toHaveAttribute('href', '/');
        }
        return;
      case 'resent':
        await expect(h1).toHaveText(words.resent);
        await expect(h1).toBeFocused();
        await expect(page.getByRole('status').filter({ hasText: words.resentText })).toBeVisible();
        await expect(toStart).toHaveAttribute('href', '/');
        return;
      case 'verifying':
        return;
    }
  },
};

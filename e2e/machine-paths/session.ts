import { expect, type Page } from '@playwright/test';

import { sessionMachine } from '#machines/session/session.machine';
import { sessionModel } from '../../tests/machines/session.model';
import { demoPassword, gotoInLocale, type Locale, pressEnterOn, rememberLocale, signInOverHttp, tabTo, typeInto } from '../support';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * The session in the browser, from its machine (machines/session): sign-in with the sandbox's page,
 * renewal, logout, a session ended in another tab, and a refused sign-in answer. The events are the
 * machine model's (tests/machines/session.model.ts, its one variant) but for what the browser cannot
 * cause or another flow's tests cover (see `excluded`), and two choices:
 * - a sign-in answer (`session.callback`) from a signed-out page is the customer's sign-in on the
 *   sandbox's page, whose code is exchanged; from a signed-in page it is an old answer opened again
 *   (no sign-in was started in this tab), which is refused;
 * - "Sign in again" is pressed where the session ended in another tab: where it failed otherwise the
 *   server still knows the session, and its authorize endpoint answers with a code at once, without
 *   its page.
 * `authorizing` leaves the portal: its screen is the sandbox's sign-in page. The renewal comes when
 * the access token is within 300 s of its end: the tour moves the browser's clock there (`page.clock`)
 * and opens My tickets, whose call renews first. Failures are made in the page's network
 * (network.ts): the token endpoint refusing the refresh token (400 invalid_grant), the logout call
 * without a connection.
 *
 * Data: the demo account, signed in over HTTP or on the sandbox's page: a tour's logout ends only
 * its own session, and a renewal rotates only its own refresh token.
 */

type Machine = typeof sessionMachine;

interface Run {
  locale: Locale;
  /** Where the signed-in customer is. */
  at: string;
  /** Whether the sign-in answer that comes next is the customer's own (exchanged) or an old one (refused): `arrange` knows. */
  callback: 'own' | 'old';
  /** Back from the sign-in page: the page's heading has the focus. */
  arrived: boolean;
}

const model = sessionModel.variants[0]!;
const email = 'deuti@example.com';

const texts = {
  'de-DE': {
    start: 'Ihr Ticket für ganz Deutschland',
    logIn: 'Anmelden',
    portal: 'Mein Portal',
    logOut: 'Abmelden',
    dashboard: 'Ihre Übersicht',
    tickets: 'Meine Tickets',
    sandboxTitle: 'Anmelden',
    sandboxEmail: 'E-Mail-Adresse',
    sandboxPassword: 'Passwort',
    sandboxSubmit: 'Anmelden',
    sandboxForgot: 'Passwort vergessen?',
    ended: 'Bitte melden Sie sich erneut an',
    signInAgain: 'Erneut anmelden',
    refusedTitle: 'Die Anmeldung konnte nicht abgeschlossen werden',
    refusedText: 'Die Antwort der Anmeldeseite gehörte nicht zu diesem Browser-Tab und wurde zu Ihrer Sicherheit abgelehnt.',
    endedTitle: 'Ihre Sitzung ist beendet',
    refreshFailed: 'Ihre Sitzung konnte nicht verlängert werden. Melden Sie sich erneut an, um dort weiterzumachen, wo Sie waren.',
    sessionEnded: 'Sie wurden abgemeldet, vielleicht in einem anderen Fenster. Melden Sie sich erneut an, um weiterzumachen.',
  },
  'en-US': {
    start: 'Your ticket for all of Germany',
    logIn: 'Log in',
    portal: 'My portal',
    logOut: 'Log out',
    dashboard: 'Your overview',
    tickets: 'My tickets',
    sandboxTitle: 'Sign in',
    sandboxEmail: 'Email address',
    sandboxPassword: 'Password',
    sandboxSubmit: 'Sign in',
    sandboxForgot: 'Forgot your password?',
    ended: 'Please sign in again',
    signInAgain: 'Sign in again',
    refusedTitle: 'The sign-in could not be completed',
    refusedText: 'The answer of the sign-in page did not belong to this browser tab, so it was refused for your safety.',
    endedTitle: 'Your session has ended',
    refreshFailed: 'Your session could not be renewed. Sign in again to continue where you were.',
    sessionEnded: 'You were signed out, perhaps in another window. Sign in again to continue.',
  },
};

const dashboard = '/app/dashboard';
const tickets = '/app/dashboard/tickets';
const tokenPath = '/api/v2/auth/authorization/token';
const logoutPath = '/api/v2/auth/authorization/logout';
/** A sign-in answer of some earlier sign-in (its transaction is gone with it): opened again, it is refused. */
const oldCallback = '/app/oauth/callback?code=used-code&state=old-state';
const sandboxPage = /\/api\/v2\/auth\/authorization\/authorize\?|\/sandbox\/sign-in$/;

/** The header's session controls: Log in, or My portal and Log out. */
async function expectHeader(page: Page, locale: Locale, signedIn: boolean): Promise<void> {
  const words = texts[locale];
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: words.logIn, exact: true })).toHaveCount(signedIn ? 0 : 1);
  await expect(banner.getByRole('button', { name: words.logOut, exact: true })).toHaveCount(signedIn ? 1 : 0);
  await expect(banner.getByRole('link', { name: words.portal, exact: true })).toHaveCount(signedIn ? 1 : 0);
  if (signedIn) {
    await expect(banner.getByRole('link', { name: words.portal, exact: true })).toHaveAttribute('href', dashboard);
    await expect(banner.getByRole('button', { name: words.logOut, exact: true })).toBeEnabled();
  } else {
    // A link to the portal: pressed before the page's scripts run, the portal's guard signs in.
    await expect(banner.getByRole('link', { name: words.logIn, exact: true })).toHaveAttribute('href', dashboard);
  }
}

/** Keyboard only, on the sandbox's page: the address, the password, Enter. */
async function signInOnTheSandboxPage(page: Page, locale: Locale): Promise<void> {
  const words = texts[locale];
  await expect(page).toHaveURL(sandboxPage);
  await typeInto(page, page.getByLabel(words.sandboxEmail), email);
  const password = page.getByLabel(new RegExp(`^${words.sandboxPassword}`));
  await typeInto(page, password, demoPassword);
  await password.press('Enter');
}

/** The access token's end (epoch seconds), as the readable cookie says. */
async function expiresAt(page: Page): Promise<number> {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'jwt_expires_at');
  expect(cookie, 'the expiry cookie of a signed-in customer').toBeDefined();
  return Number(cookie!.value);
}

export const sessionBrowser: BrowserModel<Machine, Run> = {
  machine: sessionMachine,
  logic: model.machine,
  events: (snapshot) =>
    model.events(snapshot).filter((event) => {
      // The model's actor results are events of their own (tours.ts `ActorResult`), not in the machine's event type.
      const type: string = event.type;
      switch (type) {
        case 'xstate.error.actor.readSession':
        case 'xstate.error.actor.startAuthorization':
        case 'session.autoSignIn':
        case 'session.dismissError':
          return false;
        case 'session.callback':
          return !snapshot.matches('failed');
        case 'session.signIn':
          return !snapshot.matches('failed') || snapshot.context.error === 'sessionEnded';
        // Exchanged: the customer's own sign-in, from a signed-out page; refused: an old answer, opened while signed in.
        case 'xstate.done.actor.exchangeCode':
          return snapshot.context.expiresAt === undefined;
        case 'xstate.error.actor.exchangeCode':
          return snapshot.context.expiresAt !== undefined;
        default:
          return true;
      }
    }),
  serialize: model.serialize,
  screen: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error ?? null]),
  excluded: {
    'session.initializing|xstate.error.actor.readSession|0': 'reading document.cookie does not fail in a browser; the machine test covers it',
    'session.authorizing|xstate.error.actor.startAuthorization|0':
      "offered in `authorizing`, the driver would take it for a state that only waits for an answer and check no sign-in page; e2e/sign-in.spec.ts's sign-in without WebCrypto makes it fail",
    'session.signedOut|session.autoSignIn|0':
      "the auto sign-in after registering is the order wizard's, covered by its generated tests (e2e/order-wizard-model/)",
    'session.failed|session.autoSignIn|0': "the auto sign-in after registering is the order wizard's, covered by its generated tests (e2e/order-wizard-model/)",
    'session.autoSigningIn|xstate.done.actor.autoSignIn|0':
      "the auto sign-in after registering is the order wizard's, covered by its generated tests (e2e/order-wizard-model/)",
    'session.autoSigningIn|xstate.error.actor.autoSignIn|0':
      "the auto sign-in after registering is the order wizard's, covered by its generated tests (e2e/order-wizard-model/)",
    'session.failed|session.callback|0':
      'the portal links to the sign-in answer nowhere: it always comes as a new page load, whose machine starts afresh, never in `failed`',
    'session.failed|session.dismissError|0': 'nothing in the portal sends it: the notice of a failed session has no way to dismiss it',
  },

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const read = tour.steps[0]?.event;
    const signedIn = read?.type === 'xstate.done.actor.readSession' && (read.output as { expiresAt: number | undefined }).expiresAt !== undefined;
    if (signedIn) {
      await signInOverHttp(page, email);
      await rememberLocale(page, locale);
    }
    return { locale, at: signedIn ? dashboard : '/', callback: 'own', arrived: false };
  },

  async visit(page, run) {
    // A returning customer opens the portal; a visitor the start page.
    if (run.at === dashboard) await page.goto(dashboard);
    else await gotoInLocale(page, '/', run.locale);
  },

  async arrange(page, event, run) {
    switch (event.type) {
      case 'xstate.done.actor.exchangeCode':
        run.callback = 'own';
        return undefined;
      case 'xstate.error.actor.exchangeCode':
        run.callback = 'old';
        return undefined;
      case 'xstate.error.actor.refreshSession':
        return failCalls(page, 'POST', tokenPath, { status: 400, problem: { error: 'invalid_grant', error_description: 'The refresh token is not valid' } });
      case 'xstate.error.actor.signOut':
        return failCalls(page, 'POST', logoutPath, new TypeError('Failed to fetch'));
      default:
        return undefined;
    }
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    const banner = page.getByRole('banner');
    run.arrived = false;
    switch (event.type) {
      case 'session.signIn':
        if (run.at === '/') return pressEnterOn(page, banner.getByRole('link', { name: words.logIn, exact: true }));
        return pressEnterOn(page, page.getByRole('main').getByRole('button', { name: words.signInAgain }));
      case 'session.callback':
        if (run.callback === 'old') {
          // The callback page goes on to the dashboard at once for a customer signed in already, before
          // the answer is checked: its refusal shows there.
          run.at = dashboard;
          await page.goto(oldCallback);
          return;
        }
        // Log in, the sandbox's page, and back with a code to the dashboard (Log in's return path).
        await pressEnterOn(page, banner.getByRole('link', { name: words.logIn, exact: true }));
        await signInOnTheSandboxPage(page, run.locale);
        run.at = dashboard;
        run.arrived = true;
        return;
      case 'session.refresh': {
        // Time passes: the customer comes back 200 s before the access token ends (inside the 300 s in
        // which a call renews it first) and opens My tickets. Opened by its address: on the dashboard the
        // link's preload on focus would renew before the customer pressed it.
        await page.clock.install({ time: ((await expiresAt(page)) - 200) * 1000 });
        const renewal = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === tokenPath);
        run.at = tickets;
        await page.goto(tickets);
        // My tickets' call renews the session first (its answer is the next step's).
        expect(new URLSearchParams((await renewal).postData() ?? '').get('grant_type')).toBe('refresh_token');
        return;
      }
      case 'session.signOut': {
        run.at = '/';
        // The header is above the page: from the page's heading back, or from the top of a page just opened.
        const fromTop = await page.evaluate(() => document.activeElement === null || document.activeElement === document.body);
        await tabTo(page, banner.getByRole('button', { name: words.logOut, exact: true }), fromTop ? 'Tab' : 'Shift+Tab');
        return page.keyboard.press('Enter');
      }
      case 'session.ended': {
        // The customer logs out in another tab of the browser.
        const other = await page.context().newPage();
        await other.goto('/');
        await pressEnterOn(other, other.getByRole('banner').getByRole('button', { name: words.logOut, exact: true }));
        await expect(other.getByRole('banner').getByRole('link', { name: words.logIn, exact: true })).toBeVisible();
        await other.close();
        return;
      }
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const heading = page.getByRole('heading', { level: 1 });
    switch (snapshot.value) {
      case 'signedOut':
        await expect(page).toHaveURL('/');
        await expect(heading).toHaveText(words.start);
        await expectHeader(page, run.locale, false);
        return;
      case 'authorizing':
        // The portal is left for the sandbox's sign-in page, in the portal's language.
        await expect(page).toHaveURL(sandboxPage);
        await expect(page.locator('html')).toHaveAttribute('lang', run.locale);
        await expect(heading).toHaveText(words.sandboxTitle);
        await expect(page.getByLabel(words.sandboxEmail)).toHaveValue('');
        await expect(page.getByLabel(new RegExp(`^${words.sandboxPassword}`))).toHaveValue('');
        await expect(page.getByRole('button', { name: words.sandboxSubmit, exact: true })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.sandboxForgot })).toHaveAttribute('href', /^http:\/\/localhost:\d+\/password-reset$/);
        return;
      case 'signedIn':
        await expect(page).toHaveURL(run.at);
        await expect(heading).toHaveText(run.at === tickets ? words.tickets : words.dashboard);
        if (run.arrived) await expect(heading).toBeFocused();
        await expectHeader(page, run.locale, true);
        return;
      case 'failed': {
        await expect(page).toHaveURL(run.at);
        await expect(heading).toHaveText(words.ended);
        const refused = snapshot.context.error === 'callbackRefused';
        const alert = page.getByRole(refused ? 'alert' : 'status').filter({ has: page.getByRole('heading', { level: 3 }) });
        await expect(alert.getByRole('heading', { level: 3 })).toContainText(refused ? words.refusedTitle : words.endedTitle);
        await expect(alert).toContainText(refused ? words.refusedText : snapshot.context.error === 'refreshFailed' ? words.refreshFailed : words.sessionEnded);
        await expect(page.getByRole('main').getByRole('button', { name: words.signInAgain })).toBeEnabled();
        await expectHeader(page, run.locale, false);
        return;
      }
      default:
        // initializing, exchangingCode, refreshing, signingOut: a call runs, its answer comes first.
        return;
    }
  },
};

import { expect, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';

import { cancelContractMachine, type TerminationCandidate } from '#machines/cancel-contract/cancel-contract.machine';
import { selectCancelContractView } from '#machines/cancel-contract/cancel-contract.selectors';
import { candidate, eventsFor, laterCandidate, machine, serialize } from '../../tests/machines/cancel-contract.model';
import { gotoInLocale, type Locale, newCustomer, pressEnterOn, tabTo } from '../support';
import { failCalls } from './network';
import type { BrowserModel, Undo } from './run';
import { localeOf } from './tour-locale';

/**
 * Ending a contract without signing in (§ 312k BGB, decision 22) in the browser, from its machine.
 * The events are the machine model's (tests/machines/cancel-contract.model.ts); a date the
 * subscription does not offer has no radio button to choose, so it is not offered here.
 *
 * The model's values stand for the tour's own: its A-100001 for the tour's customer's running
 * subscription, its dates by their place (the first is the next possible one). Every failure is made
 * in the page's network (network.ts), so no tour counts against the form's attempt limit (5 failures
 * lock a browser for 15 minutes; the hand-written cancel-contract.spec.ts reaches it for real); a
 * 429 carries its Retry-After. The model's `laterCandidate` (the dates read again after the chosen
 * one passed) is the sandbox's real answer without its first two dates.
 *
 * Data: every tour ends a subscription of a fresh customer of its own (POST /__sandbox/customers,
 * not signed in), never the demo accounts' A-100001, which other browser tests read.
 */

type Machine = typeof cancelContractMachine;

interface Run {
  locale: Locale;
  /** What the visitor types. */
  number: string;
  subscriptionNumber: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  email: string;
  /** The dates the sandbox offers this subscription (YYYY-MM-DD, the next possible first). */
  dates: string[];
  /** The model's candidate whose dates the choose screen shows last (set where it is checked). */
  shown: TerminationCandidate;
}

const texts = {
  'de-DE': {
    footer: 'Verträge hier kündigen',
    title: 'Vertrag kündigen',
    policy: 'Zu Ihrem Schutz wird dieses Formular nach 5 erfolglosen Versuchen für 15 Minuten gesperrt.',
    number: 'Bestell- oder Abonummer',
    firstName: 'Vorname',
    lastName: 'Nachname',
    birthdate: 'Geburtsdatum',
    email: 'E-Mail-Adresse für die Bestätigung',
    next: 'Weiter',
    back: 'Zurück',
    notFound: 'Wir konnten keinen Vertrag mit diesen Angaben finden',
    tooMany: 'Zu viele erfolglose Versuche',
    retryAt: /Bitte versuchen Sie es nach \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr \(deutsche Zeit\) erneut\./,
    lookupFailed: 'Ihre Angaben konnten nicht geprüft werden',
    subscription: (subscription: string, order: string) => `Abonnement ${subscription} (Bestellung ${order})`,
    chooseLabel: 'Wann soll Ihr Abonnement enden?',
    nextDate: (date: string) => `Zum nächstmöglichen Termin: ${date}`,
    onDate: (date: string) => `Zum ${date}`,
    dateGone: 'Der gewählte Termin ist nicht mehr möglich',
    confirmTitle: 'Bitte prüfen und bestätigen Sie Ihre Kündigung',
    ordinary: 'Ordentliche Kündigung',
    endsOnNext: (date: string) => `${date} (nächstmöglicher Termin)`,
    terminationFailed: 'Ihre Kündigung konnte nicht gesendet werden',
    cancelNow: 'jetzt kündigen',
    already: 'Dieser Vertrag ist bereits gekündigt',
    another: 'Einen weiteren Vertrag kündigen',
    home: 'Zur Startseite',
    doneTitle: 'Ihre Kündigung ist eingegangen',
    terminated: (subscription: string, order: string) => `Abonnement ${subscription} (Bestellung ${order}), ordentliche Kündigung`,
    received: /Kündigung eingegangen\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr \(deutsche Zeit\)/,
    endsOn: (date: string) => `Endet am${date}`,
    sentTo: (email: string) => `Wir haben diese Bestätigung an ${email} gesendet.`,
  },
  'en-US': {
    footer: 'Cancel contracts here',
    title: 'Cancel a contract',
    policy: 'For your protection, after 5 unsuccessful attempts this form is locked for 15 minutes.',
    number: 'Order or subscription number',
    firstName: 'First name',
    lastName: 'Last name',
    birthdate: 'Date of birth',
    email: 'Email address for the confirmation',
    next: 'Continue',
    back: 'Back',
    notFound: 'We could not find a contract with these details',
    tooMany: 'Too many unsuccessful attempts',
    retryAt: /Please try again after \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM) \(German time\)\./,
    lookupFailed: 'Your details could not be checked',
    subscription: (subscription: string, order: string) => `Subscription ${subscription} (order ${order})`,
    chooseLabel: 'When should your subscription end?',
    nextDate: (date: string) => `At the next possible date: ${date}`,
    onDate: (date: string) => `On ${date}`,
    dateGone: 'The date you chose is no longer possible',
    confirmTitle: 'Please check and confirm your notice of termination',
    ordinary: 'Ordinary termination',
    endsOnNext: (date: string) => `${date} (the next possible date)`,
    terminationFailed: 'Your notice of termination could not be sent',
    cancelNow: 'cancel now',
    already: 'This contract is already terminated',
    another: 'Cancel another contract',
    home: 'To the start page',
    doneTitle: 'Your notice of termination has been received',
    terminated: (subscription: string, order: string) => `Subscription ${subscription} (order ${order}), ordinary termination`,
    received: /Notice received\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM) \(German time\)/,
    endsOn: (date: string) => `Ends on${date}`,
    sentTo: (email: string) => `We have sent this confirmation to ${email}.`,
  },
};

const datesPath = '/api/v2/subscription/terminations/dates';
const terminationsPath = '/api/v2/subscription/terminations';

/** A date as the portal writes it in a locale. */
const shown = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** The tour's dates for the model's candidate: the sandbox's, or (for `laterCandidate`) those without the first two. */
const datesOf = (modelCandidate: TerminationCandidate, run: Run) =>
  modelCandidate.terminationDates[0] === laterCandidate.terminationDates[0] ? run.dates.slice(2) : run.dates;

/** The tour's date for a model date: the one at its place. */
function dateFor(modelCandidate: TerminationCandidate, modelDate: string, run: Run): string {
  const place = modelCandidate.terminationDates.indexOf(modelDate);
  expect(place, `${modelDate} is one of the model's dates`).toBeGreaterThanOrEqual(0);
  return datesOf(modelCandidate, run)[place]!;
}

/** The subscription's dates, as the lookup answers them (a lookup that finds it does not count as a failure). */
async function offeredDates(page: Page, identity: { number: string; firstName: string; lastName: string; birthdate: string }): Promise<string[]> {
  expect((await page.request.get('/api/v1/order/countries?enabled=true')).status()).toBe(200);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post(datesPath, { headers: { 'X-XSRF-TOKEN': csrf }, data: identity });
  expect(answer.status()).toBe(200);
  const { terminationDates } = (await answer.json()) as TerminationCandidate;
  expect(terminationDates.length).toBeGreaterThan(4);
  return terminationDates;
}

/** The next calls answer 429 with its Retry-After, as the sandbox does after 5 failures. */
async function lockCalls(page: Page, path: string, error: { status: number; problem?: object }): Promise<Undo> {
  const url = `**${path}`;
  await page.route(url, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: error.status, headers: { 'Retry-After': '900' }, contentType: 'application/problem+json', body: JSON.stringify(error.problem) })
      : route.fallback(),
  );
  return () => page.unroute(url);
}

/** The next lookups answer the sandbox's dates without the first two: the chosen one passed meanwhile. */
async function laterDates(page: Page): Promise<Undo> {
  const url = `**${datesPath}`;
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    const found = (await response.json()) as TerminationCandidate;
    return route.fulfill({ response, json: { ...found, terminationDates: found.terminationDates.slice(2) } });
  });
  return () => page.unroute(url);
}

/**
 * A screen: the step with its alert (or its call running) and whether the next possible date is the
 * choice. The values on it (which dates, what the form holds, the address) are checked on every
 * screen by `expectScreen`, but are no screens of their own: each would be a tour's detour more.
 */
function screenOf(snapshot: SnapshotFrom<Machine>) {
  const view = selectCancelContractView(snapshot);
  switch (view.step) {
    case 'identify':
      return { step: view.step, error: view.lookingUp ? 'lookingUp' : (view.error ?? null) };
    case 'choose':
      return { step: view.step, next: view.choice === 'next', dateGone: view.dateNoLongerOffered };
    case 'confirm':
      return { step: view.step, next: view.isNextPossibleDate, failed: view.failed, terminating: view.terminating };
    default:
      return { step: view.step };
  }
}

export const cancelContractBrowser: BrowserModel<Machine, Run> = {
  machine: cancelContractMachine,
  logic: machine,
  events: (snapshot) =>
    eventsFor(snapshot).filter(
      (event) => !(event.type === 'termination.choose' && event.choice !== 'next' && !snapshot.context.candidate?.terminationDates.includes(event.choice)),
    ),
  serialize,
  screen: (snapshot) => JSON.stringify(screenOf(snapshot)),
  excluded: {},
  // Each answer of the termination is four events into a tour (details, lookup, date, confirm): longer tours, fewer starts.
  maxSteps: 20,

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const customer = await newCustomer(page);
    const { number, subscriptionNumber } = customer.orders.active;
    const identity = { number, firstName: customer.firstName, lastName: customer.lastName, birthdate: customer.birthdate };
    const dates = await offeredDates(page, identity);
    return { locale, ...identity, subscriptionNumber: subscriptionNumber ?? '', email: `notice-${customer.email}`, dates, shown: candidate };
  },

  async visit(page, run) {
    // As a visitor comes: any page's footer, by the keyboard (from the end of the page, which is nearer).
    await gotoInLocale(page, '/legal/agb', run.locale);
    const link = page.getByRole('contentinfo').getByRole('link', { name: texts[run.locale].footer });
    await expect(link).toHaveAttribute('href', '/cancel-contract');
    await tabTo(page, link, 'Shift+Tab');
    await page.keyboard.press('Enter');
  },

  async arrange(page, event) {
    if (event.type === 'xstate.done.actor.findTerminationDates' && event.output === laterCandidate) return laterDates(page);
    if (event.type === 'xstate.error.actor.findTerminationDates' || event.type === 'xstate.error.actor.requestTermination') {
      const path = event.type === 'xstate.error.actor.findTerminationDates' ? datesPath : terminationsPath;
      const error = event.error as { status: number; problem?: object };
      return error.status === 429 ? lockCalls(page, path, error) : failCalls(page, 'POST', path, event.error);
    }
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    switch (event.type) {
      case 'identity.submit': {
        const number = page.getByLabel(words.number);
        if ((await number.inputValue()) === '') {
          // The first time: every detail, typed.
          await number.fill(run.number);
          await page.getByLabel(words.firstName).fill(run.firstName);
          await page.getByLabel(words.lastName).fill(run.lastName);
          await page.getByRole('group', { name: words.birthdate }).getByRole('spinbutton').first().click();
          const [year, month, day] = run.birthdate.split('-');
          await page.keyboard.type(run.locale === 'de-DE' ? `${day}${month}${year}` : `${month}${day}${year}`);
          await page.getByLabel(words.email).fill(run.email);
        }
        return pressEnterOn(page, page.getByRole('button', { name: words.next }));
      }
      case 'termination.choose': {
        const dates = datesOf(run.shown, run);
        const place = event.choice === 'next' ? 0 : run.shown.terminationDates.indexOf(event.choice);
        const date = shown(dates[place]!, run.locale);
        await page.getByText(place === 0 ? words.nextDate(date) : words.onDate(date), { exact: true }).click();
        await expect(page.getByRole('radiogroup', { name: words.chooseLabel }).getByRole('radio').nth(place)).toBeChecked();
        return pressEnterOn(page, page.getByRole('button', { name: words.next }));
      }
      case 'identity.edit': {
        const back = page.getByRole('button', { name: words.back });
        return pressEnterOn(page, (await back.count()) > 0 ? back : page.getByRole('button', { name: words.another }));
      }
      case 'termination.confirm':
        return pressEnterOn(page, page.getByRole('button', { name: words.cancelNow, exact: true }));
      case 'choice.edit':
        return pressEnterOn(page, page.getByRole('button', { name: words.back }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectCancelContractView(snapshot);
    const facts = page.getByRole('main').locator('dl');
    await expect(page).toHaveURL(/\/cancel-contract$/);
    if (view.step !== 'done') await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    switch (view.step) {
      case 'identify': {
        await expect(page.getByText(words.policy)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: words.notFound })).toHaveCount(view.error === 'contractNotFound' ? 1 : 0);
        await expect(page.getByRole('heading', { level: 2, name: words.tooMany })).toHaveCount(view.error === 'tooManyAttempts' ? 1 : 0);
        if (view.error === 'tooManyAttempts') await expect(page.getByRole('alert')).toContainText(words.retryAt);
        await expect(page.getByRole('heading', { level: 2, name: words.lookupFailed })).toHaveCount(view.error === 'lookupFailed' ? 1 : 0);
        // What was sent stays in the form.
        await expect(page.getByLabel(words.number)).toHaveValue(view.identity ? run.number : '');
        await expect(page.getByLabel(words.email)).toHaveValue(view.identity ? run.email : '');
        await expect(page.getByRole('button', { name: words.next })).toBeEnabled();
        return;
      }
      case 'choose': {
        run.shown = view.candidate;
        const dates = datesOf(view.candidate, run);
        await expect(page.getByRole('heading', { level: 2, name: words.subscription(run.subscriptionNumber, run.number) })).toBeVisible();
        const radios = page.getByRole('radiogroup', { name: words.chooseLabel }).getByRole('radio');
        await expect(radios).toHaveCount(dates.length);
        await expect(page.getByText(words.nextDate(shown(dates[0]!, run.locale)))).toBeVisible();
        await expect(page.getByText(words.onDate(shown(dates[1]!, run.locale)))).toBeVisible();
        const place = view.choice === 'next' ? 0 : view.candidate.terminationDates.indexOf(view.choice);
        await expect(radios.nth(place)).toBeChecked();
        await expect(page.getByRole('heading', { level: 3, name: words.dateGone })).toHaveCount(view.dateNoLongerOffered ? 1 : 0);
        return;
      }
      case 'confirm': {
        const date = shown(dateFor(view.candidate, view.terminateDate, run), run.locale);
        await expect(page.getByRole('heading', { level: 2, name: words.confirmTitle })).toBeVisible();
        await expect(facts).toContainText(words.subscription(run.subscriptionNumber, run.number));
        await expect(facts).toContainText(words.ordinary);
        await expect(facts).toContainText(view.isNextPossibleDate ? words.endsOnNext(date) : date);
        if (!view.isNextPossibleDate) await expect(facts).not.toContainText(words.endsOnNext(date));
        await expect(facts).toContainText(run.email);
        await expect(page.getByRole('heading', { level: 3, name: words.terminationFailed })).toHaveCount(view.failed ? 1 : 0);
        await expect(page.getByRole('button', { name: words.cancelNow, exact: true })).toHaveText(words.cancelNow);
        await expect(page.getByRole('button', { name: words.back })).toBeEnabled();
        return;
      }
      case 'alreadyTerminated':
        await expect(page.getByRole('heading', { level: 2, name: words.already })).toBeVisible();
        await expect(page.getByRole('button', { name: words.another })).toBeEnabled();
        await expect(page.getByRole('main').getByRole('link', { name: words.home })).toHaveAttribute('href', '/');
        return;
      case 'done': {
        const chosen = snapshot.context.candidate
          ? dateFor(snapshot.context.candidate, terminateDateOfChoice(snapshot.context.candidate, snapshot.context.choice), run)
          : '';
        await expect(page.getByRole('heading', { level: 1, name: words.doneTitle })).toBeFocused();
        await expect(facts).toContainText(words.terminated(run.subscriptionNumber, run.number));
        await expect(facts).toContainText(words.received);
        await expect(facts).toContainText(words.endsOn(shown(chosen, run.locale)));
        await expect(page.getByText(words.sentTo(run.email))).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: words.home })).toHaveAttribute('href', '/');
        return;
      }
      case 'checkingDates':
        return;
    }
  },
};

/** The model date a choice ends at. */
function terminateDateOfChoice(modelCandidate: TerminationCandidate, choice: string): string {
  return choice === 'next' ? modelCandidate.terminationDates[0]! : choice;
}

import { expect, type Locator, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';

import { type PauseData, pauseSubscriptionMachine } from '#machines/pause-subscription/pause-subscription.machine';
import { selectPauseSubscriptionView } from '#machines/pause-subscription/pause-subscription.selectors';
import { addMonths, firstDayOf, formatPausePeriod, monthOf, type PausePeriod, resumeRemovesPause } from '#src/domain/pause';
import { answers, eventsFor, machine, pausable, planned, running, serialize, terminated, thisMonth } from '../../tests/machines/pause-subscription.model';
import { type Locale, orderItem, pressEnterOn, rememberLocale, signInAsNewCustomer } from '../support';
import { endingLast } from './ending-last';
import { pressEnterNearby, tabToNearby } from './keyboard';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { isActorResult, type ModelEvent } from './tours';
import { localeOf } from './tour-locale';

/**
 * Pausing a subscription and ending a pause early, in the browser, from its machine. The events are
 * the machine model's (tests/machines/pause-subscription.model.ts), the failures made in the page's
 * network. What the browser cannot cause is left out, and the model's answers are the sandbox's:
 * - the screen offers only what the machine takes (a month in the lists, a retry after a failure,
 *   a reload after a conflict), so the events the machine refuses are not offered;
 * - a pause running this month (`running`): the sandbox pauses from next month on and no seeded
 *   subscription has one (the machine test covers it);
 * - the sandbox answers with the months chosen: a pause is the choice, ending it early from a month
 *   shortens it to the month before, or removes it when it had not begun; a reload after a failure
 *   made in the network reads what was shown. So `removedNothingPausable` (a removed pause of a
 *   subscription terminated meanwhile) is excluded below.
 * The model's months are its `thisMonth` and the months after it; a run shifts them to this month.
 *
 * Data: a customer of its own; its active subscription, paused by the API first when the tour's
 * first load finds a planned pause, or its withdrawable one, terminated, which My tickets offers no
 * pause for. The first tour comes from My tickets, by the keyboard; the others open the page by its
 * address, as from a bookmark (the list costs a second a tour; e2e/pause-subscription.spec.ts
 * checks its link to resume).
 */

type Machine = typeof pauseSubscriptionMachine;
type Snapshot = SnapshotFrom<Machine>;

interface Run {
  locale: Locale;
  subscriptionId: string;
  subscriptionNumber: string;
  orderNumber: string;
  /** The link My tickets offers for it (pause or resume); undefined: opened by its address. */
  link: 'pause' | 'resume' | undefined;
  /** This month (YYYY-MM): the model's `thisMonth`. */
  thisMonth: string;
  /** The result last seen: a new one takes the focus as it appears. */
  result?: string;
  /** What this tour has checked once already (see `firstLook`). */
  looked: Set<string>;
}

const texts = {
  'de-DE': {
    title: (number: string) => `Abonnement ${number} pausieren`,
    links: { pause: 'Abonnement pausieren', resume: 'Abonnement fortsetzen' },
    intro: /Monatspreis von 63,00\s€ wird nicht berechnet/,
    from: 'Erster Monat der Pause',
    until: 'Letzter Monat der Pause',
    months: (count: number) => (count === 1 ? '(1 Monat)' : `(${count} Monate)`),
    saving: 'Sie sparen',
    validAgain: 'Ticket gilt wieder ab',
    review: 'Abonnement pausieren',
    cancel: 'Abbrechen',
    pauseDialog: (period: string) => `Abonnement für ${period} pausieren?`,
    pauseDialogText: (validAgain: string) => `Ihr Ticket gilt wieder ab dem ${validAgain}.`,
    pauseNow: 'Jetzt pausieren',
    back: 'Zurück',
    errors: {
      monthNotPausable: 'Diese Monate können nicht mehr pausiert werden',
      pauseNotPossible: 'Ihr Abonnement kann nicht mehr pausiert werden',
      pauseFailed: 'Ihr Abonnement konnte nicht pausiert werden',
      resumeMonthNotPossible: 'Die Pause kann an diesem Tag nicht mehr enden',
      pauseNotFound: 'Diese Pause hat sich inzwischen geändert',
      resumeFailed: 'Ihre Pause konnte nicht beendet werden',
    },
    retry: 'Erneut versuchen',
    reload: 'Aktuellen Stand laden',
    paused: (period: string) => `Ihr Abonnement ist für ${period} pausiert`,
    removed: 'Ihre Pause wurde aufgehoben',
    resumed: (date: string) => `Ihre Pause endet vorzeitig: Ihr Ticket gilt wieder ab dem ${date}`,
    planned: 'Eine Pause ist geplant',
    running: 'Ihr Abonnement ist pausiert',
    endEarly: 'Pause vorzeitig beenden',
    remove: 'Pause aufheben',
    resumeDialog: (date: string) => `Pause zum ${date} beenden?`,
    removeDialog: (period: string) => `Geplante Pause (${period}) aufheben?`,
    chargedAgain: (count: number) => (count === 1 ? 'für 1 Monat mehr als mit der Pause' : `für ${count} Monate mehr als mit der Pause`),
    endPause: 'Pause beenden',
    keepPause: 'Pause behalten',
    loadError: 'Ihr Abonnement konnte nicht geladen werden',
    toTickets: 'Zurück zu meinen Tickets',
    notPausable: 'Dieses Abonnement kann nicht pausiert werden',
    terminatedOn: (date: string) => `Ihr Abonnement ist zum ${date} gekündigt; ein gekündigtes Abonnement kann nicht pausiert werden.`,
  },
  'en-US': {
    title: (number: string) => `Pause subscription ${number}`,
    links: { pause: 'Pause subscription', resume: 'Resume subscription' },
    intro: /monthly price of €63\.00 is\s+not charged/,
    from: 'First month of the pause',
    until: 'Last month of the pause',
    months: (count: number) => (count === 1 ? '(1 month)' : `(${count} months)`),
    saving: 'You save',
    validAgain: 'Ticket valid again from',
    review: 'Pause subscription',
    cancel: 'Cancel',
    pauseDialog: (period: string) => `Pause your subscription for ${period}?`,
    pauseDialogText: (validAgain: string) => `Your ticket is valid again from ${validAgain}.`,
    pauseNow: 'Pause now',
    back: 'Back',
    errors: {
      monthNotPausable: 'These months can no longer be paused',
      pauseNotPossible: 'Your subscription can no longer be paused',
      pauseFailed: 'Your subscription could not be paused',
      resumeMonthNotPossible: 'The pause cannot end on this day any more',
      pauseNotFound: 'This pause has changed meanwhile',
      resumeFailed: 'Your pause could not be ended',
    },
    retry: 'Try again',
    reload: 'Load current state',
    paused: (period: string) => `Your subscription is paused for ${period}`,
    removed: 'Your pause has been cancelled',
    resumed: (date: string) => `Your pause ends early: your ticket is valid again from ${date}`,
    planned: 'A pause is planned',
    running: 'Your subscription is paused',
    endEarly: 'End the pause early',
    remove: 'Cancel the pause',
    resumeDialog: (date: string) => `End the pause on ${date}?`,
    removeDialog: (period: string) => `Cancel the planned pause (${period})?`,
    chargedAgain: (count: number) => (count === 1 ? 'for 1 month more than with the pause' : `for ${count} months more than with the pause`),
    endPause: 'End pause',
    keepPause: 'Keep pause',
    loadError: 'Your subscription could not be loaded',
    toTickets: 'Back to my tickets',
    notPausable: 'This subscription cannot be paused',
    terminatedOn: (date: string) => `Your subscription is terminated effective ${date}; a terminated subscription cannot be paused.`,
  },
};

/** The confirm button of the resume dialog (it removes a pause that has not begun). */
const resumeConfirm = { 'de-DE': /^(Pause beenden|Pause aufheben)$/, 'en-US': /^(End pause|Cancel pause)$/ };

const ticketsPath = '/app/dashboard/tickets';
const pausePath = (subscriptionId: string) => `/app/dashboard/subscription/${subscriptionId}/pause`;
const pauseApi = (subscriptionId: string) => `/api/v2/subscription/subscriptions/${subscriptionId}/pause`;

/** How many months `month` is after `from` (both YYYY-MM). */
const monthsAfter = (from: string, month: string) =>
  Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)));

/** The model's month as the run's: as many months after this month as the model's is after its `thisMonth`. */
const shift = (run: Pick<Run, 'thisMonth'>, month: string) => addMonths(run.thisMonth, monthsAfter(thisMonth, month));
const shiftPause = (run: Pick<Run, 'thisMonth'>, pause: PausePeriod): PausePeriod => ({
  pauseFrom: shift(run, pause.pauseFrom),
  pauseUntil: shift(run, pause.pauseUntil),
});

/** A `YYYY-MM-DD` date, and a month, as the locale writes them on the screen. */
function dateIn(locale: Locale, isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}
function monthIn(locale: Locale, month: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1),
  );
}
/** A price as the locale writes it (the space before € may be a no-break space). */
function priceIn(locale: Locale, euros: number): RegExp {
  const amount = euros.toFixed(2);
  return locale === 'de-DE' ? new RegExp(`${amount.replace('.', ',')}\\s€`) : new RegExp(`€${amount.replace('.', '\\.')}`);
}
/** A text as a regular expression that matches it, any white space as any (Node and Chromium space a range apart). */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
/** The last day of a month (YYYY-MM). */
const lastDayOf = (month: string) =>
  `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;

/**
 * The model's actor answers as the sandbox gives them in this state (see the file's comment): the
 * first load may find any of the model's pause states but a running pause; a reload finds what was
 * shown; a pause and its early end answer with the months chosen.
 */
function sandboxAnswers(snapshot: Snapshot, event: ModelEvent<Machine>): ModelEvent<Machine>[] {
  if (!('output' in event)) return [event];
  const { data, choice, resumeMonth } = snapshot.context;
  switch (event.type) {
    case 'xstate.done.actor.loadPause':
      if (event.output === running) return [];
      if (!data) return [event];
      if (data.pause) return event.output === planned ? [{ ...event, output: { ...planned, pause: data.pause } }] : [];
      return event.output === pausable ? [event] : [];
    case 'xstate.done.actor.pauseSubscription':
      return [{ ...event, output: { ...answers.paused, pause: choice } }];
    case 'xstate.done.actor.resumeSubscription': {
      if (!data?.pause || !resumeMonth) return [];
      if (resumeRemovesPause(data.pause, resumeMonth)) return event.output === answers.removed ? [event] : [];
      return event.output === answers.shortened
        ? [{ ...event, output: { ...answers.shortened, pause: { pauseFrom: data.pause.pauseFrom, pauseUntil: addMonths(resumeMonth, -1) } } }]
        : [];
    }
    default:
      return [event];
  }
}

/** Whether a tour looks at this for the first time: what does not change on a screen is checked once. */
function firstLook(run: Run, what: string): boolean {
  if (run.looked.has(what)) return false;
  run.looked.add(what);
  return true;
}

/** Whether the result is new in this tour (it takes the focus as it appears); remembers it. */
function appeared(run: Run, result: unknown): boolean {
  const key = JSON.stringify(result);
  if (run.result === key) return false;
  run.result = key;
  return true;
}

/** Keyboard only: open a select, Home, arrow down to the option, take it. */
async function chooseInSelect(page: Page, trigger: Locator, option: string): Promise<void> {
  await tabToNearby(page, trigger);
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await page.keyboard.press('Home');
  const target = listbox.getByRole('option', { name: option, exact: true });
  for (let presses = 0; presses < 13 && !(await target.evaluate((element) => element === document.activeElement)); presses += 1)
    await page.keyboard.press('ArrowDown');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(trigger).toContainText(option);
}

export const pauseSubscriptionBrowser: BrowserModel<Machine, Run> = {
  machine: pauseSubscriptionMachine,
  logic: machine,
  events: (snapshot) =>
    endingLast(
      machine,
      snapshot,
      eventsFor(snapshot).flatMap((event) => (isActorResult(event) ? sandboxAnswers(snapshot, event) : snapshot.can(event) ? [event] : [])),
    ),
  // The model's, with the pause's months: here they are the months chosen, not always the model's planned ones.
  serialize: (snapshot) => `${serialize(snapshot)}${JSON.stringify(snapshot.context.data?.pause ?? null)}`,
  // The months, the saving and the dates are the sandbox's: a screen is what is shown, not with which
  // values; and of an alert, a dialog, a result and the resume button's label, the one that stands
  // out. Each error has a transition of its own: its text is checked on the way, its screen is an alert's.
  screen: (snapshot) => {
    const view = selectPauseSubscriptionView(snapshot);
    if (view.step === 'choose') return JSON.stringify([view.step, view.error ? 'error' : view.dialogOpen ? 'dialog' : view.result ? 'removed' : null]);
    if (view.step === 'paused') {
      const resume = view.removesPause ? 'remove' : 'endEarly';
      const result = view.result && (view.result.kind === 'paused' ? 'paused' : 'resumed');
      return JSON.stringify([view.step, view.status, view.error ? 'error' : view.dialogOpen ? `${resume}Dialog` : (result ?? resume)]);
    }
    return view.step;
  },
  maxSteps: 16,
  excluded: {
    'pauseSubscription.resuming|xstate.done.actor.resumeSubscription|2':
      "a removed pause with nothing pausable after it needs a subscription terminated while its pause is planned; the sandbox answers a removed pause of the model's running subscription with its pausable months (the machine test covers it)",
  },

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const run = { thisMonth: monthOf(new Date()) };
    const firstLoad = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.loadPause');
    const loaded = firstLoad && 'output' in firstLoad ? (firstLoad.output as PauseData) : pausable;
    const { orders } = await signInAsNewCustomer(page);
    await rememberLocale(page, locale);
    const order = loaded === terminated ? orders.withdrawable : orders.active;
    const subscriptionId = order.subscriptionId ?? '';
    if (loaded === planned && planned.pause) {
      // Paused before the tour, as in another window: the model's planned months.
      const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
      const answer = await page.request.put(pauseApi(subscriptionId), { headers: { 'X-XSRF-TOKEN': csrf }, data: shiftPause(run, planned.pause) });
      expect(answer.status()).toBe(200);
    }
    const link = loaded === terminated || tour.index > 0 ? undefined : loaded === planned ? 'resume' : 'pause';
    return { locale, ...run, subscriptionId, subscriptionNumber: order.subscriptionNumber ?? '', orderNumber: order.number, link, looked: new Set<string>() };
  },

  async visit(page, run) {
    if (!run.link) {
      await page.goto(pausePath(run.subscriptionId));
      return;
    }
    await page.goto(ticketsPath);
    const link = orderItem(page, run.orderNumber).getByRole('link', { name: texts[run.locale].links[run.link] });
    await expect(link).toHaveAttribute('href', pausePath(run.subscriptionId));
    await pressEnterOn(page, link);
  },

  async arrange(page, event, run) {
    if (event.type === 'xstate.error.actor.loadPause') return failCalls(page, 'GET', pauseApi(run.subscriptionId), event.error);
    if (event.type === 'xstate.error.actor.pauseSubscription') return failCalls(page, 'PUT', pauseApi(run.subscriptionId), event.error);
    // The end of a pause names its day in the query (?pauseDate=).
    if (event.type === 'xstate.error.actor.resumeSubscription') return failCalls(page, 'DELETE', `${pauseApi(run.subscriptionId)}?*`, event.error);
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    const dialog = page.getByRole('alertdialog');
    const button = (name: string | RegExp) => page.getByRole('button', { name, exact: true });
    switch (event.type) {
      case 'load.retry':
      case 'pause.retry':
      case 'resume.retry':
        return pressEnterNearby(page, button(words.retry));
      case 'subscription.reload':
        return pressEnterNearby(page, button(words.reload));
      case 'pauseStart.choose':
        return chooseInSelect(page, page.getByRole('button', { name: new RegExp(words.from) }), monthIn(run.locale, shift(run, event.month)));
      case 'pauseEnd.choose':
        return chooseInSelect(page, page.getByRole('button', { name: new RegExp(words.until) }), monthIn(run.locale, shift(run, event.month)));
      case 'resumeMonth.choose':
        return chooseInSelect(page, page.getByRole('button', { name: new RegExp(words.validAgain) }), dateIn(run.locale, firstDayOf(shift(run, event.month))));
      case 'pause.review':
        return pressEnterNearby(page, button(words.review));
      case 'pause.confirm':
        return pressEnterNearby(page, dialog.getByRole('button', { name: words.pauseNow }));
      case 'pause.cancel':
        return pressEnterNearby(page, dialog.getByRole('button', { name: words.back, exact: true }));
      case 'resume.review':
        return pressEnterNearby(page, button(new RegExp(`^(${words.endEarly}|${words.remove})$`)));
      case 'resume.confirm':
        return pressEnterNearby(page, dialog.getByRole('button', { name: resumeConfirm[run.locale] }));
      case 'resume.cancel':
        return pressEnterNearby(page, dialog.getByRole('button', { name: words.keepPause }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectPauseSubscriptionView(snapshot);
    const dialog = page.getByRole('alertdialog');
    const price = snapshot.context.data?.monthlyPrice ?? 0;

    // A modal dialog: the page under it is hidden from the accessibility tree.
    if (view.step === 'choose' && view.dialogOpen) {
      const period = formatPausePeriod(shiftPause(run, view.choice), run.locale);
      await expect(dialog).toHaveAccessibleName(words.pauseDialog(period));
      await expect(dialog).toContainText(new RegExp(`${words.saving} ${priceIn(run.locale, view.saving).source}`, 'i'));
      await expect(dialog).toContainText(words.pauseDialogText(dateIn(run.locale, firstDayOf(shift(run, view.validAgainMonth)))));
      await expect(dialog.getByRole('button', { name: words.pauseNow })).toBeEnabled();
      await expect(dialog.getByRole('button', { name: words.back, exact: true })).toBeEnabled();
      return;
    }
    if (view.step === 'paused' && view.dialogOpen) {
      const resumeDate = dateIn(run.locale, firstDayOf(shift(run, view.resumeMonth)));
      const title = view.removesPause ? words.removeDialog(formatPausePeriod(shiftPause(run, view.pause), run.locale)) : words.resumeDialog(resumeDate);
      await expect(dialog).toHaveAccessibleName(title);
      await expect(dialog).toContainText(words.chargedAgain(view.chargedAgainCount));
      await expect(dialog).toContainText(priceIn(run.locale, view.monthlyPrice));
      await expect(dialog.getByRole('button', { name: view.removesPause ? resumeConfirm[run.locale] : words.endPause })).toBeEnabled();
      await expect(dialog.getByRole('button', { name: words.keepPause })).toBeEnabled();
      return;
    }

    // What does not change while a step is shown is checked once a tour.
    if (view.step !== 'loading' && firstLook(run, view.step))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title(run.subscriptionNumber));
    await expect(dialog).toHaveCount(0);
    const result = page.locator('[data-pause-result]');
    const error = 'error' in view ? view.error : undefined;
    const errors = page.getByRole('heading', { level: 2, name: new RegExp(Object.values(words.errors).join('|')) });
    await expect(errors).toHaveCount(error ? 1 : 0);
    if (error && (view.step === 'choose' || view.step === 'paused')) {
      // The alert offers to try again, or to read the current state: the buttons are in it.
      await expect(errors).toContainText(words.errors[error]);
      await expect(page.getByRole('button', { name: words.retry, exact: true })).toHaveCount(view.canRetry ? 1 : 0);
      await expect(page.getByRole('button', { name: words.reload, exact: true })).toHaveCount(view.canReload ? 1 : 0);
    }
    switch (view.step) {
      case 'loadFailed':
        await expect(page.getByRole('heading', { level: 2, name: words.loadError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', ticketsPath);
        return;
      case 'choose': {
        if (firstLook(run, 'choose texts')) {
          await expect(page).toHaveURL(pausePath(run.subscriptionId));
          await expect(page.getByText(words.intro)).toBeVisible();
          await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', ticketsPath);
        }
        const choice = shiftPause(run, view.choice);
        await expect(page.getByRole('button', { name: new RegExp(words.from) })).toContainText(monthIn(run.locale, choice.pauseFrom));
        await expect(page.getByRole('button', { name: new RegExp(words.until) })).toContainText(monthIn(run.locale, choice.pauseUntil));
        // Paused: the months (how many), you save: the price of them, valid again from: the day after.
        const validAgain = dateIn(run.locale, firstDayOf(shift(run, view.validAgainMonth)));
        await expect(page.getByTestId('pause-summary')).toHaveText(
          new RegExp(
            `${escaped(`${formatPausePeriod(choice, run.locale)} ${words.months(view.monthCount)}`)}${words.saving}${priceIn(run.locale, view.saving).source}${words.validAgain}${escaped(validAgain)}$`,
          ),
        );
        await expect(page.getByRole('button', { name: words.review, exact: true })).toBeEnabled();
        if (view.result) {
          if (appeared(run, view.result)) await expect(result).toBeFocused();
          await expect(result).toContainText(words.removed);
        } else {
          run.result = undefined;
          await expect(result).toHaveCount(0);
        }
        return;
      }
      case 'paused': {
        await expect(page.getByRole('heading', { level: 2, name: view.status === 'planned' ? words.planned : words.running })).toBeVisible();
        await expect(page.getByTestId('pause-current')).toContainText(
          new RegExp(
            `${escaped(`${formatPausePeriod(shiftPause(run, view.pause), run.locale)} ${words.months(view.monthCount)}`)}${words.saving}${priceIn(run.locale, view.saving).source}`,
          ),
        );
        await expect(page.getByRole('button', { name: new RegExp(words.validAgain) })).toContainText(
          dateIn(run.locale, firstDayOf(shift(run, view.resumeMonth))),
        );
        await expect(page.getByRole('button', { name: view.removesPause ? words.remove : words.endEarly, exact: true })).toBeEnabled();
        if (firstLook(run, 'paused texts')) {
          await expect(page.getByRole('button', { name: words.review, exact: true })).toHaveCount(0);
          await expect(page.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', ticketsPath);
        }
        if (!view.result) {
          run.result = undefined;
          await expect(result).toHaveCount(0);
          return;
        }
        if (appeared(run, view.result)) await expect(result).toBeFocused();
        if (view.result.kind === 'paused') {
          await expect(result.getByRole('heading', { level: 2 })).toContainText(
            words.paused(formatPausePeriod(shiftPause(run, view.result.pause), run.locale)),
          );
          await expect(result).toContainText(priceIn(run.locale, price * view.monthCount));
        } else {
          await expect(result.getByRole('heading', { level: 2 })).toContainText(words.resumed(dateIn(run.locale, firstDayOf(shift(run, view.result.month)))));
        }
        return;
      }
      case 'notPausable':
        await expect(page.getByRole('heading', { level: 2, name: words.notPausable })).toBeVisible();
        await expect(page.getByText(words.terminatedOn(dateIn(run.locale, lastDayOf(shift(run, (view.terminateDate ?? '').slice(0, 7))))))).toBeVisible();
        await expect(page.getByRole('button', { name: words.review, exact: true })).toHaveCount(0);
        await expect(page.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', ticketsPath);
        return;
      case 'loading':
        return;
    }
  },
};

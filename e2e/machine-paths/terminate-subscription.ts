import { expect, type Page } from '@playwright/test';

import { type SubscriptionToTerminate, terminateSubscriptionMachine } from '#machines/terminate-subscription/terminate-subscription.machine';
import { selectTerminateSubscriptionView } from '#machines/terminate-subscription/terminate-subscription.selectors';
import { eventsFor, machine, movedOn, revoked, canceled, serialize, terminable, terminated } from '../../tests/machines/terminate-subscription.model';
import { type Locale, orderItem, pressEnterOn, rememberLocale, signIn, signInAsNewCustomer } from '../support';
import { endingLast } from './ending-last';
import { pressEnterNearby, tabToNearby } from './keyboard';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { isActorResult } from './tours';
import { localeOf } from './tour-locale';

/**
 * Ending a subscription in the browser, from its machine. The events are the machine model's
 * (tests/machines/terminate-subscription.model.ts), the failures made in the page's network, except:
 * - what the screen does not offer, so the machine refuses it: a date that is not in the list, a
 *   second confirmation or a close while the termination is sent (the dialog's button is busy);
 * - the `movedOn` dates: the sandbox offers today's dates, so a reload after the 400
 *   invalidTerminationDate gives the same dates again (the machine test covers dates that moved).
 * The dates the customer picks are the model's by their place in the list (the earliest, the
 * second); the run reads the sandbox's dates for them.
 *
 * Data: a customer of its own (its active subscription, or its withdrawable one, already terminated,
 * which My tickets does not offer); a revoked or canceled subscription is the demo account's
 * A-100010 or A-100011, only read. The first tour comes from My tickets, by the keyboard; the others
 * open the page by its address, as from a bookmark (the list costs a second a tour).
 */

type Machine = typeof terminateSubscriptionMachine;

interface Run {
  locale: Locale;
  subscriptionId: string;
  subscriptionNumber: string;
  orderNumber: string;
  fromTickets: boolean;
  /** The dates the sandbox offers, the earliest first; and the end of an already terminated or ended one. */
  dates: string[];
  terminateDate: string | null;
  /** What this tour has checked once already (see `firstLook`). */
  looked: Set<string>;
}

const demo = {
  revoked: { orderNumber: 'A-100010', subscriptionId: 'sub-deuti-revoked', subscriptionNumber: 'S-A100010' },
  canceled: { orderNumber: 'A-100011', subscriptionId: 'sub-deuti-canceled', subscriptionNumber: 'S-A100011' },
};

const texts = {
  'de-DE': {
    title: (number: string) => `Abonnement ${number} kündigen`,
    endLink: 'Abonnement kündigen',
    dates: 'Zu wann soll Ihr Abonnement enden?',
    earliest: 'Frühestmöglicher Termin',
    explains: 'Ihre Tickets bleiben bis zu diesem Datum gültig',
    price: /Preis von 63,00\s€ nicht mehr abgebucht/,
    submit: 'Abonnement kündigen',
    cancel: 'Abbrechen',
    dialogTitle: (number: string, date: string) => `Abonnement ${number} zum ${date} kündigen?`,
    dialogText: (number: string, date: string) => `Das Abonnement ${number} endet am ${date}.`,
    confirm: 'Ja, Abonnement kündigen',
    keep: 'Abonnement behalten',
    submitError: 'Ihr Abonnement konnte nicht gekündigt werden',
    dateNoLongerOffered: 'Das gewählte Datum ist nicht mehr möglich',
    loadError: 'Ihr Abonnement konnte nicht geladen werden',
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Tickets',
    alreadyTerminated: 'Dieses Abonnement ist bereits gekündigt',
    meanwhile: 'Es wurde inzwischen gekündigt, zum Beispiel in einem anderen Fenster.',
    endsOn: (date: string) => `Es endet am ${date}.`,
    withdraw: 'Kündigung zurücknehmen',
    ended: 'Dieses Abonnement ist bereits beendet',
    endedOn: (date: string) => `Es endete am ${date}, daher gibt es nichts mehr zu kündigen.`,
    revoked: 'Es ist beendet oder wurde widerrufen, daher gibt es nichts mehr zu kündigen.',
    success: 'Ihr Abonnement wurde gekündigt',
    successText: (number: string, date: string) => `Das Abonnement ${number} endet am ${date}.`,
    toTickets: 'Zu meinen Tickets',
  },
  'en-US': {
    title: (number: string) => `End subscription ${number}`,
    endLink: 'End subscription',
    dates: 'When should your subscription end?',
    earliest: 'Earliest possible date',
    explains: 'Your tickets stay valid until that date',
    price: /monthly price of €63\.00 is no longer charged/,
    submit: 'End subscription',
    cancel: 'Cancel',
    dialogTitle: (number: string, date: string) => `End subscription ${number} on ${date}?`,
    dialogText: (number: string, date: string) => `Subscription ${number} ends on ${date}.`,
    confirm: 'Yes, end subscription',
    keep: 'Keep subscription',
    submitError: 'Your subscription could not be terminated',
    dateNoLongerOffered: 'The date you chose is no longer possible',
    loadError: 'Your subscription could not be loaded',
    retry: 'Try again',
    back: 'Back to my tickets',
    alreadyTerminated: 'This subscription is already terminated',
    meanwhile: 'It was terminated meanwhile, for example in another window.',
    endsOn: (date: string) => `It ends on ${date}.`,
    withdraw: 'Withdraw the termination',
    ended: 'This subscription has already been cancelled',
    endedOn: (date: string) => `It ended on ${date}, so there is nothing left to terminate.`,
    revoked: 'It has ended or was revoked, so there is nothing left to terminate.',
    success: 'Your subscription has been terminated',
    successText: (number: string, date: string) => `Subscription ${number} ends on ${date}.`,
    toTickets: 'Go to my tickets',
  },
};

const ticketsPath = '/app/dashboard/tickets';
const terminatePath = (subscriptionId: string) => `/app/dashboard/subscription/${subscriptionId}/terminate`;
const terminationApi = (subscriptionId: string) => `/api/v2/subscription/subscriptions/${subscriptionId}/terminate`;

/** A `YYYY-MM-DD` date as the locale writes it on the screen. */
function dateIn(locale: Locale, isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}

/** The sandbox's date at the place the model's date has among the model's offered dates. */
function realDate(run: Run, modelDate: string | undefined): string {
  const date = run.dates[terminable.terminationDates.indexOf(modelDate ?? '')];
  if (!date) throw new Error(`${modelDate ?? 'no date'} is not one of the model's offered dates`);
  return date;
}

/** Whether a tour looks at this for the first time: what does not change on a screen is checked once. */
function firstLook(run: Run, what: string): boolean {
  if (run.looked.has(what)) return false;
  run.looked.add(what);
  return true;
}

const dateGroup = (page: Page, run: Run) => page.getByRole('radiogroup', { name: texts[run.locale].dates });

export const terminateSubscriptionBrowser: BrowserModel<Machine, Run> = {
  machine: terminateSubscriptionMachine,
  logic: machine,
  events: (snapshot) =>
    endingLast(
      machine,
      snapshot,
      eventsFor(snapshot).filter((event) => ('output' in event ? event.output !== movedOn : isActorResult(event) || snapshot.can(event))),
    ),
  serialize,
  // The dates, the number and the price are the sandbox's: a screen is what is shown, not with which
  // values. A subscription that cannot be terminated is one screen: the first answer that shows it
  // (already terminated) is the tour's; the texts of a revoked or canceled one are the screen's tests'.
  screen: (snapshot) => {
    const view = selectTerminateSubscriptionView(snapshot);
    if (view.step === 'choose') return JSON.stringify([view.step, view.dialog !== undefined, view.failed, view.dateNoLongerOffered]);
    return view.step;
  },
  excluded: {},
  maxSteps: 16,

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const firstLoad = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.loadTermination');
    const loaded = firstLoad && 'output' in firstLoad ? (firstLoad.output as SubscriptionToTerminate) : terminable;
    let subscription: { orderNumber: string; subscriptionId: string; subscriptionNumber: string };
    if (loaded === revoked || loaded === canceled) {
      await signIn(page);
      subscription = loaded === revoked ? demo.revoked : demo.canceled;
    } else {
      const { orders } = await signInAsNewCustomer(page);
      const order = loaded === terminated ? orders.withdrawable : orders.active;
      subscription = { orderNumber: order.number, subscriptionId: order.subscriptionId ?? '', subscriptionNumber: order.subscriptionNumber ?? '' };
    }
    await rememberLocale(page, locale);
    const answer = await page.request.get(terminationApi(subscription.subscriptionId));
    expect(answer.status()).toBe(200);
    const { terminationDates, terminate_date: terminateDate } = (await answer.json()) as { terminationDates: string[]; terminate_date?: string | null };
    return {
      locale,
      ...subscription,
      fromTickets: loaded === terminable && tour.index === 0,
      dates: [...terminationDates].sort(),
      terminateDate: terminateDate ?? null,
      looked: new Set<string>(),
    };
  },

  async visit(page, run) {
    if (!run.fromTickets) {
      await page.goto(terminatePath(run.subscriptionId));
      return;
    }
    await page.goto(ticketsPath);
    const link = orderItem(page, run.orderNumber).getByRole('link', { name: texts[run.locale].endLink });
    await expect(link).toHaveAttribute('href', terminatePath(run.subscriptionId));
    await pressEnterOn(page, link);
  },

  async arrange(page, event, run) {
    if (event.type === 'xstate.error.actor.loadTermination') return failCalls(page, 'GET', terminationApi(run.subscriptionId), event.error);
    if (event.type === 'xstate.error.actor.terminateSubscription') return failCalls(page, 'PUT', terminationApi(run.subscriptionId), event.error);
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    const dialog = page.getByRole('alertdialog');
    switch (event.type) {
      case 'load.retry':
        return pressEnterNearby(page, page.getByRole('button', { name: words.retry }));
      case 'termination.request': {
        // Keyboard: into the group (on the chosen date), arrow keys to the date, then the form's button.
        const radios = dateGroup(page, run).getByRole('radio');
        const target = radios.nth(terminable.terminationDates.indexOf(event.terminateDate));
        await tabToNearby(page, dateGroup(page, run).getByRole('radio', { checked: true }));
        for (let presses = 0; presses < run.dates.length && !(await target.isChecked()); presses += 1) await page.keyboard.press('ArrowDown');
        await expect(target).toBeChecked();
        return pressEnterNearby(page, page.getByRole('button', { name: words.submit, exact: true }));
      }
      case 'termination.confirm':
        return pressEnterNearby(page, dialog.getByRole('button', { name: words.confirm }));
      case 'termination.cancel':
        return pressEnterNearby(page, dialog.getByRole('button', { name: words.keep }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectTerminateSubscriptionView(snapshot);
    const heading = page.getByRole('heading', { level: 1 });
    const backLink = page.getByRole('link', { name: words.back });
    if (view.step === 'choose' && view.dialog) {
      // A modal dialog: the page under it is hidden from the accessibility tree.
      const dialog = page.getByRole('alertdialog');
      const date = dateIn(run.locale, realDate(run, view.dialog.terminateDate));
      await expect(dialog).toHaveAccessibleName(words.dialogTitle(run.subscriptionNumber, date));
      await expect(dialog).toContainText(words.dialogText(run.subscriptionNumber, date));
      await expect(dialog).toContainText(words.price);
      await expect(dialog.getByRole('button', { name: words.keep })).toBeFocused();
      await expect(dialog.getByRole('button', { name: words.confirm })).toBeEnabled();
      return;
    }
    if (view.step !== 'loading' && view.step !== 'done') await expect(heading).toHaveText(words.title(run.subscriptionNumber));
    switch (view.step) {
      case 'choose': {
        await expect(page.getByRole('alertdialog')).toHaveCount(0);
        // What does not change while the dates are shown, once a tour.
        if (firstLook(run, 'choose')) {
          await expect(page).toHaveURL(terminatePath(run.subscriptionId));
          const radios = dateGroup(page, run).getByRole('radio');
          await expect(radios).toHaveCount(run.dates.length);
          await expect(radios.first()).toHaveAccessibleName(dateIn(run.locale, run.dates[0]!));
          await expect(dateGroup(page, run)).toContainText(words.earliest);
          await expect(page.getByText(words.explains)).toContainText(words.price);
          await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', ticketsPath);
        }
        await expect(dateGroup(page, run).getByRole('radio', { name: dateIn(run.locale, realDate(run, view.chosenDate)) })).toBeChecked();
        await expect(page.getByRole('button', { name: words.submit, exact: true })).toBeEnabled();
        await expect(page.getByRole('heading', { level: 2, name: words.submitError })).toHaveCount(view.failed ? 1 : 0);
        await expect(page.getByRole('heading', { level: 2, name: words.dateNoLongerOffered })).toHaveCount(view.dateNoLongerOffered ? 1 : 0);
        if (view.dateNoLongerOffered) await expect(heading).toBeFocused();
        return;
      }
      case 'loadFailed':
        await expect(page.getByRole('heading', { level: 2, name: words.loadError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(backLink).toHaveAttribute('href', ticketsPath);
        return;
      case 'notTerminable':
        await expect(dateGroup(page, run)).toHaveCount(0);
        await expect(page.getByRole('button', { name: words.submit, exact: true })).toHaveCount(0);
        await expect(backLink).toHaveAttribute('href', ticketsPath);
        if (view.reason === 'terminated') {
          await expect(page.getByRole('heading', { level: 2, name: words.alreadyTerminated })).toBeVisible();
          await expect(page.getByText(words.endsOn(dateIn(run.locale, run.terminateDate ?? '')))).toBeVisible();
          await expect(page.getByRole('link', { name: words.withdraw })).toHaveAttribute(
            'href',
            `/app/dashboard/subscription/${run.subscriptionId}/withdraw-termination`,
          );
          return;
        }
        await expect(page.getByRole('heading', { level: 2, name: words.ended })).toBeVisible();
        await expect(page.getByText(run.terminateDate ? words.endedOn(dateIn(run.locale, run.terminateDate)) : words.revoked)).toBeVisible();
        await expect(page.getByRole('link', { name: words.withdraw })).toHaveCount(0);
        return;
      case 'alreadyTerminated':
        await expect(page.getByRole('heading', { level: 2, name: words.alreadyTerminated })).toBeVisible();
        await expect(page.getByText(words.meanwhile)).toBeVisible();
        await expect(heading).toBeFocused();
        await expect(page.getByRole('alertdialog')).toHaveCount(0);
        await expect(dateGroup(page, run)).toHaveCount(0);
        await expect(backLink).toHaveAttribute('href', ticketsPath);
        return;
      case 'done': {
        // The flow's showSuccessPage: the success page, with the date, replaces the form in the history.
        const date = realDate(run, view.terminateDate);
        await expect(page).toHaveURL(`${terminatePath(run.subscriptionId)}/success?date=${date}`);
        await expect(page.getByRole('heading', { level: 1, name: words.success })).toBeFocused();
        await expect(page.getByText(words.successText(run.subscriptionNumber, dateIn(run.locale, date)))).toBeVisible();
        await expect(page.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', ticketsPath);
        return;
      }
      case 'loading':
        return;
    }
  },
};

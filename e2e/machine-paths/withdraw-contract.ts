import { expect } from '@playwright/test';

import { type ContractToWithdraw, withdrawContractMachine } from '#machines/withdraw-contract/withdraw-contract.machine';
import { selectWithdrawContractView } from '#machines/withdraw-contract/withdraw-contract.selectors';
import { eventsFor, machine, serialize } from '../../tests/machines/withdraw-contract.model';
import { type Locale, orderItem, pressEnterOn, rememberLocale, signInAsNewCustomer } from '../support';
import { pressEnterNearby } from './keyboard';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * Withdrawing from a new contract within its 14 days (decision 29) in the browser, from its
 * machine. The events are the machine model's (tests/machines/withdraw-contract.model.ts): the
 * browser can cause every one of them, the failures in the page's network (network.ts).
 *
 * Data: a customer of its own. Its `recent` order was concluded 3 days ago and can be withdrawn; a
 * tour whose first load finds the period over opens its `active` order (concluded months ago) by
 * the address, as My tickets does not link it. The first tour comes from My tickets through the
 * subscription's details by the keyboard and checks on both until when the withdrawal is possible.
 */

type Machine = typeof withdrawContractMachine;

interface Run {
  locale: Locale;
  orderNumber: string;
  subscriptionId: string;
  subscriptionNumber: string;
  /** The sandbox's last day of the withdrawal (YYYY-MM-DD); empty for a contract whose period is over. */
  withdrawableUntil: string;
  fromTickets: boolean;
}

const texts = {
  'de-DE': {
    title: (number: string) => `Abonnement ${number} widerrufen`,
    titleWithoutNumber: 'Ihren Vertrag widerrufen',
    explains: (date: string) => `Sie können diesen neuen Vertrag bis zum ${date} ohne Angabe von Gründen widerrufen.`,
    price: /Monatspreis von 63,00\s€ wird nicht mehr abgebucht/,
    terms: 'Ihr Widerrufsrecht in unseren Allgemeinen Geschäftsbedingungen',
    request: 'Vertrag widerrufen',
    listUntil: 'Widerruf möglich bis',
    details: 'Abo-Details',
    cancel: 'Abbrechen',
    dialogTitle: (number: string) => `Abonnement ${number} widerrufen?`,
    dialogText: (number: string) => `Das Abonnement ${number} endet sofort und seine Tickets sind nicht mehr gültig.`,
    confirm: 'Ja, widerrufen',
    keep: 'Abonnement behalten',
    submitError: 'Ihr Widerruf konnte nicht gesendet werden',
    loadError: 'Ihr Abonnement konnte nicht geladen werden',
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Tickets',
    notWithdrawable: 'Dieser Vertrag kann nicht mehr widerrufen werden',
    terminate: 'Abonnement kündigen',
    success: 'Sie haben Ihren Vertrag widerrufen',
    toTickets: 'Zu meinen Tickets',
  },
  'en-US': {
    title: (number: string) => `Withdraw from subscription ${number}`,
    titleWithoutNumber: 'Withdraw from your contract',
    explains: (date: string) => `You can withdraw from this new contract until ${date}, without giving reasons.`,
    price: /monthly price of €63\.00 is no longer charged/,
    terms: 'Your right of withdrawal in our terms and conditions',
    request: 'Withdraw from contract',
    listUntil: 'Withdrawal possible until',
    details: 'Subscription details',
    cancel: 'Cancel',
    dialogTitle: (number: string) => `Withdraw from subscription ${number}?`,
    dialogText: (number: string) => `Subscription ${number} ends at once and its tickets are no longer valid.`,
    confirm: 'Yes, withdraw',
    keep: 'Keep subscription',
    submitError: 'Your withdrawal could not be sent',
    loadError: 'Your subscription could not be loaded',
    retry: 'Try again',
    back: 'Back to my tickets',
    notWithdrawable: 'This contract can no longer be withdrawn',
    terminate: 'End subscription',
    success: 'You have withdrawn from your contract',
    toTickets: 'Go to my tickets',
  },
};

const ticketsPath = '/app/dashboard/tickets';
const withdrawPath = (subscriptionId: string) => `/app/dashboard/subscription/${subscriptionId}/withdraw-contract`;
const subscriptionApi = (subscriptionId: string) => `/api/v2/subscription/subscriptions/${subscriptionId}`;

/** A `YYYY-MM-DD` date as the locale writes it on the screen. */
function dateIn(locale: Locale, isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}

export const withdrawContractBrowser: BrowserModel<Machine, Run> = {
  machine: withdrawContractMachine,
  logic: machine,
  events: eventsFor,
  serialize,
  // The date, the number and the price are the sandbox's: a screen is what is shown, not with which values.
  screen: (snapshot) => {
    const view = selectWithdrawContractView(snapshot);
    if (view.step === 'confirm') return JSON.stringify([view.step, view.dialog !== undefined, view.failed]);
    return view.step;
  },
  excluded: {},

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const firstLoad = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.loadSubscription');
    const over = firstLoad !== undefined && 'output' in firstLoad && (firstLoad.output as ContractToWithdraw).withdrawableUntil === null;
    const { orders } = await signInAsNewCustomer(page);
    await rememberLocale(page, locale);
    const order = over ? orders.active : orders.recent;
    const subscriptionId = order.subscriptionId ?? '';
    const answer = await page.request.get(subscriptionApi(subscriptionId));
    expect(answer.status()).toBe(200);
    const { withdrawableUntil } = (await answer.json()) as { withdrawableUntil?: string | null };
    expect(Boolean(withdrawableUntil)).toBe(!over);
    return {
      locale,
      orderNumber: order.number,
      subscriptionId,
      subscriptionNumber: order.subscriptionNumber ?? '',
      withdrawableUntil: withdrawableUntil ?? '',
      fromTickets: !over && tour.index === 0,
    };
  },

  async visit(page, run) {
    if (!run.fromTickets) {
      await page.goto(withdrawPath(run.subscriptionId));
      return;
    }
    // As a customer comes: from My tickets through the subscription's details, both of which say
    // until when and link the withdrawal, by the keyboard.
    const words = texts[run.locale];
    const until = `${words.listUntil}${dateIn(run.locale, run.withdrawableUntil)}`;
    await page.goto(ticketsPath);
    const entry = orderItem(page, run.orderNumber);
    await expect(entry).toContainText(until);
    await expect(entry.getByRole('link', { name: words.request })).toHaveAttribute('href', withdrawPath(run.subscriptionId));
    await pressEnterOn(page, entry.getByRole('link', { name: words.details }));
    await expect(page.getByTestId('subscription-details')).toContainText(until);
    const link = page.getByRole('main').getByRole('link', { name: words.request });
    await expect(link).toHaveAttribute('href', withdrawPath(run.subscriptionId));
    await pressEnterOn(page, link);
  },

  async arrange(page, event, run) {
    if (event.type === 'xstate.error.actor.loadSubscription') return failCalls(page, 'GET', `${subscriptionApi(run.subscriptionId)}/details`, event.error);
    if (event.type === 'xstate.error.actor.withdrawContract') return failCalls(page, 'POST', `${subscriptionApi(run.subscriptionId)}/cancel`, event.error);
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    const dialog = page.getByRole('alertdialog');
    switch (event.type) {
      case 'load.retry':
        return pressEnterNearby(page, page.getByRole('button', { name: words.retry }));
      case 'withdrawal.request':
        return pressEnterNearby(page, page.getByRole('button', { name: words.request }));
      case 'withdrawal.confirm':
        return pressEnterNearby(page, dialog.getByRole('button', { name: words.confirm }));
      case 'withdrawal.cancel':
        return pressEnterNearby(page, dialog.getByRole('button', { name: words.keep }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectWithdrawContractView(snapshot);
    const heading = page.getByRole('heading', { level: 1 });
    if (view.step === 'confirm' && view.dialog) {
      // A modal dialog: the page under it is hidden from the accessibility tree; focus starts on Keep.
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toHaveAccessibleName(words.dialogTitle(run.subscriptionNumber));
      await expect(dialog).toContainText(words.dialogText(run.subscriptionNumber));
      await expect(dialog).toContainText(words.price);
      await expect(dialog.getByRole('button', { name: words.keep })).toBeFocused();
      await expect(dialog.getByRole('button', { name: words.confirm })).toBeEnabled();
      return;
    }
    // The number is the details' (the loader's read): without them, the title without it.
    if (view.step === 'confirm' || view.step === 'notWithdrawable') await expect(heading).toHaveText(words.title(run.subscriptionNumber));
    if (view.step === 'loadFailed') await expect(heading).toHaveText(words.titleWithoutNumber);
    switch (view.step) {
      case 'confirm':
        await expect(page.getByRole('alertdialog')).toHaveCount(0);
        await expect(page).toHaveURL(withdrawPath(run.subscriptionId));
        await expect(page.getByText(words.explains(dateIn(run.locale, run.withdrawableUntil)))).toContainText(words.price);
        await expect(page.getByRole('link', { name: words.terms })).toHaveAttribute('href', '/legal/agb#withdrawal');
        await expect(page.getByRole('button', { name: words.request })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', ticketsPath);
        await expect(page.getByRole('heading', { level: 2, name: words.submitError })).toHaveCount(view.failed ? 1 : 0);
        return;
      case 'loadFailed':
        await expect(page.getByRole('heading', { level: 2, name: words.loadError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', ticketsPath);
        return;
      case 'notWithdrawable':
        await expect(page.getByRole('heading', { level: 2, name: words.notWithdrawable })).toBeVisible();
        await expect(page.getByRole('alertdialog')).toHaveCount(0);
        await expect(page.getByRole('button', { name: words.request })).toHaveCount(0);
        await expect(page.getByRole('link', { name: words.terminate })).toHaveAttribute('href', `/app/dashboard/subscription/${run.subscriptionId}/terminate`);
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', ticketsPath);
        return;
      case 'done':
        // The flow's showSuccessPage: the success page replaces the withdrawal in the history.
        await expect(page).toHaveURL(`${withdrawPath(run.subscriptionId)}/success`);
        await expect(page.getByRole('heading', { level: 1, name: words.success })).toBeFocused();
        await expect(page.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', ticketsPath);
        return;
      case 'loading':
        return;
    }
  },
};

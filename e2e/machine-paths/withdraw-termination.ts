import { expect } from '@playwright/test';

import { type SubscriptionToWithdraw, withdrawTerminationMachine } from '#machines/withdraw-termination/withdraw-termination.machine';
import { selectWithdrawTerminationView } from '#machines/withdraw-termination/withdraw-termination.selectors';
import { eventsFor, machine, serialize } from '../../tests/machines/withdraw-termination.model';
import { type Locale, orderItem, signIn, signInAsNewCustomer, pressEnterOn, rememberLocale } from '../support';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * The withdrawal of a termination in the browser, from its machine (the reference flow: copy this
 * file for a new flow). The events are the machine model's (tests/machines/withdraw-termination.model.ts):
 * the browser can cause every one of them, the failures in the page's network (network.ts).
 *
 * Data: a tour that withdraws uses a customer of its own (its withdrawable order); a tour whose
 * first load finds the termination final reads the demo account's A-100003, which the tickets list
 * does not link, so that tour opens the page by its address.
 */

type Machine = typeof withdrawTerminationMachine;

interface Run {
  locale: Locale;
  orderNumber: string;
  subscriptionId: string;
  subscriptionNumber: string;
}

const final = { orderNumber: 'A-100003', subscriptionId: 'sub-deuti-term-f', subscriptionNumber: 'S-A100003' };

const texts = {
  'de-DE': {
    title: (number: string) => `Kündigung des Abonnements ${number} zurücknehmen`,
    explains: 'Ihr Abonnement ist zum',
    price: /63,00\s€/,
    confirm: 'Kündigung zurücknehmen',
    cancel: 'Abbrechen',
    submitError: 'Ihre Kündigung konnte nicht zurückgenommen werden',
    loadError: 'Ihr Abonnement konnte nicht geladen werden',
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Tickets',
    notWithdrawable: 'Diese Kündigung kann nicht mehr zurückgenommen werden',
    order: 'Neues Abonnement bestellen',
    success: 'Ihre Kündigung wurde zurückgenommen',
    toTickets: 'Zu meinen Tickets',
  },
  'en-US': {
    title: (number: string) => `Withdraw the termination of subscription ${number}`,
    explains: 'Your subscription is terminated effective',
    price: '€63.00',
    confirm: 'Withdraw termination',
    cancel: 'Cancel',
    submitError: 'Your termination could not be withdrawn',
    loadError: 'Your subscription could not be loaded',
    retry: 'Try again',
    back: 'Back to my tickets',
    notWithdrawable: 'This termination can no longer be withdrawn',
    order: 'Order a new subscription',
    success: 'Your termination has been withdrawn',
    toTickets: 'Go to my tickets',
  },
};

const withdrawPath = (subscriptionId: string) => `/app/dashboard/subscription/${subscriptionId}/withdraw-termination`;
const detailsPath = (subscriptionId: string) => `/api/v2/subscription/subscriptions/${subscriptionId}/details`;

export const withdrawTerminationBrowser: BrowserModel<Machine, Run> = {
  machine: withdrawTerminationMachine,
  logic: machine,
  events: eventsFor,
  serialize,
  screen: (snapshot) => JSON.stringify(selectWithdrawTerminationView(snapshot)),
  excluded: {},

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const firstLoad = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.loadSubscription');
    const finalTermination = firstLoad !== undefined && 'output' in firstLoad && !(firstLoad.output as SubscriptionToWithdraw).canWithdrawTermination;
    if (finalTermination) {
      await signIn(page);
      await rememberLocale(page, locale);
      return { locale, ...final };
    }
    const { orders } = await signInAsNewCustomer(page);
    await rememberLocale(page, locale);
    const { number, subscriptionId, subscriptionNumber } = orders.withdrawable;
    return { locale, orderNumber: number, subscriptionId: subscriptionId ?? '', subscriptionNumber: subscriptionNumber ?? '' };
  },

  async visit(page, run) {
    if (run.subscriptionId === final.subscriptionId) {
      await page.goto(withdrawPath(run.subscriptionId));
      return;
    }
    // As a customer comes: from My tickets, by the keyboard.
    await page.goto('/app/dashboard/tickets');
    const link = orderItem(page, run.orderNumber).getByRole('link', { name: texts[run.locale].confirm });
    await expect(link).toHaveAttribute('href', withdrawPath(run.subscriptionId));
    await pressEnterOn(page, link);
  },

  async arrange(page, event, run) {
    if (event.type === 'xstate.error.actor.loadSubscription') return failCalls(page, 'GET', detailsPath(run.subscriptionId), event.error);
    if (event.type === 'xstate.error.actor.withdrawTermination') {
      return failCalls(page, 'POST', `/api/v2/subscription/subscriptions/${run.subscriptionId}/withdraw-termination`, event.error);
    }
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    switch (event.type) {
      case 'load.retry':
        return pressEnterOn(page, page.getByRole('button', { name: words.retry }));
      case 'withdrawal.confirm':
        return pressEnterOn(page, page.getByRole('button', { name: words.confirm }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectWithdrawTerminationView(snapshot);
    switch (view.step) {
      case 'confirm':
        await expect(page).toHaveURL(withdrawPath(run.subscriptionId));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title(run.subscriptionNumber));
        await expect(page.getByText(words.explains)).toContainText(words.price);
        await expect(page.getByRole('button', { name: words.confirm })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.cancel, exact: true })).toHaveAttribute('href', '/app/dashboard/tickets');
        await expect(page.getByRole('heading', { level: 2, name: words.submitError })).toHaveCount(view.failed ? 1 : 0);
        return;
      case 'loadFailed':
        await expect(page.getByRole('heading', { level: 2, name: words.loadError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', '/app/dashboard/tickets');
        return;
      case 'notWithdrawable':
        await expect(page.getByRole('heading', { level: 2, name: words.notWithdrawable })).toBeVisible();
        await expect(page.getByRole('button', { name: words.confirm })).toHaveCount(0);
        await expect(page.getByRole('link', { name: words.order })).toHaveAttribute('href', '/app/order');
        return;
      case 'done':
        // The flow's showSuccessPage: the success page replaces the withdrawal in the history.
        await expect(page).toHaveURL(`${withdrawPath(run.subscriptionId)}/success`);
        await expect(page.getByRole('heading', { level: 1, name: words.success })).toBeFocused();
        await expect(page.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', '/app/dashboard/tickets');
        return;
      case 'loading':
        return;
    }
  },
};

import { expect } from '@playwright/test';

import { cancelOrderMachine, type OrderCancellationState } from '#machines/cancel-order/cancel-order.machine';
import { selectCancelOrderView } from '#machines/cancel-order/cancel-order.selectors';
import { alreadyCancelled, eventsFor, machine, serialize } from '../../tests/machines/cancel-order.model';
import { type Locale, orderItem, signInAsNewCustomer, pressEnterOn, rememberLocale } from '../support';
import { failCalls } from './network';
import type { BrowserModel } from './run';
import { localeOf } from './tour-locale';

/**
 * Cancelling an order that has not started, in the browser, from its machine. Each tour has a
 * customer of its own: its pending order can be cancelled, its active one has started. An order
 * that is cancelled already is the same screen path as one that has started (the machine's second
 * `onDone`); the browser offers it only after a cancellation, which is the end of a tour, so the
 * model's `alreadyCancelled` answer is not offered here (the machine test covers its text).
 */

type Machine = typeof cancelOrderMachine;

interface Run {
  locale: Locale;
  orderId: string;
  orderNumber: string;
  /** Whether the tour opens it from My tickets (only a pending order is offered there). */
  fromTickets: boolean;
}

const texts = {
  'de-DE': {
    title: 'Bestellung stornieren',
    explains: (number: string) => `Ihre Bestellung ${number} hat noch nicht begonnen.`,
    confirm: 'Bestellung stornieren',
    keep: 'Bestellung behalten',
    failed: 'Ihre Bestellung konnte nicht storniert werden',
    loadError: 'Ihre Bestellung konnte nicht geladen werden',
    retry: 'Erneut versuchen',
    back: 'Zurück zu meinen Tickets',
    notCancellable: 'Diese Bestellung kann nicht mehr storniert werden',
    started: 'Sie ist als Abonnement gestartet.',
    changedMeanwhile: 'Sie hat sich inzwischen geändert',
    done: 'Ihre Bestellung ist storniert',
    toTickets: 'Zu meinen Tickets',
  },
  'en-US': {
    title: 'Cancel your order',
    explains: (number: string) => `Your order ${number} has not started yet.`,
    confirm: 'Cancel order',
    keep: 'Keep my order',
    failed: 'Your order could not be cancelled',
    loadError: 'Your order could not be loaded',
    retry: 'Try again',
    back: 'Back to my tickets',
    notCancellable: 'This order can no longer be cancelled',
    started: 'It has started as a subscription.',
    changedMeanwhile: 'It changed meanwhile',
    done: 'Your order is cancelled',
    toTickets: 'Go to my tickets',
  },
};

const cancelPage = (orderId: string) => `/app/dashboard/order/${orderId}/cancel`;

export const cancelOrderBrowser: BrowserModel<Machine, Run> = {
  machine: cancelOrderMachine,
  logic: machine,
  events: (snapshot) => eventsFor(snapshot).filter((event) => !('output' in event && event.output === alreadyCancelled)),
  serialize,
  screen: (snapshot) => JSON.stringify(selectCancelOrderView(snapshot)),
  excluded: {},

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const { orders } = await signInAsNewCustomer(page);
    await rememberLocale(page, locale);
    const firstLoad = tour.steps.map((step) => step.event).find((event) => event.type === 'xstate.done.actor.loadCancellation');
    const started = firstLoad !== undefined && 'output' in firstLoad && !(firstLoad.output as OrderCancellationState).isCancellable;
    const order = started ? orders.active : orders.pending;
    return { locale, orderId: order.id, orderNumber: order.number, fromTickets: !started };
  },

  async visit(page, run) {
    if (!run.fromTickets) {
      // My tickets does not offer it for an order that has started: an old link or bookmark.
      await page.goto(cancelPage(run.orderId));
      return;
    }
    await page.goto('/app/dashboard/tickets');
    const link = orderItem(page, run.orderNumber).getByRole('link', { name: texts[run.locale].confirm });
    await expect(link).toHaveAttribute('href', cancelPage(run.orderId));
    await pressEnterOn(page, link);
  },

  async arrange(page, event, run) {
    if (event.type === 'xstate.error.actor.loadCancellation') return failCalls(page, 'GET', `/api/v3/order/orders/${run.orderId}/cancel`, event.error);
    if (event.type === 'xstate.error.actor.cancelOrder') return failCalls(page, 'PUT', `/api/v1/order/orders/${run.orderId}/cancel`, event.error);
    return undefined;
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    if (event.type === 'load.retry') await pressEnterOn(page, page.getByRole('button', { name: words.retry }));
    if (event.type === 'cancellation.confirm') await pressEnterOn(page, page.getByRole('button', { name: words.confirm }));
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectCancelOrderView(snapshot);
    if (view.step !== 'loading') await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    switch (view.step) {
      case 'confirm':
        await expect(page.getByText(words.explains(run.orderNumber))).toBeVisible();
        await expect(page.getByRole('button', { name: words.confirm })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.keep })).toHaveAttribute('href', '/app/dashboard/tickets');
        await expect(page.getByRole('heading', { level: 2, name: words.failed })).toHaveCount(view.failed ? 1 : 0);
        return;
      case 'loadFailed':
        await expect(page.getByRole('heading', { level: 2, name: words.loadError })).toBeVisible();
        await expect(page.getByRole('button', { name: words.retry })).toBeEnabled();
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', '/app/dashboard/tickets');
        return;
      case 'notCancellable':
        await expect(page.getByRole('heading', { level: 2, name: words.notCancellable })).toBeVisible();
        await expect(page.getByText(view.reason === 'changedMeanwhile' ? words.changedMeanwhile : words.started)).toBeVisible();
        await expect(page.getByRole('button', { name: words.confirm })).toHaveCount(0);
        await expect(page.getByRole('link', { name: words.back })).toHaveAttribute('href', '/app/dashboard/tickets');
        return;
      case 'done':
        await expect(page.getByRole('heading', { level: 2, name: words.done })).toBeVisible();
        await expect(page.getByRole('button', { name: words.confirm })).toHaveCount(0);
        await expect(page.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', '/app/dashboard/tickets');
        return;
      case 'loading':
        return;
    }
  },
};

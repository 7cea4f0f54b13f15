import { type Cookie, expect, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';

import { paymentMachine } from '#machines/payment/payment.machine';
import { selectPaymentView } from '#machines/payment/payment.selectors';
import { eventsFor, serialize, twin, variants } from '../../tests/machines/payment.model';
import type { TestCustomer } from '#sandbox/seed/test-customers';
import { type Locale, signInAsNewCustomer } from '../support';
import type { BrowserModel, Undo } from './run';
import { localeOf } from './tour-locale';

/**
 * Payment after an order and the change of a payment method (SPEC.md 4.6) in the browser, from its
 * machine, with the model's four starts (tests/machines/payment.model.ts): the payment page after an
 * order, the edit page, and each as the provider's return (a page load whose query carries the
 * provider's result). The events are the model's but for two the browser cannot cause:
 * - `payment.returned`: the provider's page sends the whole window back to the return address, a page
 *   load, so a new machine starts there (the two return starts); the event is for a query change
 *   while the page stays mounted, which nothing in the portal does;
 * - `payment.retry`: after an order `failed` is only a 503's, whose page is /maintenance (the failure
 *   page's own "try again" opens a new payment page), and an edit has no order number to retry with.
 *
 * The two loads (the order, the customer's address) run at once: a tour holds the one the model
 * answers second until the first has answered, so the page takes the model's order. Failures are made
 * in the page's network, as is an answer the sandbox would not give (a provider page outside the
 * allow-list). A 503 sends the customer to /maintenance: that is the screen of its `failed` state.
 * The provider's results are real where the hosted page gives them: a tour that returns pays in the
 * frame first (or simulates the provider error, whose success call answers 500); a return link with
 * a made-up transaction finds no payment (404), and serves the failures made in the network too.
 * Every screen also shows that no page broke its Content-Security-Policy (decision 21).
 *
 * Data: a customer of the tests' own (signInAsNewCustomer): its pending order is paid after the
 * order, its running subscription's order has its payment method changed. Signing in is most of a
 * tour's time, so the tours of one worker share one such customer and its session, except the tour
 * whose payment goes through after an order (its order then is no longer pending): it has its own.
 * Nothing else a tour does changes what another reads (a payment session more, a method changed).
 */

type Machine = typeof paymentMachine;
type Start = keyof typeof variants;
type Load = 'order' | 'user';

interface Run {
  locale: Locale;
  start: Start;
  number: string;
  orderId: string;
  /** Where the start's page is: the payment or edit page, or (a return) the provider's return address. */
  address: string;
  /** Which load answers first in this tour, and a promise of its answer (the other one waits for it). */
  firstLoad: { load: Load; answered: Promise<unknown> } | undefined;
  /** Content-Security-Policy violations of the page and its frames so far (decision 21): there must be none. */
  violations: string[];
}

const texts = {
  'de-DE': {
    title: 'Zahlung',
    editTitle: 'Zahlungsart ändern',
    frame: 'Zahlungsformular unseres Zahlungsanbieters',
    thanks: 'Vielen Dank für Ihre Bestellung',
    saved: 'Ihre Zahlungsdaten wurden gespeichert',
    parts: ['Bestätigung per E-Mail verschickt', 'Bestätigung Ihrer E-Mail-Adresse', 'Ihr Ticket'],
    toTickets: 'Zu meinen Tickets',
    changed: 'Ihre Zahlungsart wurde geändert',
    changedAlert: 'Gespeichert',
    notFound: 'Zahlung nicht gefunden',
    noOrder: (number: string) => `Zu Ihrem Konto gibt es keine Bestellung mit der Nummer ${number}.`,
    backToTickets: 'Zurück zu meinen Tickets',
    noPayment: 'Wir konnten diese Zahlung nicht finden.',
    again: 'Zahlungsdaten erneut eingeben',
    notEditable: 'Diese Zahlungsart kann hier nicht geändert werden',
    notEditableText: (number: string) => `Das Ticket der Bestellung ${number} wird über Ihren Arbeitgeber oder Ihre Hochschule bezahlt`,
    toAccount: 'Zu meinen Daten',
    locked: 'Diese Zahlungsart ist gesperrt',
    lockedText: (number: string) => `Die Zahlungsart der Bestellung ${number} wurde gesperrt`,
    toPaymentDetails: 'Zu den Zahlungsdetails',
    failed: 'Die Zahlung ist nicht durchgegangen',
    failedText: 'Ihre Zahlung konnte nicht abgeschlossen werden. Es wurde kein Geld abgebucht.',
    shopError: 'Unser Shop konnte die Zahlung nicht verarbeiten.',
    retry: 'Erneut versuchen',
    overview: 'Zurück zur Übersicht',
    maintenance: 'Wir warten das Portal',
  },
  'en-US': {
    title: 'Payment',
    editTitle: 'Change payment method',
    frame: 'Payment form of our payment provider',
    thanks: 'Thank you for your order',
    saved: 'Your payment details have been saved',
    parts: ['Confirmation sent by email', 'Confirming your email address', 'Your ticket'],
    toTickets: 'Go to my tickets',
    changed: 'Your payment method has been changed',
    changedAlert: 'Saved',
    notFound: 'Payment not found',
    noOrder: (number: string) => `Your account has no order with the number ${number}.`,
    backToTickets: 'Back to my tickets',
    noPayment: 'We could not find this payment.',
    again: 'Enter the payment details again',
    notEditable: 'This payment method cannot be changed here',
    notEditableText: (number: string) => `The ticket of order ${number} is paid through your employer or university`,
    toAccount: 'Go to my data',
    locked: 'This payment method is locked',
    lockedText: (number: string) => `The payment method of order ${number} has been locked`,
    toPaymentDetails: 'Go to the payment details',
    failed: 'The payment did not go through',
    failedText: 'Your payment could not be completed. No money has been taken.',
    shopError: 'Our shop could not process the payment.',
    retry: 'Try again',
    overview: 'Back to the overview',
    maintenance: 'We are doing maintenance',
  },
};

const upsertPath = '/api/v2/payment/paymentprovider/user-payment-instruments';
const successPath = `${upsertPath}/success`;
const userInfoPath = '/api/v2/auth/connect/user-info';
const orderPath = (orderId: string) => `/api/v3/order/orders/${orderId}`;

/** The worker's shared customer and its session cookies, renewed well before the access token's 15 minutes end. */
let shared: { cookies: Cookie[]; orders: TestCustomer['orders']; since: number } | undefined;
const sharedFor = 10 * 60 * 1000;

/** A signed-in customer for a tour: a new one, or the worker's shared one (its session put into this browser). */
async function customerFor(page: Page, own: boolean): Promise<TestCustomer['orders']> {
  if (own) return (await signInAsNewCustomer(page)).orders;
  if (shared && Date.now() - shared.since < sharedFor) {
    await page.context().addCookies(shared.cookies);
    return shared.orders;
  }
  const { orders } = await signInAsNewCustomer(page);
  shared = { cookies: await page.context().cookies(), orders, since: Date.now() };
  return orders;
}

const paymentPage = (run: Pick<Run, 'number' | 'orderId'>, variant: 'order' | 'edit') =>
  variant === 'order' ? `/app/payment/${run.number}` : `/app/payment/edit/${run.number}?orderId=${run.orderId}&orderNumber=${run.number}`;
const variantOf = (start: Start) => variants[start].variant;

/**
 * The next calls of one method and path: held until `after` (when given), then answered by the
 * sandbox, or with the model's failure (its status and problem body; no connection without a status).
 */
async function answerCalls(page: Page, method: string, path: string, answer: { error?: unknown; after?: Promise<unknown> }): Promise<Undo> {
  const url = `**${path}`;
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await answer.after;
    if (answer.error === undefined) return route.fallback();
    const { status, problem } = answer.error as { status?: number; problem?: object };
    if (status === undefined) return route.abort('internetdisconnected');
    return route.fulfill({ status, contentType: 'application/problem+json', body: JSON.stringify(problem ?? { status }) });
  });
  return () => page.unroute(url);
}

/** The provider's page in the frame: pays by card, or simulates the provider's error. */
async function actOnProviderPage(page: Page, way: 'pay' | 'providerError'): Promise<void> {
  const frame = page.frameLocator('iframe');
  if (way === 'providerError') {
    await frame.getByRole('button', { name: /^(Anbieterfehler simulieren|Simulate provider error)$/ }).click();
    return;
  }
  await frame.getByLabel(/^(Karteninhaber\/in|Cardholder)/).fill('Tessa Probst');
  await frame.getByLabel(/^(Kartennummer|Card number)/).fill('4242 4242 4242 4242');
  await frame.getByLabel(/^(Gültig bis|Valid until)/).fill('12/39');
  await frame.getByRole('button', { name: /^(Mit Karte bezahlen|Pay by card|Karte speichern|Save card)$/ }).click();
}

/** The address the provider sends the window back to after `way` on the start's page (not opened: the tour opens it). */
async function providerReturn(page: Page, startPage: string, way: 'pay' | 'providerError'): Promise<string> {
  const leaving = /\/app\/payment\/.*transactionId=/;
  await page.route(leaving, (route) => route.fulfill({ contentType: 'text/html', body: '' }));
  const returned = page.waitForRequest(leaving);
  await page.goto(startPage);
  await actOnProviderPage(page, way);
  const url = new URL((await returned).url());
  await page.unroute(leaving);
  return `${url.pathname}${url.search}`;
}

/**
 * Collects the Content-Security-Policy violations of the page and its frames: the browser's own
 * console reports and the `securitypolicyviolation` events, which a script added to every document
 * (outside the policy) writes to the console.
 */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`);
    });
  });
  page.on('console', (message) => {
    if (/content.security.policy|securitypolicyviolation/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** What the customer sees, without the values that do not change it (which call failed, which order). */
function screenOf(snapshot: SnapshotFrom<Machine>) {
  const view = selectPaymentView(snapshot);
  if (snapshot.matches('failurePage') && view.step === 'failed') return { page: 'failure', hasShopError: view.hasShopError, canRetry: view.canRetry };
  if (view.step === 'failed')
    return view.status === 503 ? { page: 'maintenance' } : { page: 'failed in place', hasShopError: view.hasShopError, canRetry: view.canRetry };
  switch (view.step) {
    case 'provider':
      return { step: view.step, variant: snapshot.context.variant };
    case 'succeeded':
      return { step: view.step, kind: view.kind };
    case 'notFound':
      return { step: view.step, missing: view.missing, variant: view.variant };
    default:
      return { step: view.step };
  }
}

export const paymentBrowser: BrowserModel<Machine, Run> = {
  machine: paymentMachine,
  logic: (Object.keys(variants) as Start[]).map((name) => ({ name, logic: twin(variants[name]) })),
  events: (snapshot) => eventsFor(snapshot).filter((event) => event.type !== 'payment.returned' && event.type !== 'payment.retry'),
  serialize,
  screen: (snapshot) => JSON.stringify(screenOf(snapshot)),
  excluded: {
    'payment.showingProvider|payment.returned|0':
      'the provider sends the whole window back to the return address, a page load: a new machine starts with the result (the return starts); nothing in the portal changes the query while the page is mounted',
    'payment.failed|payment.retry|0':
      'after an order `failed` is only a 503, whose page is /maintenance (the failure page retries by opening a new payment page); in an edit there is no order number, so no retry',
  },

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const start = tour.start as Start;
    const confirm = tour.steps.map((step) => step.event).find((event) => event.type.endsWith('.actor.confirmPayment'));
    const status = confirm && 'error' in confirm ? (confirm.error as { status?: number }).status : undefined;
    const paysOrder = start === 'orderReturn' && confirm !== undefined && !('error' in confirm);
    const violations = await watchPolicyViolations(page);
    const orders = await customerFor(page, paysOrder);
    await page.addInitScript((value) => window.localStorage.setItem('portal.locale', value), locale);
    const order = variantOf(start) === 'order' ? orders.pending : orders.active;
    const run: Run = { locale, start, number: order.number, orderId: order.id, address: '', firstLoad: undefined, violations };
    if (start === 'order' || start === 'edit') return { ...run, address: paymentPage(run, start) };
    // The provider's return: what the tour's success call answers decides what the customer did in the frame.
    if (status !== undefined && status !== 500) {
      // An old or altered return link: its transaction is none of this customer's payments (a 404;
      // another failure is made in the network before the sandbox sees it).
      const forged = new URLSearchParams({
        orderId: order.id,
        ...(start === 'editReturn' ? { orderNumber: order.number } : {}),
        transactionId: 'tx-forged',
        paymentMethod: 'CREDITCARD',
        paymentInstrumentId: 'pi-forged',
      });
      return { ...run, address: `${paymentPage(run, variantOf(start)).split('?')[0]}?${forged}` };
    }
    return { ...run, address: await providerReturn(page, paymentPage(run, variantOf(start)), status === 500 ? 'providerError' : 'pay') };
  },

  async visit(page, run) {
    await page.goto(run.address);
  },

  async arrange(page, event, run) {
    const load: Load | undefined = event.type.endsWith('.actor.loadOrder') ? 'order' : event.type.endsWith('.actor.loadUser') ? 'user' : undefined;
    const error = 'error' in event ? event.error : undefined;
    if (load) {
      const [method, path] = load === 'order' ? ['GET', orderPath(run.orderId)] : ['GET', userInfoPath];
      if (run.firstLoad === undefined) {
        // The first answer: the other load waits for it.
        run.firstLoad = {
          load,
          answered: page.waitForResponse((response) => new URL(response.url()).pathname === path, { timeout: 0 }).catch(() => undefined),
        };
        return error === undefined ? undefined : answerCalls(page, method, path, { error });
      }
      return answerCalls(page, method, path, { error, after: run.firstLoad.answered });
    }
    if (event.type === 'xstate.done.actor.savePayment' && 'output' in event) {
      const { redirectUrl } = event.output as { redirectUrl: string };
      if (redirectUrl.includes('/sandbox/pay/')) return undefined;
      // A provider page outside the allow-list: the frame must never show it.
      const url = `**${upsertPath}`;
      await page.route(url, (route) => (route.request().method() === 'POST' ? route.fulfill({ json: { redirectUrl } }) : route.fallback()));
      return () => page.unroute(url);
    }
    if (event.type === 'xstate.error.actor.savePayment') return answerCalls(page, 'POST', upsertPath, { error });
    // 404 and 500 come from the sandbox (a made-up transaction, the simulated provider error), the others from the network.
    const status = (error as { status?: number } | undefined)?.status;
    if (event.type === 'xstate.error.actor.confirmPayment' && status !== 404 && status !== 500) return answerCalls(page, 'POST', successPath, { error });
    return undefined;
  },

  async act() {
    // Every event of the customer's here is excluded (see above): a tour is the page's answers.
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const view = selectPaymentView(snapshot);
    const h1 = page.getByRole('heading', { level: 1 });
    const main = page.getByRole('main');
    const edit = snapshot.context.variant === 'edit';
    // The portal, the sign-in and the provider's page run under their policies (public/_headers).
    expect(run.violations, 'Content-Security-Policy violations').toEqual([]);
    if (view.step === 'failed') {
      if (view.status === 503) {
        // The API client went to the maintenance page (a read after its two retries); the machine stays
        // in its failure view (no failure page follows). Its Try again leads back to the payment page.
        await expect(page).toHaveURL(/\/maintenance\?from=/);
        await expect(h1).toHaveText(words.maintenance);
        await expect(page.getByRole('link', { name: words.retry })).toHaveAttribute('href', run.address);
        await expect(page).toHaveURL(/\/maintenance\?from=/);
        return;
      }
      if (snapshot.matches('failurePage')) {
        // The failure page replaces the payment page.
        await expect(page).toHaveURL(`/app/payment/failure?orderNumber=${run.number}&hasShopError=${view.hasShopError}`);
      } else {
        await expect(page).toHaveURL(run.address);
      }
      await expect(h1).toHaveText(words.failed);
      await expect(main.getByText(words.failedText)).toBeVisible();
      await expect(main.getByText(words.shopError)).toHaveCount(view.hasShopError ? 1 : 0);
      await expect(main.getByRole('button', { name: words.retry })).toHaveCount(view.canRetry ? 1 : 0);
      await expect(main.getByRole('link', { name: words.overview })).toHaveAttribute('href', '/app/dashboard');
      await expect(page.locator('iframe')).toHaveCount(0);
      return;
    }
    switch (view.step) {
      case 'provider': {
        await expect(h1).toHaveText(edit ? words.editTitle : words.title);
        const iframe = page.locator('iframe');
        await expect(iframe).toHaveAttribute('height', '1700');
        await expect(iframe).toHaveAttribute('title', words.frame);
        await expect(iframe).toHaveAttribute('src', /^http:\/\/localhost:\d+\/sandbox\/pay\//);
        const frame = page.frameLocator('iframe');
        await expect(frame.getByTestId('order-number')).toHaveText(run.number);
        // The provider's page opens in the portal's language (decision 19).
        await expect(frame.locator('html')).toHaveAttribute('lang', run.locale);
        await expect(frame.getByRole('heading', { level: 1 })).toHaveText(edit ? words.editTitle : words.title);
        return;
      }
      case 'succeeded':
        if (view.kind === 'order') {
          await expect(h1).toHaveText(words.thanks);
          await expect(main.getByText(words.saved)).toBeVisible();
          await expect(page.getByTestId('order-number')).toHaveText(run.number);
          for (const part of words.parts) await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible();
        } else {
          await expect(h1).toHaveText(words.changed);
          await expect(page.getByRole('heading', { level: 2, name: words.changedAlert })).toBeVisible();
        }
        await expect(main.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', '/app/dashboard/tickets');
        return;
      case 'notFound':
        await expect(h1).toHaveText(words.notFound);
        await expect(main.getByRole('button', { name: words.retry })).toHaveCount(0);
        if (view.missing === 'order') {
          await expect(main.getByText(words.noOrder(run.number))).toBeVisible();
          await expect(main.getByRole('link', { name: words.backToTickets })).toHaveAttribute('href', '/app/dashboard/tickets');
        } else {
          await expect(main.getByText(words.noPayment)).toBeVisible();
          const again = edit ? `/app/payment/edit/${run.number}?orderId=${run.orderId}&orderNumber=${run.number}` : `/app/payment/${run.number}`;
          await expect(main.getByRole('link', { name: words.again })).toHaveAttribute('href', again);
        }
        return;
      case 'notEditable':
        await expect(h1).toHaveText(words.notEditable);
        await expect(main.getByText(words.notEditableText(run.number))).toBeVisible();
        await expect(main.getByRole('button', { name: words.retry })).toHaveCount(0);
        await expect(page.locator('iframe')).toHaveCount(0);
        await expect(main.getByRole('link', { name: words.toAccount })).toHaveAttribute('href', '/app/dashboard/account');
        return;
      case 'locked':
        await expect(h1).toHaveText(words.locked);
        await expect(main.getByText(words.lockedText(run.number))).toBeVisible();
        await expect(main.getByRole('button', { name: words.retry })).toHaveCount(0);
        await expect(page.locator('iframe')).toHaveCount(0);
        await expect(main.getByRole('link', { name: words.toPaymentDetails })).toHaveAttribute('href', `/app/dashboard/order/${run.orderId}/payment`);
        return;
      case 'loading':
        return;
    }
  },
};

import { expect, type Page } from '@playwright/test';

import type { StepId } from '#machines/order-wizard/order-wizard.types';
import { selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
// `useProduct` is a Playwright helper, not a React hook: renamed so the hooks rule does not take it for one.
import { acceptTerms, chooseStart, fillBilling, text, useProduct as serveProduct } from '../order-steps';
import { billing, demoAccounts, offeredMonth, orderPrefix, takenAddress } from './fixtures';
import { type BrowserPath, type BrowserStep, eventLabel, shownStartDate, type Snapshot, type WizardEvent } from './graph';
import { words } from './texts';
import { demoPassword, signIn, signInOnSandboxPage, uniqueEmail } from '../support';

/**
 * The order wizard's browser model: the browser that runs one generated path (graph.ts), with the
 * clicks and typing of each event and the assertions of each snapshot's screen.
 */

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a browser run remembers beside the machine: the addresses it typed and the calls it saw. */
interface Run {
  fresh: string;
  /** The address in the account step (what `data.account.mailAddress` stands for). */
  address: string | undefined;
  meanwhile: Set<string>;
  calls: { register: number; submit: number };
}

function stepHeading(path: BrowserPath, step: StepId): string {
  const { locale, product } = path.variant;
  const w = words[locale];
  switch (step) {
    case 'company':
      return product === 'seti' ? w.heading.seti : w.heading.joti;
    case 'startAndTraveler':
      return w.heading.startAndTraveler;
    case 'billing':
      return text[locale].billingTitle;
    case 'account':
      return text[locale].accountTitle;
    case 'summary':
      return text[locale].summary;
  }
}

/** The start step's months (the first is the current month, except for joti). */
function months(page: Page, path: BrowserPath) {
  return page.getByRole('radiogroup', { name: text[path.variant.locale].startMonth }).getByRole('radio');
}

/** The start-month dialog (SPEC.md 4.1). */
function startMonthDialog(page: Page, path: BrowserPath) {
  return page.getByRole('alertdialog', { name: words[path.variant.locale].startMonthDialog });
}

/** Opens the wizard as the variant's customer: a visitor at /order, a customer signed in at /app/order. */
async function open(page: Page, path: BrowserPath): Promise<void> {
  const { product, registration, locale } = path.variant;
  await serveProduct(page, product);
  await page.addInitScript((value) => window.localStorage.setItem('portal.locale', value), locale);
  if (registration) {
    await page.goto('/order');
  } else {
    await signIn(page, demoAccounts[product]);
    await page.goto('/app/order');
  }
}

/**
 * Clicks the step's Next once the page has settled: nothing loading (a price or an insurer appearing
 * moves the button under the pointer) and the form idle (a submit while it validates is ignored,
 * SPEC.md 4.1).
 */
async function clickNext(page: Page, path: BrowserPath): Promise<void> {
  const button = page.getByRole('button', { name: text[path.variant.locale].next, exact: true });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(button).not.toHaveAttribute('data-pending');
  await button.click();
}

/** Fills the step the event names with the event's values (nothing when the form shows them already). */
async function fillStep(page: Page, path: BrowserPath, before: Snapshot, event: Extract<WizardEvent, { type: 'step.next' }>, run: Run): Promise<void> {
  const { locale, product } = path.variant;
  const w = words[locale];
  const t = text[locale];
  const shown = JSON.stringify(before.context.data[event.step]) === JSON.stringify(event.values);
  // The step on screen's: the steps next to it are in the page too, hidden (decision 23).
  const priceSentence = page.locator('[role="status"][data-price-text]').filter({ visible: true });
  switch (event.step) {
    case 'company': {
      const seti = product === 'seti';
      const key = seti ? 'seti' : 'joti';
      if (!shown) {
        await page.getByRole('textbox', { name: w.companyId[key] }).fill(event.values.companyId);
        if (seti) {
          await page.getByRole('textbox', { name: t.firstName }).fill(path.student.firstName);
          await page.getByRole('textbox', { name: t.lastName }).fill(path.student.lastName);
        }
        await page.getByRole('textbox', { name: w.staffNumber[key] }).fill(seti ? path.student.number : event.values.staffNumber);
      }
      // The company is known (its lookup has answered): the price shows.
      await expect(priceSentence).toBeVisible();
      break;
    }
    case 'startAndTraveler': {
      const { values } = event;
      // The month the form shows may be another than the one stored (chosen since, or confirmed).
      if (shownStartDate(before) !== values.startDate) await chooseStart(page, locale);
      if (!shown && selectOrderWizardView(before).offersBookingForOthers) {
        if (values.isTraveler) {
          await page.getByRole('radio', { name: w.self }).check({ force: true });
        } else {
          await page.getByRole('radio', { name: w.someoneElse }).check({ force: true });
          await page.getByRole('textbox', { name: w.travelerFirstName }).fill(values.firstName);
          await page.getByRole('textbox', { name: w.travelerLastName }).fill(values.lastName);
          await page.getByRole('radiogroup', { name: w.travelerGender }).getByRole('radio', { name: w.travelerMale }).check({ force: true });
          await page.getByRole('group', { name: w.travelerBirthdate }).getByRole('spinbutton').first().click();
          await page.keyboard.type(locale === 'de-DE' ? '03042012' : '04032012');
        }
      }
      await expect(months(page, path).nth(1)).toBeChecked();
      // The quote of the chosen month has come (it grows the price box).
      await expect(priceSentence).toBeVisible();
      break;
    }
    case 'billing':
      if (!shown) await fillBilling(page, locale, { namesReadOnly: product === 'seti' });
      // The insurer of the zip code has come (it appears above the buttons).
      await expect(page.getByText(w.insurer)).toBeVisible();
      break;
    case 'account': {
      if (!shown) {
        const kind = event.values.mailAddress;
        const keep = before.context.data.account?.mailAddress === kind && run.address !== undefined;
        const address = keep ? run.address! : kind === takenAddress ? uniqueEmail(`model-meanwhile-${product}`) : run.fresh;
        await expect(page.getByRole('heading', { level: 2, name: t.accountTitle })).toBeVisible();
        await page.getByRole('textbox', { name: t.email }).fill(address);
        await page.getByRole('textbox', { name: t.password, exact: true }).fill(demoPassword);
        await page.getByRole('textbox', { name: t.repeat }).fill(demoPassword);
        await page.getByRole('checkbox', { name: t.privacy }).check({ force: true });
        run.address = address;
      }
      break;
    }
  }
}

/**
 * Someone registers the address elsewhere (another tab) after the account step's in-use check let
 * it pass: the wizard's registration then answers 409 mailAddressAlreadyExists. The call is the
 * portal's own (same origin, CSRF header from the cookie), sent from the page.
 */
async function registerMeanwhile(page: Page, address: string): Promise<void> {
  const status = await page.evaluate(
    async ({ username, password }) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((cookie) => cookie.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '';
      const config = (await (await fetch('/config.json')).json()) as { oauth: { clientId: string } };
      const body = new URLSearchParams({
        username,
        password,
        client_id: config.oauth.clientId,
        grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in',
        has_agreed_to_privacy_policy: 'true',
        has_agreed_to_newsletter: 'false',
      });
      const response = await fetch('/api/v2/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-XSRF-TOKEN': decodeURIComponent(csrf), 'Idempotency-Key': crypto.randomUUID() },
        body,
      });
      return response.status;
    },
    { username: address, password: demoPassword },
  );
  expect(status, `registering ${address} meanwhile`).toBe(201);
}

/** The browser action of an event (actor results have none: the sandbox answers by itself). */
async function act(page: Page, path: BrowserPath, step: BrowserStep, run: Run): Promise<void> {
  const { event, before } = step;
  const { locale, product } = path.variant;
  const w = words[locale];
  switch (event.type) {
    case 'step.next':
      await fillStep(page, path, before, event, run);
      await clickNext(page, path);
      return;
    case 'step.back':
      await page.getByRole('button', { name: text[locale].back, exact: true }).click();
      return;
    case 'step.goTo':
      await page.getByRole('button', { name: new RegExp(`^${escape(w.change)}\\s?: ${escape(w.summaryPart[event.step])}$`) }).click();
      return;
    case 'startDate.chosen':
      await expect(months(page, path).first()).toBeAttached();
      await months(page, path)
        .nth(event.startDate === offeredMonth(product, 0) ? 0 : 1)
        .check({ force: true });
      return;
    case 'startMonth.confirm':
      await startMonthDialog(page, path).getByRole('button', { name: w.startMonthConfirm }).click();
      return;
    case 'startMonth.reject':
      await startMonthDialog(page, path).getByRole('button', { name: w.startMonthReject }).click();
      return;
    case 'history.popped': {
      const view = selectOrderWizardView(before);
      if (view.steps.indexOf(event.step) < view.steps.indexOf(view.step!)) await page.goBack();
      else await page.goForward();
      return;
    }
    case 'order.submit': {
      const address = before.context.data.account?.mailAddress === takenAddress ? run.address : undefined;
      if (address !== undefined && !run.meanwhile.has(address) && before.context.userId === undefined && !before.context.signedIn) {
        await registerMeanwhile(page, address);
        run.meanwhile.add(address);
      }
      await acceptTerms(page, locale);
      await page.getByRole('button', { name: text[locale].order }).click();
      return;
    }
    case 'browser.reload':
      await page.reload();
      return;
    case 'browser.signIn':
      await page.getByRole('form', { name: text[locale].accountTitle }).getByRole('link', { name: w.signIn, exact: true }).first().click();
      await signInOnSandboxPage(page, demoAccounts[product]);
      return;
    default:
      return;
  }
}

/** The screen of a snapshot, as the selectors describe it. */
async function expectScreen(page: Page, path: BrowserPath, snapshot: Snapshot, run: Run): Promise<void> {
  const { locale, product } = path.variant;
  const w = words[locale];
  const t = text[locale];
  const view = selectOrderWizardView(snapshot);
  const { context } = snapshot;

  if (snapshot.status === 'done') {
    const number = new RegExp(`^${orderPrefix[product]}-\\d+$`);
    if (view.result?.skipPayment) {
      await expect(page).toHaveURL(new RegExp(`/app/order/confirmation\\?orderNumber=${orderPrefix[product]}-\\d+$`));
      await expect(page.getByTestId('order-number')).toHaveText(number);
    } else {
      await expect(page).toHaveURL(new RegExp(`/app/payment/${orderPrefix[product]}-\\d+$`));
      await expect(page.frameLocator('iframe').getByTestId('order-number')).toHaveText(number);
    }
    return;
  }
  // A quote, registering, signing in, submitting: the sandbox answers at once; the next state is asserted.
  if (view.isQuoting || view.isSubmitting || view.step === undefined) return;

  const step = view.step;
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}$`));
  // The start-month dialog is modal: the step behind it is hidden from assistive technology.
  const dialog = startMonthDialog(page, path);
  if (view.startMonthWarning) {
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: w.startMonthConfirm })).toBeVisible();
    return;
  }
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(path, step), exact: true })).toBeVisible();
  await expect(page.getByText(w.progress(view.stepNumber, view.stepCount, w.stepTitle[step]), { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: w.progressLabel }).getByRole('listitem')).toHaveText(
    view.steps.map((id) => new RegExp(`${escape(w.stepTitle[id])}$`)),
  );
  await expect(page.getByRole('button', { name: t.back, exact: true })).toHaveCount(view.canGoBack ? 1 : 0);

  switch (step) {
    case 'company':
      if (context.data.company) {
        await expect(page.getByRole('textbox', { name: w.companyId[product === 'seti' ? 'seti' : 'joti'] })).toHaveValue(context.data.company.companyId);
      }
      break;
    case 'startAndTraveler': {
      const shown = shownStartDate(snapshot);
      if (shown) {
        await expect(months(page, path).nth(shown === offeredMonth(product, 0) ? 0 : 1)).toBeChecked();
      } else {
        await expect(months(page, path).first()).toBeAttached();
        for (const month of await months(page, path).all()) await expect(month).not.toBeChecked();
      }
      if (context.data.startAndTraveler && view.offersBookingForOthers) {
        await expect(page.getByRole('radio', { name: w.someoneElse })).toBeChecked({ checked: !context.data.startAndTraveler.isTraveler });
      }
      break;
    }
    case 'billing':
      if (context.data.billing) await expect(page.getByRole('textbox', { name: t.city })).toHaveValue(context.data.billing.city);
      break;
    case 'account': {
      await expect(page.getByText(w.passwordNeededAgain)).toHaveCount(view.error === 'passwordNeededAgain' ? 1 : 0);
      await expect(page.getByText(w.mailAddressAlreadyExists)).toHaveCount(view.error === 'mailAddressAlreadyExists' ? 1 : 0);
      const accountData = context.data.account;
      if (accountData) {
        await expect(page.getByRole('textbox', { name: t.email })).toHaveValue(run.address ?? '');
        await expect(page.getByRole('textbox', { name: t.password, exact: true })).toHaveValue(accountData.password ? demoPassword : '');
      }
      break;
    }
    case 'summary': {
      await expect(page.getByText(w.orderError)).toHaveCount(view.error ? 1 : 0);
      await expect(page.getByRole('button', { name: new RegExp(`^${escape(w.change)}`) })).toHaveCount(view.editableSteps.length);
      const accountPart = page.getByRole('region', { name: w.summaryPart.account, exact: true });
      await expect(accountPart).toHaveCount(view.summary.account ? 1 : 0);
      if (view.summary.account) await expect(accountPart).toContainText(run.address ?? '');
      await expect(page.getByRole('region', { name: w.summaryPart.billing, exact: true })).toContainText(`${billing.street} ${billing.houseNumber}`);
      // Before the order is sent: where the 14-day right of withdrawal is explained (decision 29).
      await expect(page.getByRole('link', { name: w.withdrawalTerms })).toHaveAttribute('href', '/legal/agb#withdrawal');
      if (view.summary.skipPayment) {
        await expect(page.getByText(w.noPayment[product])).toBeVisible();
      } else {
        await expect(page.getByText(view.summary.allowedPaymentMethods?.includes('BANKACCOUNT') ? w.bothMethods : w.cardOnly)).toBeVisible();
      }
      break;
    }
  }
}

/** Counts the portal's register and submit calls (SPEC.md 4.1: register once, submit once). */
function countCalls(page: Page, run: Run): void {
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/v2/auth/register')) run.calls.register += 1;
    if (request.url().endsWith('/api/v3/order/orders/submit')) run.calls.submit += 1;
  });
}

/**
 * Runs one generated path in the browser: opens the wizard as the variant's customer, then for each
 * step does the event's browser action and asserts the screen of the machine's next snapshot. At the
 * end, the register and submit calls are as many as the path entered `registering` and `submitting`
 * (plus the registrations made "elsewhere").
 */
export async function runPath(page: Page, path: BrowserPath, step: <T>(title: string, body: () => Promise<T>) => Promise<T>): Promise<void> {
  const run: Run = { fresh: uniqueEmail(`model-${path.variant.product}`), address: undefined, meanwhile: new Set(), calls: { register: 0, submit: 0 } };
  countCalls(page, run);
  await step('open the wizard', async () => {
    await open(page, path);
    await expectScreen(page, path, path.initial, run);
  });
  for (const modelStep of path.steps) {
    await step(`${eventLabel(modelStep.event)} → ${JSON.stringify(modelStep.after.value)}`, async () => {
      await act(page, path, modelStep, run);
      await expectScreen(page, path, modelStep.after, run);
    });
  }
  const entered = (state: string) => path.steps.filter((modelStep) => modelStep.after.value === state && modelStep.before.value !== state).length;
  expect(run.calls).toEqual({ register: entered('registering') + run.meanwhile.size, submit: entered('submitting') });
}

import { expect, type Page, test } from '@playwright/test';

import { chooseStart, next, text } from './order-steps';

/**
 * Live inspection (decision 15), dev server only: with `?inspect` the portal opens the Stately
 * inspector window and its machines report to it. The test stands in for that window: `window.open`
 * returns a fake whose `postMessage` records what the portal sends, and the fake answers with the
 * inspector's handshake (`@statelyai.connected`), after which @statelyai/inspect sends what it held
 * back and everything that follows. The production build carries none of it (tests/build/bundle.test.ts).
 */

interface Recorded {
  type: string;
  name?: string;
  sessionId: string;
  snapshot?: { value?: unknown; status?: string };
  event?: { type: string };
}

declare global {
  interface Window {
    __inspector: { opened: { url: string; target: string | undefined }[]; messages: Recorded[] };
  }
}

async function fakeInspectorWindow(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__inspector = { opened: [], messages: [] };
    window.open = (url?: string | URL, target?: string) => {
      window.__inspector.opened.push({ url: String(url), target });
      // The real inspector page greets its opener once loaded.
      setTimeout(() => window.postMessage({ type: '@statelyai.connected' }, '*'), 50);
      return { closed: false, postMessage: (message: Recorded) => void window.__inspector.messages.push(message) } as unknown as Window;
    };
  });
}

const recorded = (page: Page) => page.evaluate(() => window.__inspector);

/** The values the actor with this machine id went through, in order. */
async function statesOf(page: Page, machineId: string): Promise<unknown[]> {
  const { messages } = await recorded(page);
  const ids = new Set(messages.filter((m) => m.type === '@xstate.actor' && m.name === machineId).map((m) => m.sessionId));
  return messages.filter((m) => ids.has(m.sessionId) && m.snapshot?.value !== undefined).map((m) => m.snapshot?.value);
}

/** The dev server has no sandbox API: the order wizard's start step gets its two answers here. */
async function fakeOrderApi(page: Page): Promise<void> {
  const today = new Date();
  const months = [0, 1, 2, 3].map((offset) => {
    const first = new Date(Date.UTC(today.getFullYear(), today.getMonth() + offset, 1));
    return first.toISOString().slice(0, 10);
  });
  await page.route('**/api/v1/order/startdates**', (route) => route.fulfill({ json: { start_dates: months } }));
  await page.route('**/api/v1/quotation/quotes/**', (route) =>
    route.fulfill({ json: { customerRealPrice: 63, totalPrice: 63, customerPrice: 63, employerPrice: 0, quoteId: 'quote-inspect' } }),
  );
}

test.describe('live inspection in development', () => {
  test.beforeEach(async ({ page }) => {
    await fakeInspectorWindow(page);
  });

  test('?inspect opens the Stately inspector and the session machine reports to it', async ({ page }) => {
    // A page that starts the session machine as it opens: the start page starts it only when a
    // visitor who may be signed in comes, or with Log in (issue 14).
    await page.goto('/legal/tariff?inspect');
    await expect(page.getByRole('link', { name: 'Ticketportal – zur Startseite' })).toBeVisible();

    await expect.poll(async () => (await recorded(page)).opened).toEqual([{ url: 'https://stately.ai/inspect', target: 'xstateinspector' }]);
    await expect.poll(() => statesOf(page, 'session')).toEqual(expect.arrayContaining(['initializing', 'signedOut']));
    const { messages } = await recorded(page);
    const session = messages.find((m) => m.type === '@xstate.actor' && m.name === 'session');
    expect(session).toBeDefined();
    // Every message is one of the inspector's three kinds, with the library's version on it.
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set(['@xstate.actor', '@xstate.snapshot', '@xstate.event']));
    expect(await page.evaluate(() => window.sessionStorage.getItem('portal.inspect'))).toBe('1');
  });

  test('the tab remembers the flag: the order wizard reports its steps as the customer clicks', async ({ page }) => {
    await fakeOrderApi(page);
    await page.goto('/?inspect');
    await expect.poll(async () => (await recorded(page)).opened.length).toBe(1);

    // A new page load without the flag: the tab's choice still holds.
    await page.goto('/order');
    await expect(page.getByRole('heading', { level: 2, name: 'Startdatum und Reisende' })).toBeVisible();
    await expect.poll(async () => (await recorded(page)).opened.map((o) => o.url)).toEqual(['https://stately.ai/inspect']);
    await expect.poll(() => statesOf(page, 'orderWizard')).toContain('startAndTraveler');
    expect(await statesOf(page, 'orderWizard')).not.toContain('billing');

    await chooseStart(page, 'de-DE');
    await next(page, 'de-DE');
    await expect(page.getByRole('heading', { level: 2, name: text['de-DE'].billingTitle })).toBeVisible();

    await expect.poll(() => statesOf(page, 'orderWizard')).toContain('billing');
    const { messages } = await recorded(page);
    const stepNext = messages.find((m) => m.type === '@xstate.event' && m.event?.type === 'step.next');
    expect(stepNext).toBeDefined();
  });

  test('?inspect=0 turns it off for the tab', async ({ page }) => {
    await page.goto('/?inspect');
    await expect.poll(async () => (await recorded(page)).opened.length).toBe(1);
    await page.goto('/?inspect=0');
    await expect(page.getByRole('link', { name: 'Ticketportal – zur Startseite' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Ticketportal – zur Startseite' })).toBeVisible();
    // A late inspector window would have opened by now.
    await page.waitForTimeout(500);
    expect(await recorded(page)).toEqual({ opened: [], messages: [] });
    expect(await page.evaluate(() => window.sessionStorage.getItem('portal.inspect'))).toBe('0');
  });

  test('without the flag nothing is opened and nothing is posted', async ({ page }) => {
    await fakeOrderApi(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Ticketportal – zur Startseite' })).toBeVisible();
    await page.goto('/order');
    await expect(page.getByRole('heading', { level: 2, name: 'Startdatum und Reisende' })).toBeVisible();
    await chooseStart(page, 'de-DE');
    await next(page, 'de-DE');
    await expect(page.getByRole('heading', { level: 2, name: text['de-DE'].billingTitle })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await recorded(page)).toEqual({ opened: [], messages: [] });
    expect(await page.evaluate(() => window.sessionStorage.getItem('portal.inspect'))).toBeNull();
  });
});

import { expect, type Locator, type Page } from '@playwright/test';

import type { Mail } from '#sandbox/outbox';

/**
 * The browser tests' helpers, one import for a spec: `import { signIn, tabTo, ... } from './support'`.
 * Signing in and the sandbox's test customers (session.ts), axe and contrast (axe.ts) and held
 * chunks (chunks.ts) keep their files and are re-exported here; the keyboard, language and outbox
 * helpers live here. The order wizard's step helpers stay in order-steps.ts (one flow's).
 */
export * from './axe';
export * from './chunks';
export * from './session';

export type Locale = 'de-DE' | 'en-US';

/** Remembers a language for the next page load, as the header's switch does (on a page already open). */
export async function rememberLocale(page: Page, locale: Locale): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('portal.locale', value), locale);
}

/** Opens a page with a remembered locale, as a returning customer would have it. */
export async function gotoInLocale(page: Page, url: string, locale: Locale): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('portal.locale', value), locale);
  await page.goto(url);
}

/** More than any page has stops: a target not reached by then is not in the Tab order. */
const maxTabPresses = 200;

/**
 * Keyboard only: presses Tab (or Shift+Tab) until `target` has the focus; nothing when it has it
 * already. Waits for the target to be shown first, as a customer would; fails naming the target
 * and where the focus ended when it is not reached.
 */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target, `${key} to ${target.toString()}: it is not shown`).toBeVisible();
  for (let presses = 0; ; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    if (presses === maxTabPresses) break;
    await page.keyboard.press(key);
  }
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page itself';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}> "${name}"`;
  });
  throw new Error(`${key} did not reach ${target.toString()} in ${maxTabPresses} presses; the focus is on ${focused}`);
}

/** Keyboard only: Tab to the element, then press Enter on it (a link or a button, as a customer would). */
export async function pressEnterOn(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Keyboard only: Tab to a text field, replace what it holds with `value`, check it took it. */
export async function typeInto(page: Page, field: Locator, value: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
  await expect(field).toHaveValue(value);
}

/** An order or subscription on My tickets, by the number its heading ends with. */
export function orderItem(page: Page, orderNumber: string): Locator {
  return page.getByTestId('order-item').filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`${orderNumber}$`) }) });
}

/** An address nobody has yet. */
export function uniqueEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The mails the sandbox "sent" to an address, newest first (sandbox/outbox.ts). */
export async function outboxOf(page: Page, email: string): Promise<Mail[]> {
  const response = await page.request.get(`/__sandbox/outbox?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Mail[];
}

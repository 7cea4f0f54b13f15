import { expect, type Locator, type Page } from '@playwright/test';

import { tabTo } from '../support';

/**
 * Keyboard only, the shorter way: Tab to a target after the focus, Shift+Tab to one before it (a
 * retry above the button that failed, a select above the dialog's trigger). `tabTo` alone goes
 * forward round the whole page, footer included, which costs a tour seconds.
 */
export async function tabToNearby(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const before = await target.evaluate((element) => {
    const focused = document.activeElement;
    return focused !== null && focused !== document.body && (focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  });
  await tabTo(page, target, before ? 'Shift+Tab' : 'Tab');
}

/** Keyboard only: to the target the shorter way (`tabToNearby`), then Enter. */
export async function pressEnterNearby(page: Page, target: Locator): Promise<void> {
  await tabToNearby(page, target);
  await page.keyboard.press('Enter');
}

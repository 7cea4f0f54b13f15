import { expect, type Page } from '@playwright/test';

import type { Locale } from '../support';
import type { Undo } from './run';

/**
 * The guessing limits' refusal in the browser tours (decision 28), one place for the flows whose
 * calls the sandbox answers 429 after too many wrong tries (change password, delete account, change
 * email). The sandbox's own limit is reached only after five wrong tries and lasts 15 minutes (its
 * Vitest tests in tests/sandbox/guessing-limits.test.ts reach it for real); a tour makes the answer
 * in the page's network instead, as the sandbox gives it: 429 `tooManyAttempts` with Retry-After.
 */

const retryAfterSeconds = 900;

/** The next calls of one method and path answer 429 with Retry-After (15 minutes), until undone. */
export async function refuseCalls(page: Page, method: string, path: string): Promise<Undo> {
  const url = `**${path}`;
  await page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({
          status: 429,
          headers: { 'Retry-After': String(retryAfterSeconds) },
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 429, code: 'tooManyAttempts', title: 'Too many failed attempts' }),
        })
      : route.fallback(),
  );
  return () => page.unroute(url);
}

const texts = {
  'de-DE': { title: 'Zu viele erfolglose Versuche', wait: 'Bitte versuchen Sie es in 15 Minuten erneut.' },
  'en-US': { title: 'Too many unsuccessful attempts', wait: 'Please try again in 15 minutes.' },
};

/** The alert is there (with the wait the Retry-After named) exactly when the view says so. */
export async function expectTooManyAttempts(page: Page, locale: Locale, shown: boolean): Promise<void> {
  const words = texts[locale];
  await expect(page.getByRole('heading', { level: 2, name: words.title })).toHaveCount(shown ? 1 : 0);
  if (shown) await expect(page.getByRole('alert').filter({ hasText: words.wait })).toBeVisible();
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, as every screen must pass (DEVELOPERS.md, DESIGN.md section 6). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  // react-aria's live announcer (a visually hidden role="log" region it appends to <body>) can keep
  // an announcement of a field from the previous step whose label is gone; it is react-aria's
  // region, not a part of our page.
  let builder = new AxeBuilder({ page }).withTags(wcagTags).exclude('[role="log"][aria-relevant="additions"]');
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
}

/** Opens a page with a remembered locale, as a returning customer would have it. */
export async function gotoInLocale(page: Page, url: string, locale: 'de-DE' | 'en-US'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('portal.locale', value), locale);
  await page.goto(url);
}

import { expect, test } from '@playwright/test';

import { expectNoAxeViolations, gotoInLocale, holdChunk, signInOverHttp } from './support';
import { intlWarmupWorkerFile } from '../scripts/page-files';

test.describe('languages', () => {
  test('German is the default, whatever the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Ticket für ganz Deutschland');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await context.close();
  });

  test('the switch changes the language, <html lang> follows, and the choice is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('radio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your ticket for all of Germany');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your ticket for all of Germany');
    await page.getByRole('radio', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Ticket für ganz Deutschland');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  });

  test('English chosen on the prerendered start page before the app has taken it over is kept', async ({ page }) => {
    // The app's code held back: only the prerendered markup is there, its switch the browser's own.
    const entry = await holdChunk(page, 'index.html');
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('[data-prerendered] h1')).toHaveText('Ihr Ticket für ganz Deutschland');
    await page.getByRole('radio', { name: 'English' }).click();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    entry.release();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your ticket for all of Germany');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your ticket for all of Germany');
  });

  test('the language switch works with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    // A radio group: Tab reaches the selected language, the arrow keys move, Space selects.
    const deutsch = page.getByRole('radio', { name: 'Deutsch' });
    for (let i = 0; i < 10 && !(await deutsch.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(deutsch).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your ticket for all of Germany');
  });
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test.describe(`pages in ${locale}`, () => {
    test('start page is axe-clean', async ({ page }) => {
      await gotoInLocale(page, '/', locale);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('an unknown path shows the 404 page with a way back', async ({ page }) => {
      await gotoInLocale(page, '/no/such/page', locale);
      const title = locale === 'de-DE' ? 'Seite nicht gefunden' : 'Page not found';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: locale === 'de-DE' ? 'Zurück zur Startseite' : 'Back to the start page' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('the maintenance page is axe-clean', async ({ page }) => {
      await gotoInLocale(page, '/maintenance', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'de-DE' ? 'Wir warten das Portal' : 'We are doing maintenance');
      await expectNoAxeViolations(page);
    });
  });
}

test('a bad config.json gives a clear error page, not a blank screen', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"apiBaseUrl": 42}' }));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Das Portal ist nicht richtig eingerichtet');
  await expect(page.getByTestId('config-problems')).toContainText('apiBaseUrl');
  await expectNoAxeViolations(page);
});

test('the design-system gallery is not part of the production build', async ({ page }) => {
  await page.goto('/dev/components');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
});

test('the start page shows the product and its price from the API in both languages', async ({ page }) => {
  // The page's guard starts the worker that loads the browser's Intl data beside the main thread
  // for the price's formatter (src/start-up/intl-warmup.ts): the CSP lets it run.
  const warmup = page.waitForEvent('worker', {
    predicate: (worker) => intlWarmupWorkerFile.test(new URL(worker.url()).pathname.replace(/^\/assets\//, '')),
    timeout: 15_000,
  });
  await page.goto('/');
  await warmup;
  await expect(page.getByTestId('start-price')).toHaveText('63,00\u00a0€ im Monat, monatlich kündbar');
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByTestId('start-price')).toHaveText('€63.00 a month, cancellable monthly');
});

test('before the app has run, the prerendered start page shows at / in German, the first step at /order, and nowhere else', async ({ page }) => {
  // The app's scripts never arrive: what shows is index.html, its guard and its stylesheet alone
  // (src/start-up/prerender-guard.ts, allowed by its hash in the CSP the server sends).
  const violations: string[] = [];
  page.on('console', (message) => void (message.text().includes('Content Security Policy') && violations.push(message.text())));
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Ticket für ganz Deutschland');
  await expect(page.getByRole('link', { name: 'Jetzt bestellen' })).toHaveAttribute('href', '/order');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // A visitor's header offers Log in from the start; one who may be signed in (the expiry cookie)
  // does not see it before the app shows their own buttons.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await page.context().addCookies([{ name: 'jwt_expires_at', value: '1900000000', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Ticket für ganz Deutschland');
  await expect(page.locator('[data-sign-in]')).toBeHidden();
  await page.context().clearCookies();
  // index.html is the answer for every path: elsewhere the start page would be the wrong page.
  await page.goto('/legal/agb');
  await expect(page.locator('[data-prerendered]')).toBeAttached();
  await expect(page.getByRole('heading')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  // A visitor who chose English does not see the German page first.
  await gotoInLocale(page, '/', 'en-US');
  await expect(page.locator('[data-prerendered]')).toBeAttached();
  await expect(page.getByRole('heading')).toHaveCount(0);
  // /order is order.html: the wizard's first step, which cannot be filled in before the app has
  // taken it over (inert: out of the accessibility tree, not clickable).
  await gotoInLocale(page, '/order', 'de-DE');
  await expect(page.locator('h1')).toHaveText('Ticket bestellen');
  await expect(page.locator('h2', { hasText: 'Startdatum und Reisende' })).toBeVisible();
  await expect(page.locator('main[inert]')).toContainText('Die möglichen Startmonate werden geladen …');
  const other = page.locator('main input[type="radio"][value="other"]');
  const box = (await page.locator('main label', { hasText: 'Eine andere Person' }).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.locator('main input[type="radio"][value="self"]')).toBeChecked();
  await expect(other).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/legal/agb');
  // With a step in the query the app shows another step: nothing first.
  await page.goto('/order?step=billing');
  await expect(page.locator('[data-prerendered]')).toBeAttached();
  await expect(page.locator('h1')).toBeHidden();
  expect(violations).toEqual([]);
});

test('the prerendered first step of /order stays until the app shows it, and the app’s step then takes input', async ({ page }) => {
  // Whether #root was ever without a page heading once the HTML was parsed (the app renders after
  // that, once config.json has come): a blank moment between the prerendered page and the app's.
  await page.addInitScript(() => {
    const flags = window as unknown as { blankRoot?: boolean };
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        if (!document.querySelector('#root h1')) flags.blankRoot = true;
      }).observe(document.getElementById('root')!, { childList: true, subtree: true });
    });
  });
  const step = await holdChunk(page, 'src/flows/order-wizard/steps/start-traveler-step.tsx');
  const config = page.waitForResponse((response) => response.url().endsWith('/config.json'));
  await page.goto('/order');
  await expect.poll(step.requested).toBe(true);
  // The app's code has come, only the first step's has not: the prerendered page is still there.
  await config;
  await expect(page.locator('[data-prerendered] main[inert] h1')).toHaveText('Ticket bestellen');
  step.release();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ticket bestellen');
  await page.getByRole('radio', { name: 'Eine andere Person' }).check({ force: true });
  await expect(page.getByRole('textbox', { name: 'Vorname der reisenden Person' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { blankRoot?: boolean }).blankRoot ?? false)).toBe(false);
});

for (const locale of ['de-DE', 'en-US'] as const) {
  test(`the legal pages have structure and are axe-clean in ${locale}`, async ({ page }) => {
    for (const path of ['/legal/tariff', '/legal/agb', '/legal/privacy-policy', '/legal/accessibility', '/legal/imprint', '/contact']) {
      await test.step(path, async () => {
        await gotoInLocale(page, path, locale);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(3);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('the footer links the accessibility statement, and its logo links open in a new tab', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Barrierefreiheit' })).toHaveAttribute('href', '/legal/accessibility');
  const logoLinks = footer.getByRole('list', { name: 'Partner' }).getByRole('link');
  expect(await logoLinks.count()).toBeGreaterThan(0);
  for (const link of await logoLinks.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('every footer link leads somewhere: portal paths to a page, external ones to their https URL in a new tab', async ({ page, context }) => {
  // On a page below the root, where a router that resolves a URL as a path would show it most.
  await page.goto('/legal/agb');
  const links = page.getByRole('contentinfo').getByRole('link');
  await expect(links.last()).toBeVisible();
  expect(await links.count()).toBeGreaterThan(4);
  const internal: string[] = [];
  for (const link of await links.all()) {
    const href = (await link.getAttribute('href')) ?? '';
    const name = await link.innerText();
    if ((await link.getAttribute('target')) === '_blank') {
      // External: the partner's own https URL, opened without access to this window.
      expect(href, name).toMatch(/^https:\/\/[^/]/);
      await expect(link, name).toHaveAttribute('rel', /\bnoopener\b/);
    } else {
      expect(href, name).toMatch(/^\/(?!\/)/);
      internal.push(href);
    }
  }
  expect(internal).toEqual(expect.arrayContaining(['/legal/accessibility', '/legal/imprint', '/contact']));

  // A click on an external link opens its URL in a new tab (answered here, not from the internet).
  await context.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title><h1>Partner</h1>' }));
  const popupPromise = page.waitForEvent('popup');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /Hilfe \(extern\)/ })
    .click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL('https://example.com/hilfe');
  await popup.close();

  for (const href of internal) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 }), href).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }), href).not.toHaveText('Seite nicht gefunden');
  }
});

test('a navigation moves focus to the new page heading', async ({ page }) => {
  await page.goto('/legal/tariff');
  await page.getByRole('contentinfo').getByRole('link', { name: 'AGB' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Allgemeine Geschäftsbedingungen');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('on a phone, the signed-in header keeps its height while the customer’s buttons load: the page below does not move', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signInOverHttp(page, 'deuti@example.com');
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value))).observe({
      type: 'layout-shift',
      buffered: true,
    });
  });
  const buttons = await holdChunk(page, 'src/routes/-shell/session-buttons.tsx');
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Übersicht' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
  expect(buttons.requested()).toBe(true);
  buttons.release();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mein Portal' })).toHaveAttribute('href', '/app/dashboard');
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
});

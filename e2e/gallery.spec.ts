import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * The design-system gallery (`/dev/components`, dev server only): every component in every
 * state must be axe-clean under WCAG 2.2 AA in both languages, also with overlays open, and the
 * page must be usable with the keyboard.
 */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const locales = {
  'de-DE': {
    title: 'Komponentengalerie',
    switchName: 'Deutsch',
    firstButton: 'Primär',
    openDialog: 'E-Mail-Adresse ändern',
    dialogTitle: 'Ihre E-Mail-Adresse ändern',
    close: 'Schließen',
    openDestructive: 'Abo kündigen',
    destructiveTitle: 'Möchten Sie Ihr Abo kündigen?',
    keep: 'Abo behalten',
    startDate: 'Startdatum',
    calendar: 'Kalender',
    station: 'Heimathaltestelle',
    popover: 'Was kostet es?',
    popoverTitle: 'Preis',
  },
  'en-US': {
    title: 'Component gallery',
    switchName: 'English',
    firstButton: 'Primary',
    openDialog: 'Change email address',
    dialogTitle: 'Change your email address',
    close: 'Close',
    openDestructive: 'End subscription',
    destructiveTitle: 'End your subscription?',
    keep: 'Keep subscription',
    startDate: 'Start date',
    calendar: 'Calendar',
    station: 'Home station',
    popover: 'What does it cost?',
    popoverTitle: 'Price',
  },
} as const;

type Locale = keyof typeof locales;

async function expectAxeClean(page: Page, what: string, disabledRules: string[] = []): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode(true).disableRules(disabledRules).analyze(); // legacy mode: see expectNoAxeViolations
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`)
        .join('\n')}`,
  );
  if (report.length > 0) console.log(`axe violations, ${what}:\n${report.join('\n')}`);
  expect(report, `axe violations, ${what}`).toEqual([]);
}

async function openGallery(page: Page, locale: Locale): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('portal.locale', value), locale);
  await page.goto('/dev/components');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(locales[locale].title);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/**
 * One page load: the gallery compiles in the dev server on first request, so each state is reached
 * from the page already open (issue 10: the browser part's budget). In German only: the gallery is
 * the developers' page, not a customer's; the components' English texts are the customer screens'
 * (their browser tests alternate the languages), and the switch is the test below.
 */
for (const locale of ['de-DE'] as Locale[]) {
  const text = locales[locale];

  test(`gallery in ${locale}: one page heading; the page, its dialogs and its popovers are axe-clean`, async ({ page }) => {
    await openGallery(page, locale);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1[data-page-heading][tabindex="-1"]')).toHaveCount(1);
    await expectAxeClean(page, `gallery ${locale}`);

    await test.step('the modal dialog traps focus and closes back to its trigger', async () => {
      const trigger = page.getByRole('button', { name: text.openDialog });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: text.dialogTitle });
      await expect(dialog).toBeVisible();
      await expectAxeClean(page, `dialog ${locale}`);
      await dialog.getByRole('button', { name: text.close }).click();
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });

    await test.step('the destructive alert dialog starts on the safe choice', async () => {
      await page.getByRole('button', { name: text.openDestructive }).click();
      const dialog = page.getByRole('alertdialog', { name: text.destructiveTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: text.keep })).toBeFocused();
      await expectAxeClean(page, `alert dialog ${locale}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('the calendar, the combo box list and the info popover', async () => {
      await page
        .getByRole('button', { name: new RegExp(text.calendar) })
        .first()
        .click();
      await expect(page.getByRole('grid')).toBeVisible();
      await expectAxeClean(page, `calendar ${locale}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('grid')).toBeHidden();

      await page.getByRole('combobox', { name: text.station }).first().click();
      await page.keyboard.type('Ber');
      await expect(page.getByRole('listbox')).toBeVisible();
      await expect(page.getByRole('option')).toHaveCount(3);
      // While its list is open, react-aria's ComboBox hides everything else from screen readers
      // with aria-hidden (not inert, so a pointer can still leave the field), by design:
      // https://github.com/adobe/react-spectrum/issues/4937. Tab closes the list first, so no hidden
      // element gets focus. Only that one rule is skipped, only for this state.
      await expectAxeClean(page, `combo box list ${locale}`, ['aria-hidden-focus']);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: text.popover }).click();
      await expect(page.getByRole('dialog', { name: text.popoverTitle })).toBeVisible();
      await expectAxeClean(page, `popover ${locale}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: text.popoverTitle })).toBeHidden();
    });
  });
}

test('Tab reaches the first button and shows its focus ring; the language switch changes the gallery and <html lang>', async ({ page }) => {
  await openGallery(page, 'de-DE');
  await page.locator('h1').focus();
  await page.keyboard.press('Tab');
  const first = page.getByRole('button', { name: locales['de-DE'].firstButton, exact: true }).first();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('data-focus-visible', 'true');
  const outline = await first.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);

  const switchTo = (name: string) => page.getByRole('radio', { name }).or(page.getByRole('button', { name, exact: true }));
  await switchTo(locales['en-US'].switchName).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(locales['en-US'].title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expectAxeClean(page, 'gallery after switching to en-US');
  await switchTo(locales['de-DE'].switchName).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(locales['de-DE'].title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
});

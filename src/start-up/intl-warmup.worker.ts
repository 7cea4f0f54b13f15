/**
 * Makes the portal's Intl formatters once and ends (./intl-warmup.ts): the browser loads its
 * locale data for them, for the whole process, the page's main thread included. What it makes is
 * what the first pages use: react-aria's check of the browser's language (`supportedLocalesOf`,
 * when its module loads), the prices, dates and months of ./format.ts and Lingui's plural rules,
 * in both languages.
 */
import { formatDate, formatMonth, formatPrice } from '#src/i18n/format';
import { locales } from '#src/i18n/locales';

Intl.DateTimeFormat.supportedLocalesOf([...locales]);
for (const locale of locales) {
  formatPrice(1, locale);
  formatDate('2026-01-01', locale);
  formatMonth('2026-01-01', locale);
  new Intl.PluralRules(locale).select(1);
}
self.close();

import type { Locale } from './locales';

/**
 * Formatters made once per locale and kind: making an `Intl` formatter costs far more than
 * formatting with it, and a render formats many values (the start step's months on each render).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => Format): Format {
  let made = formatters.get(key) as Format | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/**
 * Prices: two decimals and the euro sign; comma in German, dot in English (SPEC.md section 9).
 * `Intl` does the locale-specific part, so "63,00 €" and "€63.00".
 */
export function formatPrice(amount: number, locale: Locale): string {
  return formatter(
    `price ${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).format(amount);
}

/** A calendar date as each locale writes it: 01.03.2027 and 03/01/2027. */
export function formatDate(date: Date | string, locale: Locale): string {
  const value = typeof date === 'string' ? parseIsoDate(date) : date;
  return formatter(
    `date ${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  ).format(value);
}

/** A month and year, as a ticket's validity is named: "März 2027", "March 2027". */
export function formatMonth(date: Date | string, locale: Locale): string {
  const value = typeof date === 'string' ? parseIsoDate(date) : date;
  return formatter(`month ${locale}`, () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(value);
}

/** A moment in the browser's time zone, to the minute: "28.11.2026, 14:05" and "11/28/2026, 2:05 PM" (when a kept ticket was read). */
export function formatDateTime(moment: Date | string, locale: Locale): string {
  const value = typeof moment === 'string' ? new Date(moment) : moment;
  return formatter(`dateTime ${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(value);
}

/** `YYYY-MM-DD` (or a full ISO timestamp) as a UTC date, so no time zone shifts the day. */
function parseIsoDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Date(value);
}

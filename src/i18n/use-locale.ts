import { useLingui } from '@lingui/react';

import { type Locale, localeOf } from './locales';

/**
 * The locale the portal shows now (SPEC.md 1), for formatting dates, months and prices: a
 * component that reads it renders again when the customer switches the language.
 */
export function useLocale(): Locale {
  return localeOf(useLingui().i18n);
}

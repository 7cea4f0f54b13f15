/**
 * The portal speaks de-DE (default) and en-US. The browser language is never consulted
 * (SPEC.md section 1): the customer's choice is a visible switch, remembered in localStorage.
 */
export const locales = ['de-DE', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'de-DE';

export const storageKey = 'portal.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The locale a Lingui instance shows, the default while it has none the portal speaks (before the
 * first activation). For code outside React; a component reads `useLocale()` (./use-locale).
 */
export function localeOf(i18n: { locale: string }): Locale {
  return isLocale(i18n.locale) ? i18n.locale : defaultLocale;
}

/** The remembered choice, else the default. Never the browser's language. */
export function readStoredLocale(storage: Pick<Storage, 'getItem'> | undefined): Locale {
  try {
    const stored = storage?.getItem(storageKey);
    return isLocale(stored) ? stored : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

export function storeLocale(storage: Pick<Storage, 'setItem'> | undefined, locale: Locale): void {
  try {
    storage?.setItem(storageKey, locale);
  } catch {
    // Storage may be disabled (private mode); the choice then lasts for this page only.
  }
}

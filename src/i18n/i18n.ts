import { i18n, type Messages } from '@lingui/core';

import { type Locale, readStoredLocale, storeLocale } from './locales';

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'de-DE': () => import('../../locales/de-DE/messages.po'),
  'en-US': () => import('../../locales/en-US/messages.po'),
};

/** Loads the catalog, activates it and makes `<html lang>` follow. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** Activates the locale the customer chose before (or de-DE). */
export async function activateInitialLocale(): Promise<Locale> {
  const locale = readStoredLocale(window.localStorage);
  await activateLocale(locale);
  return locale;
}

/** The language switch: activate and remember. */
export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  storeLocale(window.localStorage, locale);
}

export { i18n };

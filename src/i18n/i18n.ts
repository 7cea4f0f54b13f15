import { i18n, type Messages } from '@lingui/core';

import { type Locale, readStoredLocale, storeLocale } from './locales';

/**
 * Each catalog comes in two parts (tools/vite/catalog-parts.ts): the start page's texts and the
 * frame's (`start`), and the rest. The start page needs only the first; every other page awaits
 * both (routes/__root.tsx), and the start page fetches the rest once it has painted.
 */
type Part = 'start' | 'rest';

const catalogs: Record<Locale, Record<Part, () => Promise<{ messages: Messages }>>> = {
  'de-DE': { start: () => import('../../locales/de-DE/messages.po?part=start'), rest: () => import('../../locales/de-DE/messages.po?part=rest') },
  'en-US': { start: () => import('../../locales/en-US/messages.po?part=start'), rest: () => import('../../locales/en-US/messages.po?part=rest') },
};

const loading = new Map<string, Promise<void>>();

/** Loads parts of a locale's catalog into Lingui, each once; the active locale re-renders with them. */
function loadParts(locale: Locale, parts: readonly Part[]): Promise<unknown> {
  return Promise.all(
    parts.map((part) => {
      const key = `${locale}/${part}`;
      let load = loading.get(key);
      if (!load) {
        load = catalogs[locale][part]().then(
          ({ messages }) => i18n.load(locale, messages),
          (error: unknown) => {
            // A failed download may succeed on the next navigation.
            loading.delete(key);
            throw error;
          },
        );
        loading.set(key, load);
      }
      return load;
    }),
  );
}

/** Loads the catalog (both parts unless told otherwise), activates it and makes `<html lang>` follow. */
export async function activateLocale(locale: Locale, parts: readonly Part[] = ['start', 'rest']): Promise<void> {
  await loadParts(locale, parts);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Activates the locale the customer chose before (or de-DE): on the start page with its part only. */
export async function activateInitialLocale(): Promise<Locale> {
  const locale = readStoredLocale(window.localStorage);
  await activateLocale(locale, window.location.pathname === '/' ? ['start'] : ['start', 'rest']);
  return locale;
}

/** The whole catalog of the active locale: what every page but the start page awaits. */
export function loadWholeCatalog(): Promise<unknown> {
  return loadParts(i18n.locale as Locale, ['start', 'rest']);
}

/** The language switch: activate and remember. */
export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  storeLocale(window.localStorage, locale);
}

export { i18n };

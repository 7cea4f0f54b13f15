import { i18n, type Messages } from '@lingui/core';

import { type Locale, localeOf, readStoredLocale, storeLocale } from './locales';

/**
 * Each catalog comes in three parts (src/start-up/catalog-parts.ts): the start page's texts and the
 * frame's (`start`), the public order page's (`order`), and the rest. The start page needs only the
 * first, /order the first two; every other page awaits all three (routes/__root.tsx), and the start
 * page fetches them once it has painted.
 */
type Part = 'start' | 'order' | 'rest';

const allParts: readonly Part[] = ['start', 'order', 'rest'];

const catalogs: Record<Locale, Record<Part, () => Promise<{ messages: Messages }>>> = {
  'de-DE': {
    start: () => import('../../locales/de-DE/messages.po?part=start'),
    order: () => import('../../locales/de-DE/messages.po?part=order'),
    rest: () => import('../../locales/de-DE/messages.po?part=rest'),
  },
  'en-US': {
    start: () => import('../../locales/en-US/messages.po?part=start'),
    order: () => import('../../locales/en-US/messages.po?part=order'),
    rest: () => import('../../locales/en-US/messages.po?part=rest'),
  },
};

/** The parts a page at `pathname` waits for before it renders. */
export function partsFor(pathname: string): readonly Part[] {
  if (pathname === '/') return ['start'];
  return pathname === '/order' ? ['start', 'order'] : allParts;
}

const loading = new Map<string, Promise<void>>();

/**
 * A part's messages into Lingui. Into the active locale's catalog without Lingui's `change` event:
 * that event renders every text on screen again, at once (React cannot slice an external store's
 * update: 20 to 50 ms unthrottled on /order when the rest of the catalog came, issue 14), and no
 * text on screen needs the new messages, since a page renders only once its parts are there
 * (routes/__root.tsx). A locale not active yet is loaded as usual; activating it renders.
 */
function addMessages(locale: Locale, messages: Messages): void {
  // `i18n.messages` is the active locale's catalog object itself, which Lingui reads each text from
  // (tests/i18n/catalog-loading.test.ts checks that it still is).
  if (locale === i18n.locale && Object.keys(i18n.messages).length > 0) Object.assign(i18n.messages, messages);
  else i18n.load(locale, messages);
}

/** Loads parts of a locale's catalog into Lingui, each once. */
function loadParts(locale: Locale, parts: readonly Part[]): Promise<unknown> {
  return Promise.all(
    parts.map((part) => {
      const key = `${locale}/${part}`;
      let load = loading.get(key);
      if (!load) {
        load = catalogs[locale][part]().then(
          ({ messages }) => addMessages(locale, messages),
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

/** Loads the catalog (every part unless told otherwise), activates it and makes `<html lang>` follow. */
export async function activateLocale(locale: Locale, parts: readonly Part[] = allParts): Promise<void> {
  await loadParts(locale, parts);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Activates the locale the customer chose before (or de-DE), with the parts the opening page waits for. */
export async function activateInitialLocale(): Promise<Locale> {
  const locale = readStoredLocale(window.localStorage);
  await activateLocale(locale, partsFor(window.location.pathname));
  return locale;
}

/** The parts of the active locale's catalog a page at `pathname` waits for (every page but the start page: routes/__root.tsx). */
export function loadCatalogFor(pathname: string): Promise<unknown> {
  return loadParts(localeOf(i18n), partsFor(pathname));
}

/** The whole catalog of the active locale: what the start page fetches once painted. */
export function loadWholeCatalog(): Promise<unknown> {
  return loadParts(localeOf(i18n), allParts);
}

/** The language switch: activate (with the parts the page on screen waits for) and remember. */
export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale, partsFor(window.location.pathname));
  storeLocale(window.localStorage, locale);
}

export { i18n };

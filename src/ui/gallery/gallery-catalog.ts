import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';

/** The gallery's own texts (locales/<locale>/gallery.po), kept out of the portal's shipped catalog. */
const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  'de-DE': () => import('../../../locales/de-DE/gallery.po'),
  'en-US': () => import('../../../locales/en-US/gallery.po'),
};

async function loadInto(i18n: I18n, locale: string): Promise<void> {
  const load = catalogs[locale];
  if (load) i18n.load(locale, (await load()).messages);
}

/** Loads the gallery catalog of the active locale (again after each language switch); true once loaded. */
export function useGalleryCatalog(): boolean {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  // Loading a catalog re-renders the provider with a new context value; only the locale restarts it.
  const i18nRef = useRef(i18n);
  useEffect(() => {
    i18nRef.current = i18n;
  });
  const [loadedLocale, setLoadedLocale] = useState<string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadInto(i18nRef.current, locale).then(() => {
      if (current) setLoadedLocale(locale);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return loadedLocale === locale;
}

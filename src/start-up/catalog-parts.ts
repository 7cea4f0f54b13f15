import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The catalog in three parts (issue 14): `start` holds the texts of the start page and the frame
 * around every page (header, footer, language switch, session buttons, the 404 and config error
 * pages); `order` those of the public order page (/order: the wizard, the form kit, the design
 * system, the shared messages of src/i18n/ and the shell) that are not in `start`; `rest` everything
 * else. The start page loads its part, /order the start and order parts, every other page all three
 * (src/i18n/i18n.ts `partsFor`, routes/__root.tsx). Translators keep one catalog per language: the
 * split is made at build time from the origins the extractor writes into the .po file (`#: src/…`).
 *
 * The build checks the lists (scripts/catalog-parts-check.ts, run by scripts/prerender.ts): it fails,
 * naming the text, when the start page's code uses a message id the start part lacks, or the order
 * page's code one that neither the start nor the order part has.
 */
export const startPartFiles: readonly string[] = [
  'src/config/',
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/routes/-shell/portal-layout.tsx',
  'src/routes/-shell/language-switch.tsx',
  'src/routes/-shell/not-found-page.tsx',
  'src/routes/-shell/session-buttons.tsx',
  'src/routes/-shell/sign-in-button.tsx',
  'src/ui/hero-banner.tsx',
  'src/ui/link.tsx',
];

/** Files and folders whose texts /order can show (beyond the start part's); the build finds one missing. */
export const orderPartFiles: readonly string[] = [
  'src/flows/order-wizard/',
  'src/forms/',
  'src/i18n/',
  'src/routes/-shell/',
  'src/routes/order.tsx',
  'src/ui/',
];

export type CatalogPart = 'start' | 'order' | 'rest';

const isAmong = (files: readonly string[], origin: string) => files.some((file) => (file.endsWith('/') ? origin.startsWith(file) : origin === file));

/** Whether a message belongs to the start part: one of its origins is a start file. */
export function inStartPart(origins: readonly string[]): boolean {
  return origins.some((origin) => isAmong(startPartFiles, origin));
}

/** The part a message belongs to: start before order before rest, by where it is used. */
export function partOf(origins: readonly string[]): CatalogPart {
  if (inStartPart(origins)) return 'start';
  return origins.some((origin) => isAmong(orderPartFiles, origin)) ? 'order' : 'rest';
}

const partId = /\.po\?part=(start|order|rest)$/;

/** Compiles `locales/<locale>/messages.po?part=start|order|rest` as the Lingui plugin compiles the whole `.po`. */
export function catalogParts(): Plugin {
  let config: ReturnType<typeof getConfig>;
  return {
    name: 'portal:catalog-parts',
    enforce: 'pre',
    configResolved() {
      config = getConfig();
    },
    transform: {
      filter: { id: partId },
      async handler(_source, id) {
        const part = partId.exec(id)?.[1] as CatalogPart | undefined;
        if (!part) return undefined;
        const file = id.split('?')[0]!;
        const found = getCatalogForFile(path.relative(config.rootDir, file), await getCatalogs(config));
        if (!found) throw new Error(`${file} is none of lingui.config.ts's catalogs`);
        const { locale, catalog } = found;
        this.addWatchFile(file);
        const [{ messages }, extracted] = await Promise.all([
          catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales, sourceLocale: config.sourceLocale }),
          catalog.read(locale),
        ]);
        const originsOf = (messageId: string) => (extracted?.[messageId]?.origin ?? []).map(([origin]) => origin.replaceAll('\\', '/'));
        const wanted = Object.fromEntries(Object.entries(messages).filter(([messageId]) => partOf(originsOf(messageId)) === part));
        const { source, errors } = createCompiledCatalog(locale, wanted, { namespace: 'es' });
        if (errors.length > 0) throw new Error(`${file} (${part}): ${errors.map((error) => `${error.id}: ${error.error.message}`).join('; ')}`);
        return { code: source, map: null, moduleType: 'js' };
      },
    },
  };
}

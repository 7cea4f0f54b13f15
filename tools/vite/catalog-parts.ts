import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The catalog in two parts (issue 14): `start` holds the texts of the start page and the frame
 * around every page (header, footer, language switch, session buttons, the 404 and config error
 * pages); `rest` holds everything else. The start page loads only its part; every other page awaits both
 * (src/i18n/i18n.ts, routes/__root.tsx). Translators keep one catalog per language: the split is
 * made at build time from the origins the extractor writes into the .po file (`#: src/…`).
 *
 * `tests/build/catalog-parts.test.ts` checks the built start page: every message id its code uses
 * is in the start part.
 */
export const startPartFiles: readonly string[] = [
  'src/config/',
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/routes/-shell/portal-layout.tsx',
  'src/routes/-shell/language-switch.tsx',
  'src/routes/-shell/not-found-page.tsx',
  'src/routes/-shell/session-buttons.tsx',
  'src/ui/hero-banner.tsx',
  'src/ui/link.tsx',
];

export type CatalogPart = 'start' | 'rest';

/** Whether a message belongs to the start part: one of its origins is a start file. */
export function inStartPart(origins: readonly string[]): boolean {
  return origins.some((origin) => startPartFiles.some((file) => (file.endsWith('/') ? origin.startsWith(file) : origin === file)));
}

const partId = /\.po\?part=(start|rest)$/;

/** Compiles `locales/<locale>/messages.po?part=start|rest` as the Lingui plugin compiles the whole `.po`. */
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
        const wanted = Object.fromEntries(Object.entries(messages).filter(([messageId]) => inStartPart(originsOf(messageId)) === (part === 'start')));
        const { source, errors } = createCompiledCatalog(locale, wanted, { namespace: 'es' });
        if (errors.length > 0) throw new Error(`${file} (${part}): ${errors.map((error) => `${error.id}: ${error.error.message}`).join('; ')}`);
        return { code: source, map: null, moduleType: 'js' };
      },
    },
  };
}

import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Messages are written in code with an explicit id that keeps SPEC.md's namespace and key
 * (`error:404.title`) and an English source text. de-DE is the default locale of the portal;
 * `npm run i18n:check` fails when either catalog misses a translation.
 */
export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['de-DE', 'en-US'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/*.gen.ts', '<rootDir>/src/ui/gallery/**'],
    },
    // The design-system gallery exists in development only; its texts stay out of the shipped catalog.
    {
      path: '<rootDir>/locales/{locale}/gallery',
      include: ['<rootDir>/src/ui/gallery'],
    },
  ],
  // Sorted by id: stable whatever order the files are read in (two ids may share an English text).
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
});

/// <reference types="vitest/config" />
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

import { defineConfig, type Plugin } from 'vite';

import { catalogParts } from './src/start-up/catalog-parts';
import { precompress } from './tools/vite/precompress';

/**
 * The start page needs, after the entry, the start part of the default catalog (de-DE; see
 * src/start-up/catalog-parts.ts) and the `/` route's chunk (loader and component in one, src/routes/index.tsx);
 * both are dynamic imports, so the browser would only ask for them once the entry has run. Listing
 * them as modulepreload in index.html fetches them alongside the entry. npm run bench, two runs
 * each: LCP 3.2 and 3.3 s without, 3.1 and 3.0 s with; the score stayed within its noise (80-85).
 * The cost: 7 KiB of German catalog for an English visitor, 1 KiB of start page on other pages.
 */
function preloadStartChunks(): Plugin {
  const wanted = [/\/locales\/de-DE\/messages\.po\?part=start$/, /\/src\/routes\/index\.tsx\?tsr-split=component---loader$/];
  return {
    name: 'portal:preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const files = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (!chunk || chunk.type !== 'chunk' || files.has(file)) return;
          files.add(file);
          chunk.imports.forEach(add);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId && wanted.some((pattern) => pattern.test(chunk.facadeModuleId!))) add(chunk.fileName);
        }
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
        return { html, tags: links };
      },
    },
  };
}

/** Path aliases instead of deep `../../..` imports; the same five are in tsconfig.json `paths`. */
export const aliases = Object.fromEntries(
  ['src', 'machines', 'openapi', 'sandbox', 'tools'].map((folder) => [`#${folder}`, fileURLToPath(new URL(`./${folder}`, import.meta.url))]),
);

/** Test files that run with a module registry of their own (the test projects below). */
const isolatedTests = [
  // Lints a generated copy of the tree with that copy's ESLint configuration: in the shared worker
  // the lint tests that ran after it found no problems at all.
  'tests/scripts/new-flow.test.ts',
  'tests/routes/query-client-context.test.tsx',
  'tests/i18n/catalog-loading.test.ts',
  'tests/flows/inspector.test.ts',
  'tests/sandbox/ticket-pdf-lazy.test.ts',
];

export default defineConfig({
  resolve: { alias: aliases },
  plugins: [
    // The router plugin must come before react() (STACK-NOTES.md).
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // Loaders (and the queries they import) load with their route, not with the entry (issue 14).
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
      routeFileIgnorePattern: '\\.(test|css)\\.tsx?$',
    }),
    react(),
    // Plugin-react 6 compiles with Oxc and has no babel option: the Lingui macro runs here.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    catalogParts(),
    vanillaExtractPlugin(),
    // Keep only the react-aria strings of the portal's two locales.
    { ...optimizeLocales.vite({ locales: ['de-DE', 'en-US'] }), enforce: 'pre' },
    preloadStartChunks(),
    // Last: .br and .gz beside every text file of dist/ (tools/vite/precompress.ts).
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // One stylesheet for the whole app (5.2 KiB gzip): /order linked eight, render-blocking before
    // its prerendered first step could paint (FCP 2.1 -> 1.95 s in Lighthouse's mobile run), and
    // no page loads CSS later. scripts/prerender.ts fails the build if a chunk brings its own.
    cssCodeSplit: false,
    rolldownOptions: {
      // bwip-js registers two TrueType fonts (OCR-A/B, 20 KiB gzip) when it loads, for a barcode's
      // human-readable text; the ticket's Aztec code has none, so the calls go when nothing reads
      // their result (the show-ticket chunk: 52 -> 32 KiB gzip; tests/build/ticket-chunks.test.ts).
      treeshake: { manualPureFunctions: ['FontLib.loadFont'] },
      // Lazily loaded chunks are named by their hash alone: the entry lists every chunk's file and
      // those it needs (Vite's preload map, about 250 names), and the names' readable prefixes were
      // 2.4 of its KiB gzip on every page (issue 14). The manifest still says which source each file is.
      output: { chunkFileNames: 'assets/[hash].js' },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['tests/setup.ts'],
    // Test files share a worker instead of a fresh one each: the whole run took 51 s isolated and
    // 28 s shared on 2 cores (issue 9's test budget). tests/setup.ts resets timers, stubs, mocks,
    // storage and cookies before every file, so no file sees what another left.
    isolate: false,
    // A safety net for hangs, not a measure of speed: axe over a jsdom page takes under a second on
    // a quiet machine and passed Vitest's default 5 s at load average 24 (issue 13).
    testTimeout: 30_000,
    // The JSON report feeds the closing count that .ci/run prints (scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: '.test-reports/vitest.json' }]],
    projects: [
      { extends: true, test: { name: 'shared', include: ['tests/**/*.test.{ts,tsx}'], exclude: [...isolatedTests, '**/node_modules/**'] } },
      // A file that renders the portal's whole route tree with its root route, the files that
      // reset the module registry (vi.resetModules), and one that needs the app's Lingui before any
      // catalog part has loaded, each get a fresh module registry: in the shared worker the route
      // tree's start page rendered another file's screen (issue 14).
      { extends: true, test: { name: 'isolated', include: isolatedTests, isolate: true } },
    ],
  },
});

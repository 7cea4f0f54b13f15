/// <reference types="vitest/config" />
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    // The router plugin must come before react() (STACK-NOTES.md).
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      routeFileIgnorePattern: '\\.(test|css)\\.tsx?$',
    }),
    react(),
    // Plugin-react 6 compiles with Oxc and has no babel option: the Lingui macro runs here.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    vanillaExtractPlugin(),
    // Keep only the react-aria strings of the portal's two locales.
    { ...optimizeLocales.vite({ locales: ['de-DE', 'en-US'] }), enforce: 'pre' },
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
  },
  test: {
    globals: true,
    environment: 'jsdom',
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    // The JSON report feeds the closing count that .ci/run prints (scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: '.test-reports/vitest.json' }]],
  },
});

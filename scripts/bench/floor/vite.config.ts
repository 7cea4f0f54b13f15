/**
 * The floor page's build (scripts/bench/floor): the portal's Vite, React plugin, target, source
 * maps and build-time compression (tools/vite/precompress.ts), nothing else, so that
 * sandbox/dist-server.ts serves both alike.
 */
import path from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { precompress } from '../../../tools/vite/precompress';

const root = import.meta.dirname;

export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  plugins: [react(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    outDir: process.env.FLOOR_OUT_DIR ?? path.resolve(root, '../../../.bench/floor-dist'),
    emptyOutDir: true,
  },
});

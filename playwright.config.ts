import { existsSync } from 'node:fs';

import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive a real Chromium: `CHROMIUM_PATH`, else Debian's headless shell
 * (`chromium-headless-shell`, the Chromium build Playwright itself runs headless tests in: about a
 * third faster here than the whole browser, decision 26), else Debian's `/usr/bin/chromium`, else
 * Playwright's own browser (docs/architecture.md#quality-bars). The portal project runs against the production
 * build served with the sandbox API on one origin (`sandbox/serve.ts --dist`, a fresh seeded
 * database each run); the design-system gallery exists only in development, so its project runs
 * against the Vite dev server.
 */
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

const previewPort = Number(process.env.E2E_PREVIEW_PORT ?? 4173);
const devPort = Number(process.env.E2E_DEV_PORT ?? 5179);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // A safety net, not a measure of speed: a whole journey (an order with payment, ten tabs signing
  // in) takes 10 to 20 s on a 2-core machine under load, and was seen to pass 30 s there. The
  // tests wait for what a customer would see; the limit only ends a test that hangs.
  timeout: 60_000,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.test-reports/playwright.json' }], ...(process.env.CI ? [] : ([['html', { open: 'never' }]] as const))],
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    launchOptions: { executablePath, args: chromiumFlags },
    // The service worker would precache the whole app shell in every test's fresh context: only the
    // specs of the installed portal (e2e/installable.spec.ts, e2e/offline-ticket.spec.ts) allow it.
    serviceWorkers: 'block',
    // A trace costs a fifth of the browser part's time (measured: 83 s against 67 s for two specs):
    // CI keeps none (nobody can open one there); locally a failed test keeps one without the
    // screencast (the DOM snapshots show the page). `--trace on` records everything for one run.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    {
      name: 'portal',
      testIgnore: /(gallery|faults|inspect)\.spec\.ts$/,
      use: { baseURL: `http://localhost:${previewPort}` },
    },
    {
      // Fault injection changes the shared sandbox for everyone: after the portal tests, alone.
      name: 'faults',
      testMatch: /faults\.spec\.ts$/,
      dependencies: ['portal'],
      use: { baseURL: `http://localhost:${previewPort}` },
    },
    {
      name: 'gallery',
      testMatch: /(gallery|inspect)\.spec\.ts$/,
      // The dev server compiles on first request and axe scans a long page: slower than the build.
      timeout: 90_000,
      expect: { timeout: 20_000 },
      use: { baseURL: `http://127.0.0.1:${devPort}` },
    },
  ],
  webServer: [
    {
      command: 'npm run sandbox:reset && npm run start:dist',
      env: {
        PORT: String(previewPort),
        SANDBOX_DATABASE_URL: `file:.sandbox/e2e-${previewPort}.db`,
        SANDBOX_PORTAL_ORIGIN: `http://localhost:${previewPort}`,
        // Another build than dist/ (e.g. `vite build --outDir /tmp/x` while dist/ is in use).
        PORTAL_DIST: process.env.E2E_DIST ?? 'dist',
      },
      url: `http://127.0.0.1:${previewPort}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${devPort} --strictPort`,
      url: `http://127.0.0.1:${devPort}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});

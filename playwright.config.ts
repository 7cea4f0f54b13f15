import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
const dist = path.resolve(process.env.E2E_DIST ?? 'dist');

/**
 * The nginx project (docs/deploy.md, decision 27): Debian's nginx with the shipped configuration
 * (deploy/nginx/, rendered for these ports by deploy/nginx/render.ts) serves the same build and
 * proxies the API and the sandbox's pages to a sandbox of its own: the sandbox knows one portal
 * origin (its redirect URI, the payment page's frame-ancestors, the return addresses), so the
 * portal project's sandbox cannot serve a second origin. Its ports follow the preview port, so
 * two runs on one machine do not meet (E2E_NGINX_PORT, E2E_NGINX_API_PORT to choose).
 */
const nginxPort = Number(process.env.E2E_NGINX_PORT ?? previewPort + 80);
const nginxApiPort = Number(process.env.E2E_NGINX_API_PORT ?? previewPort + 90);
const nginxPrefix = path.join(os.tmpdir(), `portal-nginx-${nginxPort}`);
const nginxBinary = process.env.NGINX_PATH ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
/** `--project` names given on the command line: nginx and its sandbox start only when the nginx project may run. */
const chosenProjects = process.argv.flatMap((argument, index, all) =>
  argument.startsWith('--project=') ? [argument.slice('--project='.length)] : argument === '--project' && all[index + 1] ? [all[index + 1]!] : [],
);
/** Without nginx (a laptop without it) the project is left out with a note; CI always runs it (`.ci/run` installs nginx). */
const withNginx = (chosenProjects.length === 0 || chosenProjects.includes('nginx')) && (Boolean(nginxBinary) || Boolean(process.env.CI));
if (!nginxBinary && !process.env.CI && chosenProjects.length === 0)
  console.warn('No nginx (apt-get install nginx libnginx-mod-http-brotli-static): the nginx project is left out.');

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
      testIgnore: [/(gallery|faults|inspect)\.spec\.ts$/, /[\\/]e2e[\\/]nginx[\\/]/],
      use: { baseURL: `http://localhost:${previewPort}` },
    },
    {
      // Fault injection changes the shared sandbox for everyone: after the portal tests, alone.
      name: 'faults',
      testMatch: /faults\.spec\.ts$/,
      dependencies: ['portal'],
      use: { baseURL: `http://localhost:${previewPort}` },
    },
    ...(withNginx
      ? [
          {
            // The production build behind nginx, as an operator deploys it: the order journey and
            // the served headers, encodings and cache lifetimes (e2e/nginx/).
            name: 'nginx',
            testMatch: /[\\/]e2e[\\/]nginx[\\/].*\.spec\.ts$/,
            use: { baseURL: `http://localhost:${nginxPort}` },
          },
        ]
      : []),
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
    ...(withNginx
      ? [
          {
            // The nginx project's sandbox: the API behind nginx, its portal origin nginx's.
            command: 'npm run sandbox:reset && npm run start:dist',
            env: {
              PORT: String(nginxApiPort),
              SANDBOX_DATABASE_URL: `file:.sandbox/e2e-nginx-${nginxPort}.db`,
              SANDBOX_PORTAL_ORIGIN: `http://localhost:${nginxPort}`,
              PORTAL_DIST: dist,
            },
            url: `http://127.0.0.1:${nginxApiPort}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          },
          {
            // nginx in the foreground (daemon off; pid, log and temp files under nginxPrefix), the
            // shipped configuration rendered for these ports; Playwright stops it at the end.
            command: `npx tsx deploy/nginx/render.ts --out ${nginxPrefix} --sandbox --standalone && exec ${nginxBinary ?? 'nginx'} -p ${nginxPrefix}/ -c nginx.conf -e stderr`,
            env: {
              PORTAL_LISTEN: `127.0.0.1:${nginxPort}`,
              PORTAL_SERVER_NAME: 'localhost',
              PORTAL_ROOT: dist,
              PORTAL_API_URL: `http://127.0.0.1:${nginxApiPort}`,
            },
            url: `http://127.0.0.1:${nginxPort}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
    {
      command: `npx vite --host 127.0.0.1 --port ${devPort} --strictPort`,
      url: `http://127.0.0.1:${devPort}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});

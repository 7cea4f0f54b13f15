/**
 * `npm start`: the portal and the sandbox on one origin (http://localhost:5173, PORT overrides),
 * bound to loopback only. The portal comes from the Vite dev server, or with `--dist` from the
 * production build in dist/ (what the browser tests run against) with the headers of its `_headers`
 * (sandbox/dist-server.ts); the dev server sends their lighter share (decision 21).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';

import { getRequestListener } from '@hono/node-server';

import { createSandbox, isSandboxPath } from './app';
import { configFromEnv } from './config';
import { developmentHeaders, distListener, headersFor, parseHeadersFile } from './dist-server';
import { demoUsers, demoPassword } from './seed/users';

const useDist = process.argv.includes('--dist');
const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';
const root = path.resolve(import.meta.dirname, '..');

const started = performance.now();
const sandbox = await createSandbox(configFromEnv(process.env));
const sandboxListener = getRequestListener(sandbox.app.fetch);

let portalListener: (req: IncomingMessage, res: ServerResponse) => void;
if (useDist) {
  portalListener = distListener(path.resolve(root, process.env.PORTAL_DIST ?? 'dist'));
} else {
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({ root, server: { middlewareMode: true }, appType: 'spa' });
  // The shipped headers without the script and style rules Vite's inline HMR breaks (decision 21).
  const headers = developmentHeaders(headersFor(parseHeadersFile(readFileSync(path.join(root, 'public/_headers'), 'utf8')), '/'));
  portalListener = (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    vite.middlewares(req, res);
  };
}

const server = createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (isSandboxPath(pathname)) void sandboxListener(req, res);
  else portalListener(req, res);
});

// Idle keep-alive connections stay open for 65 s (Node closes them after 5 s by default, a common
// host keeps them 60 to 75 s). A client that keeps its connections without a timeout of its own,
// as Playwright's `route.fetch` does, sends a request on one just as the server closes it once it
// has been idle for those 5 s: the request fails with ECONNRESET (a browser test's config.json,
// asked again after a 5-second sign-in detour, did). headersTimeout stays above it.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, host, () => {
  const url = `http://localhost:${port}`;
  const memory = Math.round(process.memoryUsage().rss / 1024 / 1024);
  console.log(
    `\n  Ticket portal with sandbox API: ${url}  (${useDist ? 'production build' : 'dev server'}, ready in ${Math.round(performance.now() - started)} ms, ${memory} MB)`,
  );
  console.log('  Demo accounts (password ' + demoPassword + '):');
  for (const user of demoUsers) console.log(`    ${user.email.padEnd(26)} ${user.product}`);
  console.log(`  Outbox: ${url}/__sandbox/outbox\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    sandbox.close();
    process.exit(0);
  });
}

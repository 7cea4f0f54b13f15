import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { expect, test } from '@playwright/test';

import { defaultCacheControl, distListener, headersFor, parseHeadersFile } from '#sandbox/dist-server';

/**
 * What nginx with the shipped configuration (deploy/nginx/, the `nginx` project) sends for every file
 * of the build and the app's paths, compared with the build's `_headers` and the dist server
 * (`npm run start:dist`, sandbox/dist-server.ts, which every other browser test runs against):
 * the same security headers, content types and cache lifetimes (a year for /assets/, revalidated
 * for the rest: HTML, /sw.js, the manifest, config.json), the same file for each path (/order:
 * order.html, /app/dashboard: app/dashboard.html, the app's routes: index.html), and the build's
 * brotli or gzip sibling where the browser takes it. The API and the sandbox's pages are proxied,
 * the sandbox's test hooks are not. Plain HTTP requests, no browser.
 */

const dist = path.resolve(process.env.E2E_DIST ?? 'dist');
const rules = parseHeadersFile(readFileSync(path.join(dist, '_headers'), 'utf8'));

/** The build's files as the paths that serve them, without the compressed siblings and `_headers`. */
function buildPaths(folder = dist): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return buildPaths(file);
    if (/\.(br|gz)$/.test(entry.name) || file === path.join(dist, '_headers')) return [];
    return [`/${path.relative(dist, file).split(path.sep).join('/')}`];
  });
}

/** The app's paths: each is served a page of the build, as the dist server maps them. */
const appPaths: [pathname: string, file: string][] = [
  ['/', 'index.html'],
  ['/order', 'order.html'],
  ['/app/dashboard', 'app/dashboard.html'],
  ['/app/dashboard/tickets', 'index.html'],
  ['/app', 'index.html'],
  ['/app/order', 'index.html'],
  ['/legal/agb', 'index.html'],
  ['/cancel-contract', 'index.html'],
  ['/_headers', 'index.html'],
];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (node does not decompress: the bytes are what the server sent). */
function get(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (answer: Answer) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;

/** The headers both servers must agree on. */
const compared = (answer: Answer, names: string[]) => Object.fromEntries(names.map((name) => [name, answer.headers[name.toLowerCase()] ?? null]));

let distServer: Server;
let distUrl = '';
test.beforeAll(async () => {
  distServer = createServer(distListener(dist, { warn: () => {} }));
  await new Promise<void>((resolve) => distServer.listen(0, '127.0.0.1', resolve));
  distUrl = `http://127.0.0.1:${(distServer.address() as AddressInfo).port}`;
});
test.afterAll(() => distServer?.close());

test('every file and page of the build: the headers of _headers and of the dist server, its brotli or gzip sibling, its cache lifetime', async ({
  baseURL,
}) => {
  const paths: [pathname: string, file: string][] = [...appPaths, ...buildPaths().map((pathname): [string, string] => [pathname, pathname.slice(1)])];
  expect(paths.map(([pathname]) => pathname)).toEqual(
    expect.arrayContaining(['/sw.js', '/manifest.webmanifest', '/config.json', '/order.html', '/index.html']),
  );
  expect(paths.filter(([pathname]) => pathname.startsWith('/assets/')).length).toBeGreaterThan(10);
  // Every path as a browser asks (brotli or gzip); the pages, the worker, the manifest and config.json
  // also with gzip alone and with no encoding. A few at a time: some hundred requests, a few seconds.
  const everyEncoding = new Set(['/', '/order', '/app/dashboard', '/app/dashboard/tickets', '/sw.js', '/manifest.webmanifest', '/config.json']);
  const checks = paths.flatMap(([pathname, file]) =>
    (everyEncoding.has(pathname) ? ['br, gzip', 'gzip', ''] : ['br, gzip']).map((accept) => ({ pathname, file, accept })),
  );
  const typesSeen = new Set<string>();
  const check = async ({ pathname, file, accept }: (typeof checks)[number]) => {
    const expected = { 'Cache-Control': defaultCacheControl, ...headersFor(rules, pathname) };
    if (pathname.startsWith('/assets/')) expect(expected['Cache-Control'], pathname).toBe('public, max-age=31536000, immutable');
    const headers = accept ? { 'Accept-Encoding': accept } : ({} as Record<string, string>);
    // Source maps (half the build's bytes, for developer tools only): their headers alone.
    const method = pathname.endsWith('.map') ? 'HEAD' : 'GET';
    // The dist server's content type, once for each kind of file.
    const kind = path.extname(file) || file;
    const askDistServer = !typesSeen.has(kind);
    typesSeen.add(kind);
    const [viaNginx, viaDistServer] = await Promise.all([
      get(baseURL + pathname, { method, headers }),
      askDistServer ? get(distUrl + pathname, { method, headers }) : undefined,
    ]);
    const where = `${pathname} (Accept-Encoding: ${accept || 'none'})`;
    expect(viaNginx.status, where).toBe(200);
    expect(compared(viaNginx, Object.keys(expected)), where).toEqual(expected);
    if (viaDistServer) expect(compared(viaNginx, ['Content-Type']), where).toEqual(compared(viaDistServer, ['Content-Type']));
    const sibling = (accept.includes('br') ? ['br', 'gz'] : accept.includes('gzip') ? ['gz'] : []).find((extension) =>
      existsSync(path.join(dist, `${file}.${extension}`)),
    );
    expect(viaNginx.headers['content-encoding'] ?? null, where).toBe(sibling === 'br' ? 'br' : sibling === 'gz' ? 'gzip' : null);
    if (existsSync(path.join(dist, `${file}.gz`))) expect(viaNginx.headers['vary'], where).toContain('Accept-Encoding');
    if (method === 'GET') expect(decoded(viaNginx).equals(readFileSync(path.join(dist, file))), where).toBe(true);
  };
  for (let start = 0; start < checks.length; start += 16) await Promise.all(checks.slice(start, start + 16).map(check));
  // A hashed file that is not there is a 404, not the app with a year's cache.
  expect((await get(`${baseURL}/assets/not-in-this-build.js`)).status).toBe(404);
});

test('the API and the sandbox’s sign-in and payment pages are proxied; the sandbox’s test hooks are not', async ({ baseURL }) => {
  const countries = await get(`${baseURL}/api/v1/order/countries`);
  expect(countries.status).toBe(200);
  expect(JSON.parse(countries.body.toString())).toContain('DE');
  // The API's answer keeps its own headers (its session and CSRF cookies), not the portal's policy.
  expect(String(countries.headers['set-cookie'])).toContain('XSRF-TOKEN=');
  expect(countries.headers['content-security-policy']).toBeUndefined();
  // /account/ is the contract's too (openapi/portal.yaml): the API answers, not nginx's 405 for a static file.
  const account = await get(`${baseURL}/account/check-account-delete`);
  expect(account.status).toBe(401);
  expect(account.headers['content-type']).toContain('json');
  // The sign-in form's POST reaches the sandbox (which refuses an empty form with its own page).
  const signIn = await get(`${baseURL}/sandbox/sign-in`, { method: 'POST' });
  expect(signIn.status).toBe(400);
  expect(signIn.headers['content-security-policy']).toContain("default-src 'none'");
  // The payment page is the sandbox's, framed by nginx's origin (an unknown payment: its own 404 page).
  const payment = await get(`${baseURL}/sandbox/pay/nothing`);
  expect(payment.status).toBe(404);
  expect(payment.headers['content-security-policy']).toContain(`frame-ancestors ${new URL(baseURL!).origin}`);
  for (const [method, hook] of [
    ['POST', '/__sandbox/customers'],
    ['GET', '/__sandbox/outbox'],
    ['POST', '/__sandbox/reset'],
    ['POST', '/__sandbox/faults'],
  ] as const) {
    const answer = await get(baseURL + hook, { method });
    expect(answer.status, hook).toBe(404);
    expect(answer.body.toString(), hook).not.toMatch(/outbox|customer|email/i);
  }
});

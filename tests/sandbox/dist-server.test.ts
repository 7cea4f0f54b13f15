// @vitest-environment node
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { acceptedEncodings, defaultCacheControl, distListener, headersFor, nextWorkerVersion, parseHeadersFile } from '#sandbox/dist-server';
import { precompressDirectory } from '#tools/vite/precompress';

/**
 * The dist server (`npm run start:dist`, sandbox/dist-server.ts) serves the build as a host would
 * (issue 14): the precompressed siblings the build made, the cache lifetimes of public/_headers.
 * The security headers are tests/sandbox/security-headers.test.ts's.
 */

const root = path.resolve(import.meta.dirname, '../..');
const shippedRules = parseHeadersFile(readFileSync(path.join(root, 'public/_headers'), 'utf8'));

/** A raw answer: node's http client does not decompress, so the bytes are what the server sent. */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url + pathname, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const script = 'export const greeting = "Guten Tag, liebe Fahrgäste";\n'.repeat(400);
const html = `<!doctype html><html lang="de-DE"><head><title>Ticketportal</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;

const worker = 'self.addEventListener("fetch", () => {});\n'.repeat(40);

const orderHtml = html.replace('<div id="root"></div>', '<div id="root"><h1>Ticket bestellen</h1></div>');

describe('the dist server', () => {
  let dist = '';
  let url = '';
  let server: Server;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'dist-server-'));
    mkdirSync(path.join(dist, 'assets'));
    copyFileSync(path.join(root, 'public/_headers'), path.join(dist, '_headers'));
    copyFileSync(path.join(root, 'public/config.json'), path.join(dist, 'config.json'));
    writeFileSync(path.join(dist, 'index.html'), html);
    writeFileSync(path.join(dist, 'order.html'), orderHtml);
    writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets/small-def456.js'), 'export {};');
    writeFileSync(path.join(dist, 'sw.js'), worker);
    writeFileSync(path.join(dist, 'assets/index-abc123.js.map'), '{"version":3}');
    await precompressDirectory(dist);
    server = createServer(distListener(dist, { warn: () => {} }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the service worker as built, revalidated on every use; with the sandbox’s next-version cookie, one line longer', async () => {
    const asBuilt = await get(url, '/sw.js');
    expect(asBuilt.headers['cache-control']).toBe(defaultCacheControl);
    expect(asBuilt.body.toString()).toBe(worker);
    const next = await get(url, '/sw.js', { Cookie: 'XSRF-TOKEN=x; sandbox-next-version=v2' });
    expect(next.status).toBe(200);
    expect(next.headers['cache-control']).toBe(defaultCacheControl);
    expect(next.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(next.body.toString()).toBe(`${worker}\n// sandbox-next-version v2\n`);
    // Only the worker: every other file stays as built.
    expect((await get(url, '/assets/small-def456.js', { Cookie: 'sandbox-next-version=v2' })).body.toString()).toBe('export {};');
  });

  it('reads the next-version cookie only as a short word', () => {
    expect(nextWorkerVersion('a=1; sandbox-next-version=v-2')).toBe('v-2');
    expect(nextWorkerVersion('sandbox-next-version=<script>')).toBeUndefined();
    expect(nextWorkerVersion('xsandbox-next-version=v2')).toBeUndefined();
    expect(nextWorkerVersion(undefined)).toBeUndefined();
  });

  it('sends brotli to a browser that accepts it, with its encoding, length, type and Vary', async () => {
    const answer = await get(url, '/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted (or refused with q=0), the file itself when neither is', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=0.5, br;q=0']) {
      const answer = await get(url, '/assets/index-abc123.js', { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(script);
    }
    for (const headers of [
      {} as Record<string, string>,
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
      { 'Accept-Encoding': 'deflate' },
    ]) {
      const answer = await get(url, '/assets/index-abc123.js', headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['vary']).toBe('Accept-Encoding');
      expect(answer.body.toString()).toBe(script);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(script));
    }
  });

  it('reads Accept-Encoding as the HTTP rules say: q values, *, no header', () => {
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*;q=0.1, br;q=0')]).toEqual(['gzip']);
    expect([...acceptedEncodings('BR; q=1.0')]).toEqual(['br']);
    expect([...acceptedEncodings('x-gzip')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect([...acceptedEncodings('')]).toEqual([]);
  });

  it('serves index.html compressed for / and for every path of the SPA, never cached without asking', async () => {
    for (const pathname of ['/', '/index.html', '/app/dashboard/tickets', '/app/order?step=2']) {
      const answer = await get(url, pathname, { 'Accept-Encoding': 'br' });
      expect(answer.headers['content-encoding'], pathname).toBe('br');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString()).toBe(html);
    }
  });

  it('serves a prerendered page for its path, as static hosts do (order.html at /order, whatever the query), and nowhere else', async () => {
    for (const pathname of ['/order', '/order?step=billing', '/order.html']) {
      const answer = await get(url, pathname, { 'Accept-Encoding': 'br' });
      expect(answer.headers['cache-control'], pathname).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString(), pathname).toBe(orderHtml);
    }
    for (const pathname of ['/order/', '/app/order', '/order/x']) {
      expect(brotliDecompressSync((await get(url, pathname, { 'Accept-Encoding': 'br' })).body).toString(), pathname).toBe(html);
    }
  });

  it('keeps the hashed files of /assets/ a year (immutable) and the others no longer than until the next use, as public/_headers says', async () => {
    const asset = await get(url, '/assets/index-abc123.js', { 'Accept-Encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const pathname of ['/assets/index-abc123.js', '/assets/small-def456.js', '/assets/index-abc123.js.map', '/config.json', '/', '/app/dashboard']) {
      const answer = await get(url, pathname);
      expect(answer.headers['cache-control'], pathname).toBe(headersFor(shippedRules, pathname)['Cache-Control'] ?? defaultCacheControl);
    }
    // One source of truth: the shipped file names the assets' lifetime once, and nothing under /*.
    expect(headersFor(shippedRules, '/assets/x.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(shippedRules, '/index.html')['Cache-Control']).toBeUndefined();
    expect(shippedRules.filter((rule) => rule.headers.some(([name]) => name === 'Cache-Control')).map((rule) => rule.pattern)).toEqual(['/assets/*']);
  });

  it('sends a small file without siblings as it is, without Vary', async () => {
    const answer = await get(url, '/assets/small-def456.js', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toBeUndefined();
    expect(answer.body.toString()).toBe('export {};');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get(url, '/assets/index-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    const got = await get(url, '/assets/index-abc123.js', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['etag']).toBe(got.headers['etag']);
  });

  it('ends a revalidation in 304 while the file is unchanged, per encoding', async () => {
    const first = await get(url, '/', { 'Accept-Encoding': 'br' });
    const again = await get(url, '/', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers['etag']! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get(url, '/', { 'Accept-Encoding': 'gzip', 'If-None-Match': first.headers['etag']! });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('does not send a sibling older than its file (the file rewritten after the build)', async () => {
    const file = path.join(dist, 'assets/rewritten-aaa111.js');
    writeFileSync(file, script);
    await precompressDirectory(path.join(dist, 'assets'));
    const rewritten = `${script}// rewritten\n`;
    writeFileSync(file, rewritten);
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const answer = await get(url, '/assets/rewritten-aaa111.js', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(rewritten);
  });

  it('does not serve files outside dist/, nor _headers, and answers a malformed path with 400', async () => {
    const outside = await get(url, '/../package.json');
    expect(outside.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get(url, '/_headers')).body.toString()).toBe(html);
    expect((await get(url, '/%E0%A4%A')).status).toBe(400);
  });
});

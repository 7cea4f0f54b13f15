// @vitest-environment node
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { components } from '#openapi/schema.gen';
import { configMismatch, developmentHeaders, directiveOf, distListener, headersFor, parseHeadersFile } from '#sandbox/dist-server';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { prerenderGuard } from '#src/start-up/prerender-guard';
import { createTestSandbox } from './harness';
import { authorizeUrl, pkce, visit } from './scenarios/auth';
import { ensurePaymentWorld, ensureTester, insertOrder, upsertPayload } from './scenarios/payment';

/**
 * The security headers (docs/decisions/0021-security-headers.md): the portal's, as shipped in
 * public/_headers and served by the dist server (`npm run start:dist`), and the sandbox pages'.
 */

const root = path.resolve(import.meta.dirname, '../..');
const shippedText = readFileSync(path.join(root, 'public/_headers'), 'utf8');
const shipped = headersFor(parseHeadersFile(shippedText), '/');
const policy = shipped['Content-Security-Policy'] ?? '';
const shippedConfig = parseRuntimeConfig(JSON.parse(readFileSync(path.join(root, 'public/config.json'), 'utf8')));
if (!shippedConfig.ok) throw new Error('public/config.json is invalid');
const config = shippedConfig.config;

/** The origin of an absolute URL, nothing for a path on this origin. */
const originOf = (urlOrPath: string) => (/^https?:\/\//.test(urlOrPath) ? [new URL(urlOrPath).origin] : []);

/** Serves `dist` with the dist server on a free port; answers the base URL. */
async function serveDist(dist: string): Promise<{ url: string; server: Server }> {
  const server = createServer(distListener(dist, { warn: () => {} }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function headersOf(response: Response, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
}

/**
 * The stylesheets react-aria inserts itself (a `<style>` element each): usePress's touch-action of
 * pressable elements, usePreventScroll's overscroll-behavior on iOS. The policy allows exactly them,
 * by their hashes; a react-aria update that changes their text fails here first.
 */
/** The one inline script the policy allows: the prerendered start page's guard (src/start-up/prerender-guard.ts). */
const prerenderGuardSource = `'sha256-${createHash('sha256').update(prerenderGuard, 'utf8').digest('base64')}'`;

const reactAriaDist = path.join(root, 'node_modules/react-aria/dist/private');
const reactAriaStyles = ['interactions/usePress.mjs', 'overlays/usePreventScroll.mjs'].map((file) => {
  const code = readFileSync(path.join(reactAriaDist, file), 'utf8');
  const template = /style\.textContent = `([^`]*)`\.trim\(\)/.exec(code)?.[1];
  if (template === undefined) throw new Error(`${file}: no inserted stylesheet found`);
  const pressable = /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(code)?.[1];
  const text = template.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/g, pressable ?? '').trim();
  return { file, text, source: `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'` };
});

describe('the portal headers shipped in public/_headers', () => {
  it('are one rule for every path, with the hardening headers (and one for the cache lifetime of /assets/)', () => {
    expect(parseHeadersFile(shippedText).map((rule) => rule.pattern)).toEqual(['/*', '/assets/*']);
    expect(headersFor(parseHeadersFile(shippedText), '/assets/index.js')).toEqual({ ...shipped, 'Cache-Control': 'public, max-age=31536000, immutable' });
    expect(shipped).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(shipped['Permissions-Policy']).toContain(`${feature}=()`);
  });

  it("run only the build's own scripts and styles (and the prerender guard, by its hash): no eval, never framed", () => {
    expect(directiveOf(policy, 'default-src')).toEqual(["'none'"]);
    expect(directiveOf(policy, 'script-src')).toEqual(["'self'", prerenderGuardSource]);
    expect(directiveOf(policy, 'style-src')[0]).toBe("'self'");
    expect(directiveOf(policy, 'style-src').slice(1)).toEqual(reactAriaStyles.map(({ source }) => source));
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(directiveOf(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directiveOf(policy, 'base-uri')).toEqual(["'none'"]);
    expect(directiveOf(policy, 'object-src')).toEqual(["'none'"]);
    expect(directiveOf(policy, 'form-action')).toEqual(["'self'"]);
  });

  it('let the service worker and the manifest come from the portal’s origin only (issue 29)', () => {
    expect(directiveOf(policy, 'worker-src')).toEqual(["'self'"]);
    expect(directiveOf(policy, 'manifest-src')).toEqual(["'self'"]);
  });

  it("frame exactly the payment provider's origins of config.json, and reach its API", () => {
    expect(directiveOf(policy, 'frame-src').sort()).toEqual(config.paymentFrameOrigins.map((entry) => (entry === 'self' ? "'self'" : entry)).sort());
    expect(configMismatch(shipped, config)).toBeUndefined();
    const connect = directiveOf(policy, 'connect-src');
    expect(connect).toContain("'self'");
    for (const url of [config.apiBaseUrl, config.oauth.authorizePath, config.oauth.tokenPath, config.oauth.logoutPath]) {
      for (const origin of originOf(url)) expect(connect).toContain(origin);
    }
    for (const origin of [config.siteContent.headerLogo.src, ...config.siteContent.footerLogos.map((logo) => logo.src)].flatMap(originOf)) {
      expect(directiveOf(policy, 'img-src')).toContain(origin);
    }
  });

  it('a frame-src that is not the allow-list is found', () => {
    expect(configMismatch(shipped, { paymentFrameOrigins: ['https://pay.example.com'] })).toContain('frame-src');
    expect(configMismatch(shipped, { paymentFrameOrigins: ['self', 'https://pay.example.com'] })).toContain('frame-src');
    expect(
      configMismatch({ 'Content-Security-Policy': "frame-src https://pay.example.com 'self'" }, { paymentFrameOrigins: ['self', 'https://pay.example.com'] }),
    ).toBeUndefined();
  });

  it('react-aria inserts no other stylesheet than the two the policy allows', () => {
    expect(reactAriaStyles.find(({ file }) => file.includes('usePress'))?.text).toContain('[data-react-aria-pressable]');
    const inserting = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return inserting(file);
        return entry.name.endsWith('.mjs') && readFileSync(file, 'utf8').includes("createElement('style')") ? [path.relative(reactAriaDist, file)] : [];
      });
    expect(inserting(reactAriaDist).sort()).toEqual(reactAriaStyles.map(({ file }) => file).sort());
  });

  it('the dev server gets the share that leaves Vite’s inline HMR scripts alone', () => {
    expect(developmentHeaders(shipped)).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "frame-ancestors 'none'",
    });
  });
});

describe('the dist server (npm run start:dist) sends what _headers says', () => {
  let dist = '';
  let served: { url: string; server: Server };
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'dist-headers-'));
    mkdirSync(path.join(dist, 'assets'));
    copyFileSync(path.join(root, 'public/_headers'), path.join(dist, '_headers'));
    copyFileSync(path.join(root, 'public/config.json'), path.join(dist, 'config.json'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="de-DE"><head><title>Ticketportal</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets/index.js'), 'export {};');
    served = await serveDist(dist);
  });
  afterAll(() => {
    served?.server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/app/order', '/app/payment/A-100005', '/assets/index.js', '/config.json'])('%s carries every header of the file', async (pathname) => {
    const response = await fetch(served.url + pathname);
    expect(response.status).toBe(200);
    expect(headersOf(response, Object.keys(shipped))).toEqual(shipped);
  });

  it('does not serve _headers itself (a static host does not either)', async () => {
    const response = await fetch(`${served.url}/_headers`);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(await response.text()).not.toContain('Content-Security-Policy');
  });

  it('refuses a build whose _headers frame other origins than its config.json allows', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'dist-headers-'));
    try {
      copyFileSync(path.join(dist, 'index.html'), path.join(other, 'index.html'));
      copyFileSync(path.join(dist, '_headers'), path.join(other, '_headers'));
      writeFileSync(path.join(other, 'config.json'), JSON.stringify({ ...config, paymentFrameOrigins: ['https://pay.example.com'] }));
      expect(() => distListener(other)).toThrow(/frame-src/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

/**
 * The production build itself (`npm test` builds first; `BUNDLE_DIR=/tmp/x` for another build
 * folder): it ships the file, and its index.html has nothing inline the policy would block.
 */
const build = path.resolve(process.env.BUNDLE_DIR ?? path.join(root, 'dist'));
describe.runIf(existsSync(path.join(build, 'index.html')))('the production build', () => {
  it('ships public/_headers as it is', () => {
    expect(readFileSync(path.join(build, '_headers'), 'utf8')).toBe(shippedText);
  });

  it.each(['index.html', 'order.html'])('has no inline script but the prerender guard, no inline style or event handler in %s', (page) => {
    const html = readFileSync(path.join(build, page), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    const inline = scripts.filter(([, attributes]) => !/\bsrc=/.test(attributes ?? ''));
    expect(inline.map(([, attributes, body]) => [attributes, body])).toEqual([['', prerenderGuard]]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const [, attributes, body] of scripts.filter((script) => !inline.includes(script))) {
      expect(attributes).toMatch(/\bsrc="\/assets\//);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('is served with the headers of its _headers', async () => {
    const served = await serveDist(build);
    try {
      for (const pathname of ['/', '/order', '/app/dashboard/tickets']) {
        const response = await fetch(served.url + pathname);
        expect(await response.text()).toContain('<div id="root">');
        expect(headersOf(response, Object.keys(shipped))).toEqual(shipped);
      }
    } finally {
      served.server.close();
    }
  });
});

const { sandbox, newClient } = await createTestSandbox();
await ensurePaymentWorld(sandbox);
const userId = await ensureTester(sandbox);

describe('the sandbox pages', () => {
  const portal = sandbox.config.portalOrigin;

  /** The sha256 source of the page's one `<style>` element. */
  function styleSourceOf(html: string): string {
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
    expect(styles).toHaveLength(1);
    return `'sha256-${createHash('sha256').update(styles[0]!, 'utf8').digest('base64')}'`;
  }

  function expectStrictPage(headers: Headers, html: string): string {
    const csp = headers.get('Content-Security-Policy') ?? '';
    expect(directiveOf(csp, 'default-src')).toEqual(["'none'"]);
    expect(directiveOf(csp, 'script-src')).toEqual([]);
    expect(directiveOf(csp, 'style-src')).toEqual([styleSourceOf(html)]);
    expect(directiveOf(csp, 'base-uri')).toEqual(["'none'"]);
    // 'unsafe-inline' at most for style attributes: never for scripts or style elements.
    expect(csp.split(';').filter((directive) => directive.includes('unsafe') && directive.trim() !== "style-src-attr 'unsafe-inline'")).toEqual([]);
    expect(html).not.toContain('<script');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect(headers.get('Permissions-Policy')).toContain('camera=()');
    expect(headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    return csp;
  }

  it('the sign-in page: never framed, forms to itself and the portal, no referrer', async () => {
    const client = newClient();
    await visit(client);
    const page = await client.get(authorizeUrl(sandbox, pkce().challenge), { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const csp = expectStrictPage(page.headers, page.text);
    expect(directiveOf(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
    expect(directiveOf(csp, 'form-action')).toEqual(["'self'", portal]);
    expect(directiveOf(csp, 'style-src-attr')).toEqual([]);
    expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  it('the payment page: framed by the portal origin and nothing else; its style attributes allowed, not its scripts', async () => {
    const client = newClient();
    await client.signInAs('payment-tester@example.com');
    const order = await insertOrder(sandbox, { userId });
    const upsert = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(order) });
    const redirectUrl = new URL((upsert.body as components['schemas']['PaymentUpsertResponse']).redirectUrl);
    const page = await client.get(redirectUrl.pathname + redirectUrl.search, { unchecked: true, headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const csp = expectStrictPage(page.headers, page.text);
    expect(directiveOf(csp, 'frame-ancestors')).toEqual([portal]);
    expect(page.headers.get('X-Frame-Options')).toBeNull();
    // Its forms post in the frame, to itself; only the leaving page (decision 9) sends the portal's window on.
    expect(directiveOf(csp, 'form-action')).toEqual(["'self'"]);
    expect(directiveOf(csp, 'style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(page.headers.get('Referrer-Policy')).toBe('same-origin');
  });

  it('the outbox page: never framed, no forms elsewhere', async () => {
    const page = await newClient().get('/__sandbox/outbox', { unchecked: true, headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const csp = expectStrictPage(page.headers, page.text);
    expect(directiveOf(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
    expect(directiveOf(csp, 'form-action')).toEqual(["'self'"]);
  });

  it('the API answers are not sniffed either', async () => {
    const answer = await newClient().get('/api/v1/order/countries');
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

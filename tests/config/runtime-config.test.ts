import { readFileSync } from 'node:fs';
import path from 'node:path';

import { isAllowedFrameUrl, loadRuntimeConfig, localize, parseRuntimeConfig } from '#src/config/runtime-config';

const shipped = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../public/config.json'), 'utf8')) as Record<string, unknown>;

function withChanges(changes: Record<string, unknown>) {
  return { ...structuredClone(shipped), ...changes };
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

describe('runtime configuration', () => {
  it('accepts the shipped config.json', () => {
    const result = parseRuntimeConfig(shipped);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.config.product.name).toBe('deuti');
      expect(result.config.oauth.clientId).toBe('portal-web');
    }
  });

  it.each([
    ['joti', 'joti'],
    [9996, 'seti'],
    ['unknown-product', 'deuti'],
    [undefined, 'deuti'],
  ])('product %j means %s', (product, expected) => {
    const result = parseRuntimeConfig(withChanges({ product }));
    expect(result.ok && result.config.product.name).toBe(expected);
  });

  it('names each bad entry with its path', () => {
    const result = parseRuntimeConfig(
      withChanges({ apiBaseUrl: 'ftp://nope', supportEmail: 'not-an-email', paymentFrameOrigins: ['https://pay.example.com/path'] }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.some((p) => p.startsWith('apiBaseUrl:'))).toBe(true);
      expect(result.problems.some((p) => p.startsWith('supportEmail:'))).toBe(true);
      expect(result.problems.some((p) => p.startsWith('paymentFrameOrigins.0:'))).toBe(true);
    }
  });

  it.each([
    ['apiBaseUrl', { apiBaseUrl: 'https://api.example.com' }],
    ['apiBaseUrl', { apiBaseUrl: '//api.example.com/' }],
    ['apiBaseUrl', { apiBaseUrl: '/\\api.example.com/' }],
    ['oauth.tokenPath', { oauth: { ...(shipped.oauth as object), tokenPath: 'https://login.example.com/token' } }],
    ['oauth.logoutPath', { oauth: { ...(shipped.oauth as object), logoutPath: 'https://login.example.com/logout' } }],
  ])('refuses %s on another origin, and says why (decision 27: the session works on one origin only)', (key, changes) => {
    const result = parseRuntimeConfig(withChanges(changes));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems).toEqual([
        expect.stringMatching(new RegExp(`^${key.replace('.', '\\.')}: must be a path on the portal's origin.*the session works on one origin only`)),
      ]);
  });

  it('accepts the authorization server’s page on an origin of its own (the browser is sent there; no cookie of the portal is needed)', () => {
    expect(parseRuntimeConfig(withChanges({ oauth: { ...(shipped.oauth as object), authorizePath: 'https://login.example.com/authorize' } })).ok).toBe(true);
  });

  it('refuses a config without site content', () => {
    const { siteContent: _ignored, ...rest } = shipped;
    const result = parseRuntimeConfig(rest);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toContain('siteContent');
  });

  it('reports an unreachable, missing or broken file instead of throwing', async () => {
    const offline = await loadRuntimeConfig(() => Promise.reject(new TypeError('Failed to fetch')));
    const missing = await loadRuntimeConfig(() => Promise.resolve(jsonResponse('not found', 404)));
    const broken = await loadRuntimeConfig(() => Promise.resolve(jsonResponse('{ nope')));
    expect(offline).toMatchObject({ ok: false, problems: [expect.stringContaining('could not be loaded')] });
    expect(missing).toMatchObject({ ok: false, problems: ['/config.json: HTTP 404'] });
    expect(broken).toMatchObject({ ok: false, problems: ['/config.json: is not valid JSON'] });
  });

  it('loads and validates a served file', async () => {
    const result = await loadRuntimeConfig(() => Promise.resolve(jsonResponse(shipped)));
    expect(result.ok).toBe(true);
  });

  it('localizes texts given per locale or as one string', () => {
    expect(localize({ 'de-DE': 'Hilfe', 'en-US': 'Help' }, 'en-US')).toBe('Help');
    expect(localize('Logo', 'de-DE')).toBe('Logo');
  });

  it('lets the payment frame load only allowed origins', () => {
    const allowed = ['self', 'https://pay.example.com'] as const;
    const portal = 'http://localhost:5173';
    expect(isAllowedFrameUrl('http://localhost:5173/sandbox/pay/1', [...allowed], portal)).toBe(true);
    expect(isAllowedFrameUrl('https://pay.example.com/session/9', [...allowed], portal)).toBe(true);
    expect(isAllowedFrameUrl('https://pay.example.com.evil.test/x', [...allowed], portal)).toBe(false);
    expect(isAllowedFrameUrl('http://pay.example.com/x', [...allowed], portal)).toBe(false);
    expect(isAllowedFrameUrl('javascript:alert(1)', [...allowed], portal)).toBe(false);
    expect(isAllowedFrameUrl('not a url', [...allowed], portal)).toBe(false);
    expect(isAllowedFrameUrl('http://localhost:5173/x', ['https://pay.example.com'], portal)).toBe(false);
  });
});

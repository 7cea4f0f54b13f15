// @vitest-environment node
import { calculatePKCECodeChallenge } from 'oauth4webapi';

import { createApiClient } from '#src/api/client';
import { type AuthEnvironment, beginAuthorization, completeAuthorization } from '#src/auth/authorization';
import { parseRuntimeConfig, type RuntimeConfig } from '#src/config/runtime-config';
import shipped from '../../public/config.json';

const origin = 'http://localhost:5173';
const parsed = parseRuntimeConfig(shipped);
if (!parsed.ok) throw new Error('shipped config invalid');
const config: RuntimeConfig = parsed.config;

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

function environment(
  answer: () => Response = () =>
    new Response(JSON.stringify({ token_type: 'Bearer', expires_in: 900, expires_at: 2_000_000_000, scope: 'openid' }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
) {
  const requests: Request[] = [];
  const api = createApiClient({
    baseUrl: origin,
    onMaintenance: () => {},
    readCookies: () => '',
    fetch: (request) => (requests.push(request), Promise.resolve(answer())),
  });
  const storage = memoryStorage();
  const env: AuthEnvironment = { config, origin, storage, api, locale: 'de-DE' };
  return { env, storage, requests };
}

describe('authorization request (SPEC.md 4.7)', () => {
  it('asks for the code with PKCE S256, the scope, a state and the exact redirect URI', async () => {
    const { env, storage } = environment();
    const url = new URL(await beginAuthorization(env, '/app/dashboard/tickets'));
    expect(url.origin + url.pathname).toBe(`${origin}/api/v2/auth/authorization/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'portal-web',
      redirect_uri: `${origin}/app/oauth/callback`,
      scope: 'openid profile email offline_access',
      code_challenge_method: 'S256',
      ui_locales: 'de-DE',
    });
    const transaction = JSON.parse(storage.data.get('portal.oauth.transaction')!) as { state: string; verifier: string; returnTo: string };
    expect(url.searchParams.get('state')).toBe(transaction.state);
    expect(transaction.verifier).toHaveLength(96);
    expect(url.searchParams.get('code_challenge')).toBe(await calculatePKCECodeChallenge(transaction.verifier));
    expect(transaction.returnTo).toBe('/app/dashboard/tickets');
  });

  it('does not remember a foreign return path', async () => {
    const { env, storage } = environment();
    await beginAuthorization(env, 'https://evil.example/app');
    expect(JSON.parse(storage.data.get('portal.oauth.transaction')!)).not.toHaveProperty('returnTo');
  });
});

describe('callback', () => {
  async function started(returnTo = '/app/dashboard/tickets') {
    const setup = environment();
    const url = new URL(await beginAuthorization(setup.env, returnTo));
    return { ...setup, state: url.searchParams.get('state')! };
  }

  it('exchanges the code with the verifier, returns where the customer was, and forgets the transaction', async () => {
    const { env, storage, requests, state } = await started();
    const result = await completeAuthorization(env, `${origin}/app/oauth/callback?code=abc&state=${state}`);
    expect(result).toEqual({ expiresAt: 2_000_000_000, expiresIn: 900, returnTo: '/app/dashboard/tickets' });
    const body = new URLSearchParams(await requests[0]!.text());
    expect(Object.fromEntries(body)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'abc',
      redirect_uri: `${origin}/app/oauth/callback`,
      client_id: 'portal-web',
    });
    expect(body.get('code_verifier')).toHaveLength(96);
    expect(storage.data.size).toBe(0);
  });

  it('refuses a tampered state without calling the token endpoint', async () => {
    const { env, requests, storage } = await started();
    await expect(completeAuthorization(env, `${origin}/app/oauth/callback?code=abc&state=forged`)).rejects.toMatchObject({ code: 'callbackRefused' });
    expect(requests).toHaveLength(0);
    expect(storage.data.size).toBe(0);
  });

  it('refuses an error answer and a callback nobody started', async () => {
    const { env, state } = await started();
    await expect(completeAuthorization(env, `${origin}/app/oauth/callback?error=access_denied&state=${state}`)).rejects.toMatchObject({
      code: 'callbackRefused',
    });
    await expect(completeAuthorization(env, `${origin}/app/oauth/callback?code=abc&state=${state}`)).rejects.toMatchObject({ code: 'callbackRefused' });
  });

  it('refuses a return path that was tampered with in storage', async () => {
    const { env, storage, state } = await started();
    const transaction = JSON.parse(storage.data.get('portal.oauth.transaction')!) as Record<string, string>;
    storage.data.set('portal.oauth.transaction', JSON.stringify({ ...transaction, returnTo: '//evil.example/app' }));
    await expect(completeAuthorization(env, `${origin}/app/oauth/callback?code=abc&state=${state}`)).rejects.toMatchObject({ code: 'callbackRefused' });
  });

  it('reports a refused exchange', async () => {
    const setup = environment(() => new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
    const url = new URL(await beginAuthorization(setup.env, undefined));
    await expect(completeAuthorization(setup.env, `${origin}/app/oauth/callback?code=abc&state=${url.searchParams.get('state')}`)).rejects.toMatchObject({
      code: 'exchangeFailed',
    });
  });
});

describe('clock skew', () => {
  it('measures the expiry with expires_in when the cookie holds the last answer, so a wrong clock does not refresh on every call', async () => {
    const { localExpiresAt, needsRefresh, recordGrant } = await import('#src/auth/expiry');
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    // This computer's clock is 700 s ahead of the server's.
    const serverNow = 1_800_000_000;
    const localNow = serverNow + 700;
    recordGrant(storage, { expiresAt: serverNow + 900, expiresIn: 900 }, localNow);
    expect(needsRefresh(serverNow + 900, localNow)).toBe(true);
    expect(localExpiresAt(serverNow + 900, storage)).toBe(localNow + 900);
    expect(needsRefresh(localExpiresAt(serverNow + 900, storage), localNow)).toBe(false);
    // Another expiry in the cookie (a newer session elsewhere) is taken as it is.
    expect(localExpiresAt(serverNow + 5, storage)).toBe(serverNow + 5);
  });
});

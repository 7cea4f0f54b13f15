// @vitest-environment node

import { one } from '#sandbox/db/database';
import { demoPassword } from '#sandbox/seed/users';
import { createTestSandbox, type CallResult, type TestClient } from './harness';
import { axeViolations } from './html-axe';
import {
  authorizeUrl,
  callbackUri,
  exchangeCode,
  formFields,
  locationOf,
  pkce,
  register,
  freshEmail,
  signIn,
  signInWithPassword,
  tokenPath,
  userInfoPath,
  visit,
} from './scenarios/auth';

/**
 * The authorization server, driven through HTTP as the portal and a browser drive it: authorize,
 * the sign-in page, its form, the callback redirect, the token endpoint, refresh, logout.
 */

const { sandbox, newClient } = await createTestSandbox();
const email = 'deuti@example.com';

async function anonymousClient(): Promise<TestClient> {
  const client = newClient();
  await visit(client);
  return client;
}

function setCookieLine(result: CallResult, name: string): string | undefined {
  return result.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

function oauthErrorOf(result: CallResult): string | undefined {
  return (result.body as { error?: string }).error;
}

async function sessionCount(userId: string): Promise<number> {
  return Number((await one<{ n: number }>(sandbox.db, 'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL', [userId]))?.n);
}

describe('authorization code flow with PKCE', () => {
  it('authorize shows the German sign-in page; the form redirects to the callback with code and state; the token exchange sets HttpOnly cookies only', async () => {
    const client = await anonymousClient();
    const { verifier, challenge } = pkce();
    const page = await client.get(authorizeUrl(sandbox, challenge, { state: 'abc-123' }), { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toContain('text/html');
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(page.text).toContain('<html lang="de-DE">');
    expect(page.text).toMatch(/<h1>Anmelden<\/h1>/);
    expect(page.text).toContain(`href="${sandbox.config.portalOrigin}/password-reset"`);
    expect(page.text).toContain('Passwort vergessen?');
    expect(page.text).toContain(`href="${sandbox.config.portalOrigin}/order"`);
    expect(page.text).toMatch(/<a href="[^"]*ui_locales=en-US[^"]*" hreflang="en-US" lang="en-US">English<\/a>/);

    const posted = await client.post('/sandbox/sign-in', { form: { ...formFields(page.text), email, password: demoPassword } });
    expect(posted.status).toBe(302);
    const callback = locationOf(posted);
    expect(`${callback.origin}${callback.pathname}`).toBe(callbackUri(sandbox));
    expect(callback.searchParams.get('state')).toBe('abc-123');
    const code = callback.searchParams.get('code')!;
    expect(code).toMatch(/^[\w-]{43}$/);
    // Stored hashed, bound to the challenge, living at most 60 s.
    const stored = await one<{ code_challenge: string; expires_at: number }>(
      sandbox.db,
      'SELECT code_challenge, expires_at FROM authorization_codes WHERE code_hash = ?',
      [code],
    );
    expect(stored).toBeUndefined();
    const latest = await one<{ code_challenge: string; expires_at: number; redirect_uri: string; client_id: string; scope: string }>(
      sandbox.db,
      'SELECT code_challenge, expires_at, redirect_uri, client_id, scope FROM authorization_codes ORDER BY rowid DESC LIMIT 1',
    );
    expect(latest).toMatchObject({
      code_challenge: challenge,
      redirect_uri: callbackUri(sandbox),
      client_id: 'portal-web',
      scope: 'openid profile email offline_access',
    });
    expect(latest!.expires_at - Date.now() / 1000).toBeLessThanOrEqual(60);

    const token = await exchangeCode(client, code, verifier);
    expect(token.status).toBe(200);
    expect(token.headers.get('Cache-Control')).toBe('no-store');
    expect(Object.keys(token.body as object).sort()).toEqual(['expires_at', 'expires_in', 'scope', 'token_type']);
    const access = setCookieLine(token, 'portal_session');
    const refresh = setCookieLine(token, 'portal_refresh');
    const expiresAt = setCookieLine(token, 'jwt_expires_at');
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/SameSite=Lax/i);
    expect(refresh).toMatch(/HttpOnly/i);
    expect(refresh).toMatch(/Path=\/api\/v2\/auth\/authorization/);
    expect(expiresAt).not.toMatch(/HttpOnly/i);
    expect(Number(client.cookie('jwt_expires_at'))).toBe((token.body as { expires_at: number }).expires_at);
    // No token in the body.
    expect(token.text).not.toContain(client.cookie('portal_session')!);
    expect(token.text).not.toContain(client.cookie('portal_refresh')!);

    const info = await client.get(userInfoPath);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ sub: 'user-deuti', email, email_verified: true, product: 'deuti', given_name: 'Erika', family_name: 'Mustermann' });
  });

  it('shows the page in English with ui_locales=en-US, with a switch back to German', async () => {
    const client = await anonymousClient();
    const page = await client.get(authorizeUrl(sandbox, pkce().challenge, { ui_locales: 'en-US' }));
    expect(page.text).toContain('<html lang="en-US">');
    expect(page.text).toMatch(/<h1>Sign in<\/h1>/);
    expect(page.text).toContain('Forgot your password?');
    expect(page.text).toMatch(/<a href="[^"]*ui_locales=de-DE[^"]*" hreflang="de-DE" lang="de-DE">Deutsch<\/a>/);
    expect(formFields(page.text).ui_locales).toBe('en-US');
  });

  it('the sign-in page is accessible: labels, one h1, autocomplete, errors tied with aria-describedby, axe-clean', async () => {
    const client = await anonymousClient();
    for (const locale of ['de-DE', 'en-US']) {
      const page = await client.get(authorizeUrl(sandbox, pkce().challenge, { ui_locales: locale }));
      expect(page.text.match(/<h1>/g)).toHaveLength(1);
      expect(page.text).toMatch(/<label for="email">/);
      expect(page.text).toMatch(/<label for="password">/);
      expect(page.text).toMatch(/id="email"[^>]*autocomplete="username"/);
      expect(page.text).toMatch(/id="password"[^>]*autocomplete="current-password"/);
      expect(await axeViolations(page.text)).toEqual([]);

      const wrong = await client.post('/sandbox/sign-in', { form: { ...formFields(page.text), email, password: 'Wrong-Password-1!' } });
      expect(wrong.status).toBe(401);
      expect(wrong.text).toContain(locale === 'de-DE' ? 'Die E-Mail-Adresse oder das Passwort ist falsch.' : 'The email address or the password is wrong.');
      expect(wrong.text).toMatch(/<div id="form-error" class="error" role="alert">/);
      expect(wrong.text).toMatch(/id="email"[^>]*value="deuti@example.com" aria-invalid="true" aria-describedby="form-error"/);
      expect(wrong.text).toMatch(/id="password"[^>]*aria-invalid="true" aria-describedby="form-error"/);
      expect(await axeViolations(wrong.text)).toEqual([]);

      const empty = await client.post('/sandbox/sign-in', { form: { ...formFields(page.text), email: '', password: '' } });
      expect(empty.status).toBe(400);
      expect(empty.text).toMatch(/aria-describedby="email-error"/);
      expect(empty.text).toMatch(/<p id="email-error" class="error">/);
      expect(empty.text).toMatch(/aria-describedby="password-error"/);
      expect(await axeViolations(empty.text)).toEqual([]);
    }
  });

  it('the sign-in form is CSRF-protected: no token, a token of another browser, a cross-site post are refused', async () => {
    const client = await anonymousClient();
    const page = await client.get(authorizeUrl(sandbox, pkce().challenge));
    const fields: Record<string, string> = { ...formFields(page.text), email, password: demoPassword };

    const { csrf: _csrf, ...withoutToken } = fields;
    expect((await client.post('/sandbox/sign-in', { form: withoutToken })).status).toBe(403);

    const other = await anonymousClient();
    const otherPage = await other.get(authorizeUrl(sandbox, pkce().challenge));
    const foreign = await client.post('/sandbox/sign-in', { form: { ...fields, csrf: formFields(otherPage.text).csrf! } });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('Das Formular ist abgelaufen.');

    const crossSite = await client.post('/sandbox/sign-in', { form: fields, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('Location')).toBeNull();

    // The genuine form still works.
    expect((await client.post('/sandbox/sign-in', { form: fields })).status).toBe(302);
  });

  it('an unverified address may sign in (documented decision)', async () => {
    const client = await anonymousClient();
    const address = freshEmail('unverified');
    expect((await register(client, { username: address })).status).toBe(201);
    const fresh = await anonymousClient();
    await signIn(fresh, address, 'Neues-Passwort-7!');
    expect((await fresh.get(userInfoPath)).body).toMatchObject({ email: address, email_verified: false });
  });

  it('a browser with a valid session gets a code at once, without the page', async () => {
    const client = await anonymousClient();
    await signIn(client, email, demoPassword);
    const { verifier, challenge } = pkce();
    const direct = await client.get(authorizeUrl(sandbox, challenge, { state: 'again' }));
    expect(direct.status).toBe(302);
    const location = locationOf(direct);
    expect(location.searchParams.get('state')).toBe('again');
    expect((await exchangeCode(client, location.searchParams.get('code')!, verifier)).status).toBe(200);
  });
});

describe('authorize refuses', () => {
  const reportedError = async (overrides: Record<string, string | undefined>) => {
    const client = await anonymousClient();
    const result = await client.get(authorizeUrl(sandbox, pkce().challenge, { state: 'st-1', ...overrides }));
    expect(result.status).toBe(302);
    const location = locationOf(result);
    expect(`${location.origin}${location.pathname}`).toBe(callbackUri(sandbox));
    expect(location.searchParams.get('code')).toBeNull();
    return location;
  };

  it.each([
    ['code_challenge_method=plain', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a missing code_challenge', { code_challenge: undefined }, 'invalid_request'],
    ['a missing code_challenge_method', { code_challenge_method: undefined }, 'invalid_request'],
    ['a 42-character challenge', { code_challenge: 'a'.repeat(42) }, 'invalid_request'],
    ['a challenge with characters outside base64url', { code_challenge: `${'a'.repeat(42)}+` }, 'invalid_request'],
    ['a scope without openid', { scope: 'profile email' }, 'invalid_scope'],
    ['an unknown scope', { scope: 'openid admin' }, 'invalid_scope'],
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
    ['an unsupported ui_locales', { ui_locales: 'fr-FR' }, 'invalid_request'],
  ])('%s: redirected to the redirect URI with the error and the state', async (_name, overrides, error) => {
    const location = await reportedError(overrides);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('st-1');
  });

  it('a missing state: redirected with invalid_request (and no state)', async () => {
    const location = await reportedError({ state: undefined });
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.has('state')).toBe(false);
  });

  it('a parameter given twice: invalid_request', async () => {
    const client = await anonymousClient();
    const result = await client.get(`${authorizeUrl(sandbox, pkce().challenge, { state: 'st-2' })}&code_challenge_method=plain`);
    expect(locationOf(result).searchParams.get('error')).toBe('invalid_request');
  });

  it.each([
    ['an unknown client', { client_id: 'evil-app' }],
    ['a missing client', { client_id: undefined }],
    ['a redirect URI different by one character', { redirect_uri: `${sandbox.config.portalOrigin}/app/oauth/callbacK` }],
    ['a redirect URI with a trailing slash', { redirect_uri: `${sandbox.config.portalOrigin}/app/oauth/callback/` }],
    ['a redirect URI on another host', { redirect_uri: 'https://attacker.example/app/oauth/callback' }],
    ['an unknown client even with PKCE plain', { client_id: 'evil-app', code_challenge_method: 'plain' }],
  ])('%s: 400, never a redirect', async (_name, overrides) => {
    const client = await anonymousClient();
    const result = await client.get(authorizeUrl(sandbox, pkce().challenge, overrides));
    expect(result.status).toBe(400);
    expect(result.headers.get('Location')).toBeNull();
    expect(result.headers.get('Content-Type')).toContain('application/problem+json');
  });
});

describe('the token endpoint refuses', () => {
  let client: TestClient;
  let flow: Awaited<ReturnType<typeof signInWithPassword>>;
  beforeEach(async () => {
    client = await anonymousClient();
    flow = await signInWithPassword(client, email, demoPassword);
  });

  it('verifiers of 42 and 129 characters and outside the unreserved set (invalid_request); the code then still works', async () => {
    for (const verifier of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(50)}+/=`]) {
      const result = await exchangeCode(client, flow.code, verifier);
      expect(result.status).toBe(400);
      expect(oauthErrorOf(result)).toBe('invalid_request');
      expect(result.headers.get('Cache-Control')).toBe('no-store');
    }
    expect((await exchangeCode(client, flow.code, flow.verifier)).status).toBe(200);
  });

  it('a verifier of 43 and of 128 characters is accepted when it matches', async () => {
    for (const length of [43, 128]) {
      const other = await anonymousClient();
      const { verifier, challenge } = pkce(length);
      const page = await other.get(authorizeUrl(sandbox, challenge, { state: 's' }));
      const posted = await other.post('/sandbox/sign-in', { form: { ...formFields(page.text), email, password: demoPassword } });
      expect((await exchangeCode(other, locationOf(posted).searchParams.get('code')!, verifier)).status).toBe(200);
    }
  });

  it('a wrong verifier (invalid_grant); the code is used up', async () => {
    const wrong = await exchangeCode(client, flow.code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(oauthErrorOf(wrong)).toBe('invalid_grant');
    expect(client.cookie('portal_session')).toBeUndefined();
    expect(oauthErrorOf(await exchangeCode(client, flow.code, flow.verifier))).toBe('invalid_grant');
  });

  it('a code used twice (invalid_grant) and the session it gave is revoked', async () => {
    expect((await exchangeCode(client, flow.code, flow.verifier)).status).toBe(200);
    expect((await client.get(userInfoPath)).status).toBe(200);
    const attacker = await anonymousClient();
    const replay = await exchangeCode(attacker, flow.code, flow.verifier);
    expect(replay.status).toBe(400);
    expect(oauthErrorOf(replay)).toBe('invalid_grant');
    expect(attacker.cookie('portal_session')).toBeUndefined();
    // RFC 6749 10.5: the session issued from the code ends.
    expect((await client.get(userInfoPath)).status).toBe(401);
    expect(oauthErrorOf(await client.post(tokenPath, { form: { grant_type: 'refresh_token', client_id: 'portal-web' } }))).toBe('invalid_grant');
  });

  it('a code after 61 seconds (invalid_grant), while one at 59 seconds still works', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const late = await signInWithPassword(client, email, demoPassword);
      vi.setSystemTime(Date.now() + 61_000);
      const expired = await exchangeCode(client, late.code, late.verifier);
      expect(expired.status).toBe(400);
      expect(oauthErrorOf(expired)).toBe('invalid_grant');

      const inTime = await signInWithPassword(client, email, demoPassword);
      vi.setSystemTime(Date.now() + 59_000);
      expect((await exchangeCode(client, inTime.code, inTime.verifier)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a redirect_uri different by one character (invalid_grant)', async () => {
    const result = await exchangeCode(client, flow.code, flow.verifier, { redirect_uri: `${callbackUri(sandbox)}x` });
    expect(oauthErrorOf(result)).toBe('invalid_grant');
  });

  it('an unknown client (invalid_client)', async () => {
    const result = await exchangeCode(client, flow.code, flow.verifier, { client_id: 'evil-app' });
    expect(result.status).toBe(400);
    expect(oauthErrorOf(result)).toBe('invalid_client');
  });

  it('missing parameters (invalid_request) and an unknown grant type (unsupported_grant_type)', async () => {
    const missing = await client.post(tokenPath, {
      form: { grant_type: 'authorization_code', code: flow.code, redirect_uri: callbackUri(sandbox), client_id: 'portal-web' },
    });
    expect(oauthErrorOf(missing)).toBe('invalid_request');
    const password = await client.post(tokenPath, { form: { grant_type: 'password', username: email, password: demoPassword, client_id: 'portal-web' } });
    expect(oauthErrorOf(password)).toBe('unsupported_grant_type');
  });
});

describe('refresh, logout and auto sign-in', () => {
  it('refresh rotates; the old refresh token coming back revokes the session, the newest one included', async () => {
    const client = await anonymousClient();
    await signIn(client, email, demoPassword);
    const firstRefresh = client.cookie('portal_refresh')!;
    const firstAccess = client.cookie('portal_session')!;

    const rotated = await client.post(tokenPath, { form: { grant_type: 'refresh_token', client_id: 'portal-web' } });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('Cache-Control')).toBe('no-store');
    expect(setCookieLine(rotated, 'portal_refresh')).toMatch(/HttpOnly/i);
    const secondRefresh = client.cookie('portal_refresh')!;
    expect(secondRefresh).not.toBe(firstRefresh);
    expect(client.cookie('portal_session')).not.toBe(firstAccess);
    expect((await client.get(userInfoPath)).status).toBe(200);

    const reused = await client.post(tokenPath, { form: { grant_type: 'refresh_token', client_id: 'portal-web', refresh_token: firstRefresh } });
    expect(reused.status).toBe(400);
    expect(oauthErrorOf(reused)).toBe('invalid_grant');
    // The whole session is gone: the newest refresh token and the current access token too.
    expect(client.cookie('portal_refresh')).toBe(secondRefresh);
    expect(oauthErrorOf(await client.post(tokenPath, { form: { grant_type: 'refresh_token', client_id: 'portal-web' } }))).toBe('invalid_grant');
    expect((await client.get(userInfoPath)).status).toBe(401);
  });

  it('refresh without a refresh token is invalid_request', async () => {
    const client = await anonymousClient();
    expect(oauthErrorOf(await client.post(tokenPath, { form: { grant_type: 'refresh_token', client_id: 'portal-web' } }))).toBe('invalid_request');
  });

  it('logout revokes the session and clears the cookies; the old cookies are dead', async () => {
    const client = await anonymousClient();
    await signIn(client, email, demoPassword);
    const oldAccess = client.cookie('portal_session')!;
    const oldRefresh = client.cookie('portal_refresh')!;

    const out = await client.post('/api/v2/auth/authorization/logout');
    expect(out.status).toBe(204);
    for (const name of ['portal_session', 'portal_refresh', 'jwt_expires_at']) {
      expect(setCookieLine(out, name)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
      expect(client.cookie(name)).toBeUndefined();
    }

    const replay = await anonymousClient();
    replay.jar.set('portal_session', { value: oldAccess, path: '/' });
    expect((await replay.get(userInfoPath)).status).toBe(401);
    const refresh = await replay.post(tokenPath, { form: { grant_type: 'refresh_token', client_id: 'portal-web', refresh_token: oldRefresh } });
    expect(oauthErrorOf(refresh)).toBe('invalid_grant');
  });

  it('logout works without a session, and with only the refresh cookie (expired access token)', async () => {
    const nobody = await anonymousClient();
    expect((await nobody.post('/api/v2/auth/authorization/logout')).status).toBe(204);

    const client = await anonymousClient();
    await signIn(client, email, demoPassword);
    const user = 'user-deuti';
    const before = await sessionCount(user);
    client.jar.delete('portal_session');
    expect((await client.post('/api/v2/auth/authorization/logout')).status).toBe(204);
    expect(await sessionCount(user)).toBe(before - 1);
  });

  it('the auto sign-in grant works once; a second use is invalid_grant and ends the session it gave', async () => {
    const client = await anonymousClient();
    const address = freshEmail('auto');
    const registered = await register(client, { username: address });
    const code = (registered.body as { auto_sign_in_code: string }).auto_sign_in_code;
    const grant = { grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in', auto_sign_in_code: code, client_id: 'portal-web' };

    const first = await client.post(tokenPath, { form: grant });
    expect(first.status).toBe(200);
    expect(setCookieLine(first, 'portal_session')).toMatch(/HttpOnly/i);
    expect((await client.get(userInfoPath)).body).toMatchObject({ email: address });

    const other = await anonymousClient();
    const second = await other.post(tokenPath, { form: grant });
    expect(oauthErrorOf(second)).toBe('invalid_grant');
    expect((await client.get(userInfoPath)).status).toBe(401);
  });

  it('an auto sign-in code after its lifetime is invalid_grant', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const client = await anonymousClient();
      const registered = await register(client, { username: freshEmail('late') });
      const { auto_sign_in_code: code, expires_in: expiresIn } = registered.body as { auto_sign_in_code: string; expires_in: number };
      vi.setSystemTime(Date.now() + (expiresIn + 1) * 1000);
      const late = await client.post(tokenPath, {
        form: { grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in', auto_sign_in_code: code, client_id: 'portal-web' },
      });
      expect(oauthErrorOf(late)).toBe('invalid_grant');
    } finally {
      vi.useRealTimers();
    }
  });
});

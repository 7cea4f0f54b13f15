import { randomUUID } from 'node:crypto';

import type { Sandbox } from '#sandbox/app';
import { all, one } from '#sandbox/db/database';
import { demoPassword } from '#sandbox/seed/users';
import { formFields, pkce } from '../../support/authorization-code';
import type { CallResult, Scenario, TestClient } from '../harness';

export { formFields, pkce };

/**
 * Contract scenarios of the "auth" area: each calls operations as the portal would and asserts the
 * effect. The helpers below are shared with the account scenarios and tests/sandbox/oauth.test.ts.
 */

export const authorizePath = '/api/v2/auth/authorization/authorize';
export const tokenPath = '/api/v2/auth/authorization/token';
export const userInfoPath = '/api/v2/auth/connect/user-info';
export const portalScope = 'openid profile email offline_access';

/**
 * A first anonymous visit that hands out the CSRF cookie, through an operation of this area (the
 * harness's visit() calls listCountries of the orders area).
 */
export async function visit(client: TestClient): Promise<void> {
  await client.get('/api/v2/auth/tenants/companies');
}

export function callbackUri(sandbox: Sandbox): string {
  return `${sandbox.config.portalOrigin}/app/oauth/callback`;
}

/** The portal's authorize request; `undefined` in overrides leaves a parameter out. */
export function authorizeUrl(sandbox: Sandbox, challenge: string, overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: 'portal-web',
    redirect_uri: callbackUri(sandbox),
    scope: portalScope,
    state: `state-${randomUUID()}`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return `${authorizePath}?${query.toString()}`;
}

export function locationOf(result: CallResult): URL {
  const location = result.headers.get('Location');
  if (!location) throw new Error(`no Location header (status ${result.status}): ${result.text.slice(0, 300)}`);
  return new URL(location);
}

export interface SignInResult {
  verifier: string;
  state: string;
  code: string;
  page: CallResult;
}

/**
 * The real authorization-code flow up to the callback: authorize, the sign-in page, the form POST,
 * the redirect with code and state.
 */
export async function signInWithPassword(client: TestClient, email: string, password: string, options: { uiLocale?: string } = {}): Promise<SignInResult> {
  const { verifier, challenge } = pkce();
  const state = `state-${randomUUID()}`;
  const page = await client.get(authorizeUrl(client.sandbox, challenge, { state, ui_locales: options.uiLocale }), { headers: { Accept: 'text/html' } });
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}: ${page.text.slice(0, 300)}`);
  const fields = formFields(page.text);
  const posted = await client.post('/sandbox/sign-in', { form: { ...fields, email, password }, headers: { 'Sec-Fetch-Site': 'same-origin' } });
  if (posted.status !== 302) throw new Error(`sign-in answered ${posted.status}: ${posted.text.slice(0, 500)}`);
  const callback = locationOf(posted);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== state) throw new Error(`bad callback ${callback.toString()}`);
  return { verifier, state, code, page };
}

export function exchangeCode(client: TestClient, code: string, verifier: string, overrides: Record<string, string> = {}): Promise<CallResult> {
  return client.post(tokenPath, {
    form: { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: callbackUri(client.sandbox), client_id: 'portal-web', ...overrides },
  });
}

/** Sign-in as the portal does it: the flow, then the token exchange. */
export async function signIn(client: TestClient, email: string, password: string): Promise<CallResult> {
  const { code, verifier } = await signInWithPassword(client, email, password);
  const token = await exchangeCode(client, code, verifier);
  if (token.status !== 200) throw new Error(`token answered ${token.status}: ${token.text}`);
  return token;
}

export const strongPassword = 'Neues-Passwort-7!';

export function freshEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.org`;
}

export function register(client: TestClient, form: Record<string, string | boolean>, key: string = randomUUID(), query = ''): Promise<CallResult> {
  return client.post(`/api/v2/auth/register${query}`, {
    form: {
      client_id: 'portal-web',
      grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in',
      has_agreed_to_privacy_policy: true,
      has_agreed_to_newsletter: false,
      password: strongPassword,
      ...form,
    },
    headers: { 'Idempotency-Key': key },
  });
}

/** Registers a new customer through the API and signs them in with the auto sign-in grant. */
export async function registerAndSignIn(client: TestClient, label = 'customer'): Promise<{ userId: string; email: string; password: string }> {
  await visit(client);
  const email = freshEmail(label);
  const registered = await register(client, { username: email });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const { user_id: userId, auto_sign_in_code: code } = registered.body as { user_id: string; auto_sign_in_code: string };
  const token = await client.post(tokenPath, {
    form: { grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in', auto_sign_in_code: code, client_id: 'portal-web' },
  });
  if (token.status !== 200) throw new Error(`auto sign-in answered ${token.status}: ${token.text}`);
  return { userId, email, password: strongPassword };
}

function problemCode(result: CallResult): string | undefined {
  return (result.body as { code?: string } | undefined)?.code;
}

export const authScenarios: Scenario[] = [
  {
    name: 'register, check the address, auto sign-in, user info and logout',
    run: async ({ sandbox, client }) => {
      await visit(client);
      const email = freshEmail('register');
      expect((await client.post('/api/v2/auth/register/check-email', { json: { email } })).body).toEqual({ is_already_in_use: false });

      const registered = await register(client, { username: email, has_agreed_to_newsletter: true }, randomUUID(), '?affiliate=partner-7');
      expect(registered.status).toBe(201);
      const body = registered.body as { user_id: string; auto_sign_in_code: string; expires_in: number };
      expect(body.expires_in).toBeGreaterThan(0);
      expect(body.expires_in).toBeLessThanOrEqual(60);
      const stored = await one<{ email_verified: number; has_agreed_to_newsletter: number; affiliate: string; password_hash: string }>(
        sandbox.db,
        'SELECT email_verified, has_agreed_to_newsletter, affiliate, password_hash FROM users WHERE id = ?',
        [body.user_id],
      );
      expect(stored).toMatchObject({ email_verified: 0, has_agreed_to_newsletter: 1, affiliate: 'partner-7' });
      expect(stored?.password_hash).not.toContain(strongPassword);
      const [mail] = await sandbox.outbox.list(email);
      expect(mail?.kind).toBe('verify-email');
      expect(mail?.link).toMatch(new RegExp(`^${sandbox.config.portalOrigin}/actions/verify-email\\?user_id=${body.user_id}&token=[\\w-]{43}$`));

      expect((await client.post('/api/v2/auth/register/check-email', { json: { email: email.toUpperCase() } })).body).toEqual({ is_already_in_use: true });

      const token = await client.post(tokenPath, {
        form: { grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in', auto_sign_in_code: body.auto_sign_in_code, client_id: 'portal-web' },
      });
      expect(token.status).toBe(200);
      expect(token.headers.get('Cache-Control')).toBe('no-store');
      expect(client.cookie('portal_session')).toBeTruthy();

      const info = await client.get(userInfoPath);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ sub: body.user_id, email, email_verified: false, product: 'deuti' });

      const out = await client.post('/api/v2/auth/authorization/logout');
      expect(out.status).toBe(204);
      expect(client.cookie('portal_session')).toBeUndefined();
      expect(client.cookie('jwt_expires_at')).toBeUndefined();
      expect((await client.get(userInfoPath)).status).toBe(401);
    },
  },
  {
    name: 'register refuses an address in use, weak passwords, a missing privacy consent and an unknown company',
    run: async ({ client }) => {
      await visit(client);
      const taken = await register(client, { username: 'DEUTI@example.com' });
      expect(taken.status).toBe(409);
      expect(problemCode(taken)).toBe('mailAddressAlreadyExists');

      const weak = await register(client, { username: freshEmail('weak'), password: 'password1' });
      expect(weak.status).toBe(400);
      expect((weak.body as { errors: { field: string; code: string }[] }).errors).toEqual([
        { field: 'password', code: 'passwordUppercase' },
        { field: 'password', code: 'passwordSpecial' },
      ]);

      const noConsent = await register(client, { username: freshEmail('consent'), has_agreed_to_privacy_policy: false });
      expect(noConsent.status).toBe(400);
      expect(JSON.stringify(noConsent.body)).toContain('has_agreed_to_privacy_policy');

      const unknownCompany = await register(client, { username: freshEmail('company'), company_id: 'NOPE0000' });
      expect(unknownCompany.status).toBe(400);
      expect(problemCode(unknownCompany)).toBe('companyIdNotFound');
    },
  },
  {
    name: 'sign in with the authorization code and PKCE, refresh, and authorize again without the page',
    run: async ({ client }) => {
      await visit(client);
      const { code, verifier, page } = await signInWithPassword(client, 'joti@example.com', demoPassword);
      expect(page.headers.get('Content-Type')).toContain('text/html');
      const token = await exchangeCode(client, code, verifier);
      expect(token.status).toBe(200);
      expect(token.body).toMatchObject({ token_type: 'Bearer', scope: portalScope });
      expect((await client.get(userInfoPath)).body).toMatchObject({ email: 'joti@example.com', product: 'joti', given_name: 'Jonas', family_name: 'Becker' });

      const before = client.cookie('portal_session');
      const refreshed = await client.post(tokenPath, { form: { grant_type: 'refresh_token', client_id: 'portal-web' } });
      expect(refreshed.status).toBe(200);
      expect(client.cookie('portal_session')).not.toBe(before);
      expect((await client.get(userInfoPath)).status).toBe(200);

      // Signed in: authorize answers with a code straight away.
      const again = pkce();
      const direct = await client.get(authorizeUrl(client.sandbox, again.challenge, { state: 'second' }));
      expect(direct.status).toBe(302);
      expect(locationOf(direct).searchParams.get('state')).toBe('second');
      expect(locationOf(direct).searchParams.get('code')).toBeTruthy();

      const bad = await exchangeCode(client, 'not-a-code', verifier);
      expect(bad.status).toBe(400);
      expect((bad.body as { error: string }).error).toBe('invalid_grant');
    },
  },
  {
    name: 'companies: the list (by product, sorted by name) and one by id; an unknown id is companyIdNotFound',
    run: async ({ sandbox, client }) => {
      // The catalog seed provides companies; a scenario-owned pair makes this independent of it.
      await sandbox.db.execute(
        "INSERT OR IGNORE INTO companies (id, name, product, customer_price, employer_price, total_price) VALUES ('ZZAUTH01', 'Zebra Werke (auth scenario)', 'joti', 29, 29, 58), ('ZZAUTH02', 'Adler AG (auth scenario)', 'joti', 0, 58, 58)",
      );
      try {
        const list = await client.get('/api/v2/auth/tenants/companies?product=joti');
        expect(list.status).toBe(200);
        const expected = await all<{ id: string; name: string }>(sandbox.db, "SELECT id, name FROM companies WHERE product = 'joti'");
        const names = (list.body as { id: string; name: string }[]).map((company) => company.name);
        expect([...names].sort()).toEqual(expected.map((company) => company.name).sort());
        expect(names).toEqual([...names].sort(new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true }).compare));
        expect(names.indexOf('Adler AG (auth scenario)')).toBeLessThan(names.indexOf('Zebra Werke (auth scenario)'));
        const everything = await client.get('/api/v2/auth/tenants/companies');
        expect((everything.body as unknown[]).length).toBe((await all(sandbox.db, 'SELECT id FROM companies')).length);

        expect((await client.get('/api/v2/auth/tenants/companies/ZZAUTH01')).body).toEqual({ id: 'ZZAUTH01', name: 'Zebra Werke (auth scenario)' });
        const missing = await client.get('/api/v2/auth/tenants/companies/NOPE0000');
        expect(missing.status).toBe(404);
        expect(problemCode(missing)).toBe('companyIdNotFound');
      } finally {
        await sandbox.db.execute("DELETE FROM companies WHERE id IN ('ZZAUTH01', 'ZZAUTH02')");
      }
    },
  },
];

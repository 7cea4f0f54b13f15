import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { Hono } from 'hono';

import type { SandboxConfig } from './config';
import { type Database, one, run } from './db/database';
import { json, problem, redirect, type Reply, toResponse } from './http';
import { csrfTokenFits, hashPassword, hashToken, makeCsrfToken, randomToken, safeEqual, sha256Base64Url, verifyPassword } from './security';
import { createSession, type IssuedSession, revokeSession, rotateRefreshToken, setSessionCookies } from './session';

/**
 * The authorization server of the portal's public client (docs/architecture.md#security and #the-sandbox): authorization code
 * with PKCE S256 only, exact redirect URI, single-use codes of at most 60 s, rotating refresh tokens
 * (sandbox/session.ts), the auto sign-in grant after registration. Tokens only ever travel in
 * HttpOnly cookies. The endpoints are the contract's authorize and requestToken operations
 * (sandbox/handlers/auth.ts); the sign-in form is sandbox/pages/sign-in-page.ts.
 */

export const authorizePath = '/api/v2/auth/authorization/authorize';
export const tokenPath = '/api/v2/auth/authorization/token';
export const signInFormPath = '/sandbox/sign-in';
export const autoSignInGrant = 'urn:portal:params:oauth:grant-type:auto-sign-in';

/** The scopes the server knows; `openid` is required. */
export const supportedScopes = ['openid', 'profile', 'email', 'offline_access'] as const;
export const defaultScope = supportedScopes.join(' ');

export type UiLocale = 'de-DE' | 'en-US';
export const uiLocales: readonly UiLocale[] = ['de-DE', 'en-US'];

/**
 * Pages of the portal the sandbox links to (sign-in page links and mail links). SPEC.md 2.2 fixes the
 * callback and the failed-verification page; the others are this sandbox's choice
 * (docs/decisions: reset page at /password-reset, verification at /actions/verify-email, register
 * through the order wizard at /app/order).
 */
export const portalPaths = {
  callback: '/app/oauth/callback',
  passwordReset: '/password-reset',
  verifyEmail: '/actions/verify-email',
  register: '/order',
} as const;

export function registeredRedirectUri(config: SandboxConfig): string {
  return `${config.portalOrigin}${portalPaths.callback}`;
}

export function portalUrl(config: SandboxConfig, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, config.portalOrigin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const codeTtl = (config: SandboxConfig) => Math.max(1, Math.min(config.codeTtlSeconds, 60));

// ------------------------------------------------------------------------------- authorize request

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  /** The requested scopes, deduplicated, space-separated. */
  scope: string;
  state: string;
  codeChallenge: string;
  uiLocale: UiLocale;
}

export type AuthorizeVerdict =
  | { kind: 'ok'; params: AuthorizeParams }
  /** client_id or redirect_uri is not the registered one: answered here, never redirected. */
  | { kind: 'refused'; reply: Reply }
  /** Any other error: reported to the (valid) redirect URI, RFC 6749 4.1.2.1. */
  | { kind: 'redirect'; location: string };

/** Reads a parameter's values (a query or a form); a parameter given twice is an error. */
export type ParamReader = (name: string) => readonly string[];

const challengePattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * Checks an authorization request in the order RFC 6749 demands: client and redirect URI first
 * (a bad one gets a 400, never a redirect), then the rest, each error redirected with the state.
 */
export function checkAuthorizeRequest(read: ParamReader, config: SandboxConfig): AuthorizeVerdict {
  const single = (name: string): string | undefined | null => {
    const values = read(name);
    if (values.length > 1) return null;
    return values[0];
  };
  const clientId = single('client_id');
  if (clientId !== config.clientId) {
    return { kind: 'refused', reply: problem(400, 'invalidClient', 'Unknown client', { errors: [{ field: 'query.client_id', code: 'invalidClient' }] }) };
  }
  const redirectUri = single('redirect_uri');
  if (redirectUri !== registeredRedirectUri(config)) {
    return {
      kind: 'refused',
      reply: problem(400, 'invalidRedirectUri', 'The redirect URI is not registered for this client', {
        errors: [{ field: 'query.redirect_uri', code: 'invalidRedirectUri' }],
      }),
    };
  }
  const state = single('state');
  const fail = (error: string, description: string): AuthorizeVerdict => ({
    kind: 'redirect',
    location: errorRedirect(redirectUri, error, description, typeof state === 'string' && state !== '' ? state : undefined),
  });

  for (const name of ['response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'ui_locales']) {
    if (single(name) === null) return fail('invalid_request', `${name} is given more than once`);
  }
  const responseType = single('response_type');
  if (!responseType) return fail('invalid_request', 'response_type is required');
  if (responseType !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');

  const scopes = [...new Set((single('scope') ?? '').split(' ').filter(Boolean))];
  if (!scopes.includes('openid')) return fail('invalid_scope', 'The scope must include openid');
  const unknown = scopes.filter((scope) => !(supportedScopes as readonly string[]).includes(scope));
  if (unknown.length > 0) return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}`);

  if (!state) return fail('invalid_request', 'state is required');

  const method = single('code_challenge_method');
  const challenge = single('code_challenge');
  if (!challenge) return fail('invalid_request', 'PKCE is required: code_challenge is missing');
  if (!method) return fail('invalid_request', 'PKCE is required: code_challenge_method must be S256');
  if (method !== 'S256') return fail('invalid_request', 'Only code_challenge_method=S256 is supported');
  if (!challengePattern.test(challenge)) return fail('invalid_request', 'code_challenge must be 43 base64url characters');

  const locale = single('ui_locales');
  if (locale !== undefined && locale !== null && !(uiLocales as readonly string[]).includes(locale)) {
    return fail('invalid_request', 'ui_locales must be de-DE or en-US');
  }
  return {
    kind: 'ok',
    params: { clientId, redirectUri, scope: scopes.join(' '), state, codeChallenge: challenge, uiLocale: (locale as UiLocale | undefined) ?? 'de-DE' },
  };
}

export function errorRedirect(redirectUri: string, error: string, description: string, state: string | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state !== undefined) url.searchParams.set('state', state);
  return url.toString();
}

/** The authorize request's parameters as a query, e.g. for the page's language switch. */
export function authorizeQuery(params: AuthorizeParams, overrides: Partial<Pick<AuthorizeParams, 'uiLocale'>> = {}): URLSearchParams {
  return new URLSearchParams({
    response_type: 'code',
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    scope: params.scope,
    state: params.state,
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
    ui_locales: overrides.uiLocale ?? params.uiLocale,
  });
}

// ------------------------------------------------------------------------------- authorization codes

/**
 * Stores a new authorization code (hashed, single use, at most 60 s) and answers the redirect to
 * the client with `code` and `state`.
 */
export async function issueAuthorizationCode(db: Database, config: SandboxConfig, userId: string, params: AuthorizeParams): Promise<string> {
  const code = randomToken();
  await run(
    db,
    'INSERT INTO authorization_codes (code_hash, user_id, client_id, redirect_uri, code_challenge, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [hashToken(config.secret, code), userId, params.clientId, params.redirectUri, params.codeChallenge, params.scope, nowSeconds() + codeTtl(config)],
  );
  const url = new URL(params.redirectUri);
  url.searchParams.set('code', code);
  url.searchParams.set('state', params.state);
  return url.toString();
}

// ------------------------------------------------------------------------------- credentials

let dummyHash: Promise<string> | undefined;

/**
 * The user of an email and password, or undefined. A deleted account cannot sign in; an unverified
 * one can (docs: the auto sign-in after registration signs in before verification anyway). Unknown
 * addresses take as long as wrong passwords.
 */
export async function authenticate(db: Database, email: string, password: string): Promise<{ id: string } | undefined> {
  const user = await one<{ id: string; password_hash: string }>(db, 'SELECT id, password_hash FROM users WHERE email = ? AND deleted_at IS NULL', [
    email.trim(),
  ]);
  if (!user) {
    dummyHash ??= hashPassword('not-a-password');
    await verifyPassword(password, await dummyHash);
    return undefined;
  }
  return (await verifyPassword(password, user.password_hash)) ? { id: user.id } : undefined;
}

// ------------------------------------------------------------------------------- sign-in form CSRF

/** The cookie that binds the sign-in form's hidden CSRF token to this browser. */
export const signInCookie = 'portal_signin';

/** This browser's sign-in binding; a new one (and its cookie) when there is none. */
export function signInBinding(c: Context, config: SandboxConfig): string {
  let id = getCookie(c, signInCookie);
  if (!id || id.length < 16) {
    id = randomToken(16);
    setCookie(c, signInCookie, id, { path: '/', httpOnly: true, sameSite: 'Strict', secure: config.secureCookies });
  }
  return id;
}

export function makeSignInToken(config: SandboxConfig, binding: string): string {
  return makeCsrfToken(config.secret, `sign-in:${binding}`);
}

/** The form's token must be signed for the binding in this browser's cookie. */
export function signInTokenFits(c: Context, config: SandboxConfig, token: string | undefined): boolean {
  const binding = getCookie(c, signInCookie);
  return Boolean(binding && token && csrfTokenFits(config.secret, `sign-in:${binding}`, token));
}

// ------------------------------------------------------------------------------- token endpoint

export type TokenOutcome = { ok: true; issued: IssuedSession; scope: string } | { ok: false; error: OAuthErrorCode; description: string };
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope';

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** An RFC 6749 5.2 error, as the contract's OAuthError (a problem with `error`). */
export function oauthError(error: OAuthErrorCode, description: string, extra: Record<string, unknown> = {}): Reply {
  return {
    status: 400,
    contentType: 'application/problem+json',
    headers: noStore,
    body: {
      type: `https://sandbox.invalid/problems/${error}`,
      title: 'Bad Request',
      status: 400,
      ...extra,
      code: error,
      error,
      error_description: description,
    },
  };
}

/** The success answer: cookies carry the tokens, the body only the session's metadata. */
export function tokenSuccess(c: Context, config: SandboxConfig, issued: IssuedSession, scope: string): Reply {
  setSessionCookies(c, config, issued);
  return json(200, { token_type: 'Bearer', expires_in: Math.max(0, issued.expiresAt - nowSeconds()), expires_at: issued.expiresAt, scope }, noStore);
}

const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * grant_type=authorization_code. The code is consumed on its first presentation, whatever follows:
 * a code that comes back (reuse, or a second try after a wrong verifier) revokes the session it gave
 * out (RFC 6749 10.5).
 */
export async function exchangeAuthorizationCode(
  db: Database,
  config: SandboxConfig,
  request: { code: string; codeVerifier: string; redirectUri: string; clientId: string },
): Promise<TokenOutcome> {
  if (!verifierPattern.test(request.codeVerifier))
    return { ok: false, error: 'invalid_request', description: 'code_verifier must be 43 to 128 unreserved characters' };
  const codeHash = hashToken(config.secret, request.code);
  const row = await one<{
    user_id: string;
    client_id: string;
    redirect_uri: string;
    code_challenge: string;
    scope: string;
    expires_at: number;
    used_at: string | null;
    session_id: string | null;
  }>(db, 'SELECT user_id, client_id, redirect_uri, code_challenge, scope, expires_at, used_at, session_id FROM authorization_codes WHERE code_hash = ?', [
    codeHash,
  ]);
  const invalid = (description: string): TokenOutcome => ({ ok: false, error: 'invalid_grant', description });
  if (!row) return invalid('The authorization code is invalid, expired or already used.');
  const consumed = await run(db, 'UPDATE authorization_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL', [new Date().toISOString(), codeHash]);
  if (consumed !== 1) {
    const again = await one<{ session_id: string | null }>(db, 'SELECT session_id FROM authorization_codes WHERE code_hash = ?', [codeHash]);
    if (again?.session_id) await revokeSession(db, again.session_id);
    return invalid('The authorization code is invalid, expired or already used.');
  }
  if (row.expires_at < nowSeconds()) return invalid('The authorization code is invalid, expired or already used.');
  if (row.client_id !== request.clientId) return invalid('The authorization code was issued to another client.');
  if (row.redirect_uri !== request.redirectUri) return invalid('redirect_uri differs from the one of the authorization request.');
  if (!safeEqual(sha256Base64Url(request.codeVerifier), row.code_challenge)) return invalid('The code_verifier does not match the code_challenge.');
  const user = await one(db, 'SELECT id FROM users WHERE id = ? AND deleted_at IS NULL', [row.user_id]);
  if (!user) return invalid('The account no longer exists.');
  const issued = await createSession(db, config, row.user_id, row.scope);
  await run(db, 'UPDATE authorization_codes SET session_id = ? WHERE code_hash = ?', [issued.sessionId, codeHash]);
  return { ok: true, issued, scope: row.scope };
}

/** grant_type=refresh_token: rotation; a reused refresh token revokes the whole session. */
export async function refreshSession(db: Database, config: SandboxConfig, refreshToken: string): Promise<TokenOutcome> {
  const outcome = await rotateRefreshToken(db, config, refreshToken);
  if (!outcome.ok) {
    const description = {
      unknown: 'The refresh token is invalid.',
      expired: 'The refresh token has expired.',
      reused: 'The refresh token was already used; the session is revoked.',
      revoked: 'The session was ended.',
    }[outcome.reason];
    return { ok: false, error: 'invalid_grant', description };
  }
  const session = await one<{ scope: string; deleted_at: string | null }>(
    db,
    'SELECT s.scope, u.deleted_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?',
    [outcome.issued.sessionId],
  );
  if (!session || session.deleted_at) {
    await revokeSession(db, outcome.issued.sessionId);
    return { ok: false, error: 'invalid_grant', description: 'The account no longer exists.' };
  }
  return { ok: true, issued: outcome.issued, scope: session.scope };
}

/** A new auto sign-in code for a just registered user (single use, at most 60 s). */
export async function issueAutoSignInCode(db: Database, config: SandboxConfig, userId: string): Promise<{ code: string; expiresIn: number }> {
  const code = randomToken();
  const expiresIn = codeTtl(config);
  await run(db, "INSERT INTO one_time_codes (code_hash, kind, user_id, expires_at) VALUES (?, 'auto-sign-in', ?, ?)", [
    hashToken(config.secret, code),
    userId,
    nowSeconds() + expiresIn,
  ]);
  return { code, expiresIn };
}

/** The auto sign-in grant: the code of register, once; a second use revokes the session it gave. */
export async function exchangeAutoSignInCode(db: Database, config: SandboxConfig, code: string): Promise<TokenOutcome> {
  const codeHash = hashToken(config.secret, code);
  const row = await one<{ user_id: string; expires_at: number }>(
    db,
    "SELECT user_id, expires_at FROM one_time_codes WHERE code_hash = ? AND kind = 'auto-sign-in'",
    [codeHash],
  );
  const invalid: TokenOutcome = { ok: false, error: 'invalid_grant', description: 'The auto sign-in code is invalid, expired or already used.' };
  if (!row) return invalid;
  const consumed = await run(db, 'UPDATE one_time_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL', [new Date().toISOString(), codeHash]);
  if (consumed !== 1) {
    const again = await one<{ session_id: string | null }>(db, 'SELECT session_id FROM one_time_codes WHERE code_hash = ?', [codeHash]);
    if (again?.session_id) await revokeSession(db, again.session_id);
    return invalid;
  }
  if (row.expires_at < nowSeconds()) return invalid;
  const user = await one(db, 'SELECT id FROM users WHERE id = ? AND deleted_at IS NULL', [row.user_id]);
  if (!user) return invalid;
  const issued = await createSession(db, config, row.user_id, defaultScope);
  await run(db, 'UPDATE one_time_codes SET session_id = ? WHERE code_hash = ?', [issued.sessionId, codeHash]);
  return { ok: true, issued, scope: defaultScope };
}

// ------------------------------------------------------------------------------- protocol guards

/**
 * Two places where the contract's generic request validation (sandbox/app.ts, 400 problem) would
 * answer differently from what OAuth demands, handled before and after it:
 * - authorize: errors other than a bad client or redirect URI (plain PKCE, a missing challenge, a
 *   missing state, …) are redirected to the redirect URI with `error` and `state` (RFC 6749
 *   4.1.2.1), which the contract also says.
 * - token: a request the contract refuses (a 42-character verifier, an unknown grant type) gets the
 *   RFC 6749 5.2 error fields the contract's OAuthError response requires.
 */
export function oauthProtocolGuards(config: SandboxConfig): Hono {
  const guards = new Hono();
  guards.use(authorizePath, async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const verdict = checkAuthorizeRequest((name) => c.req.queries(name) ?? [], config);
    if (verdict.kind === 'refused') return toResponse(c, verdict.reply);
    if (verdict.kind === 'redirect') return toResponse(c, redirect(verdict.location));
    return next();
  });
  guards.use(tokenPath, async (c, next) => {
    await next();
    if (c.req.method !== 'POST' || c.res.status !== 400) return;
    const body = (await c.res
      .clone()
      .json()
      .catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || 'error' in body) return;
    const grantType = new URLSearchParams(await c.req.text().catch(() => '')).get('grant_type');
    const known = ['authorization_code', 'refresh_token', autoSignInGrant];
    const reply =
      grantType && !known.includes(grantType)
        ? oauthError('unsupported_grant_type', `grant_type ${grantType} is not supported`)
        : oauthError('invalid_request', 'The token request is malformed or misses a parameter', body.errors ? { errors: body.errors } : {});
    const headers = new Headers(c.res.headers);
    for (const [name, value] of Object.entries(reply.headers ?? {})) headers.set(name, value);
    headers.set('Content-Type', 'application/problem+json');
    c.res = new Response(JSON.stringify(reply.body), { status: 400, headers });
  });
  return guards;
}

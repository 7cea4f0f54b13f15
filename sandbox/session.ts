import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

import type { SandboxConfig } from './config';
import { all, type Database, one, run } from './db/database';
import { csrfTokenFits, hashToken, makeCsrfToken, randomToken } from './security';

/** Cookie names of docs/architecture.md#security and the contract's `SetSessionCookies`. */
export const cookieNames = {
  access: 'portal_session',
  refresh: 'portal_refresh',
  expiresAt: 'jwt_expires_at',
  csrf: 'XSRF-TOKEN',
  anonymous: 'portal_anon',
} as const;
export const csrfHeader = 'X-XSRF-TOKEN';

/** The refresh cookie only travels to the token endpoint. */
const refreshCookiePath = '/api/v2/auth/authorization';

export interface Session {
  sessionId: string;
  userId: string;
  scope: string;
}

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Opens a new session for a user with a fresh access and refresh token. */
export async function createSession(db: Database, config: SandboxConfig, userId: string, scope: string): Promise<IssuedSession> {
  const sessionId = randomToken(16);
  await run(db, 'INSERT INTO sessions (id, user_id, scope, created_at) VALUES (?, ?, ?, ?)', [sessionId, userId, scope, new Date().toISOString()]);
  return issueTokens(db, config, sessionId);
}

/** New access and refresh tokens for a session (sign-in and each refresh). */
export async function issueTokens(db: Database, config: SandboxConfig, sessionId: string): Promise<IssuedSession> {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const expiresAt = nowSeconds() + config.accessTtlSeconds;
  await run(db, 'INSERT INTO tokens (token_hash, kind, session_id, expires_at) VALUES (?, ?, ?, ?)', [
    hashToken(config.secret, accessToken),
    'access',
    sessionId,
    expiresAt,
  ]);
  await run(db, 'INSERT INTO tokens (token_hash, kind, session_id, expires_at) VALUES (?, ?, ?, ?)', [
    hashToken(config.secret, refreshToken),
    'refresh',
    sessionId,
    nowSeconds() + config.refreshTtlSeconds,
  ]);
  return { sessionId, accessToken, refreshToken, expiresAt };
}

export type RefreshOutcome = { ok: true; issued: IssuedSession } | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'revoked' };

/**
 * Rotates a refresh token: the old one is consumed, a new pair is issued. A consumed refresh token
 * that comes back means it was stolen or raced: the whole session is revoked.
 */
export async function rotateRefreshToken(db: Database, config: SandboxConfig, refreshToken: string): Promise<RefreshOutcome> {
  const tokenHash = hashToken(config.secret, refreshToken);
  const row = await one<{ session_id: string; expires_at: number; consumed_at: string | null; revoked_at: string | null }>(
    db,
    `SELECT t.session_id, t.expires_at, t.consumed_at, s.revoked_at FROM tokens t JOIN sessions s ON s.id = t.session_id
     WHERE t.token_hash = ? AND t.kind = 'refresh'`,
    [tokenHash],
  );
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.consumed_at) {
    await revokeSession(db, row.session_id);
    return { ok: false, reason: 'reused' };
  }
  if (row.expires_at < nowSeconds()) return { ok: false, reason: 'expired' };
  // Consume exactly once, even when two requests race: only one UPDATE matches.
  const consumed = await run(db, 'UPDATE tokens SET consumed_at = ? WHERE token_hash = ? AND consumed_at IS NULL', [new Date().toISOString(), tokenHash]);
  if (consumed !== 1) {
    await revokeSession(db, row.session_id);
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, issued: await issueTokens(db, config, row.session_id) };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await run(db, 'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [new Date().toISOString(), sessionId]);
}

/** Ends every session of a user (account deletion, password change elsewhere). */
export async function revokeUserSessions(db: Database, userId: string): Promise<void> {
  await run(db, 'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [new Date().toISOString(), userId]);
}

/** The session of a request, from its access-token cookie, if it is valid. */
export async function readSession(c: Context, db: Database, config: SandboxConfig): Promise<Session | undefined> {
  const accessToken = getCookie(c, cookieNames.access);
  if (!accessToken) return undefined;
  const row = await one<{ session_id: string; user_id: string; scope: string }>(
    db,
    `SELECT t.session_id, s.user_id, s.scope FROM tokens t JOIN sessions s ON s.id = t.session_id JOIN users u ON u.id = s.user_id
     WHERE t.token_hash = ? AND t.kind = 'access' AND t.expires_at >= ? AND s.revoked_at IS NULL AND u.deleted_at IS NULL`,
    [hashToken(config.secret, accessToken), nowSeconds()],
  );
  return row ? { sessionId: row.session_id, userId: row.user_id, scope: row.scope } : undefined;
}

export async function sessionsOfUser(db: Database, userId: string): Promise<{ id: string; revoked_at: string | null }[]> {
  return all(db, 'SELECT id, revoked_at FROM sessions WHERE user_id = ?', [userId]);
}

function cookieBase(config: SandboxConfig) {
  return { path: '/', sameSite: 'Lax' as const, secure: config.secureCookies };
}

/** Puts a session into the browser: tokens HttpOnly, the expiry and a session-bound CSRF token readable. */
export function setSessionCookies(c: Context, config: SandboxConfig, issued: IssuedSession): void {
  const base = cookieBase(config);
  setCookie(c, cookieNames.access, issued.accessToken, { ...base, httpOnly: true, maxAge: config.accessTtlSeconds });
  setCookie(c, cookieNames.refresh, issued.refreshToken, { ...base, path: refreshCookiePath, httpOnly: true, maxAge: config.refreshTtlSeconds });
  setCookie(c, cookieNames.expiresAt, String(issued.expiresAt), { ...base, httpOnly: false, maxAge: config.refreshTtlSeconds });
  setCookie(c, cookieNames.csrf, makeCsrfToken(config.secret, issued.sessionId), { ...base, httpOnly: false });
}

export function clearSessionCookies(c: Context, config: SandboxConfig): void {
  const base = cookieBase(config);
  deleteCookie(c, cookieNames.access, base);
  deleteCookie(c, cookieNames.refresh, { ...base, path: refreshCookiePath });
  deleteCookie(c, cookieNames.expiresAt, base);
  issueAnonymousCsrf(c, config);
}

/** What a CSRF token is bound to: the session, or before sign-in an anonymous browser id. */
function anonymousBinding(c: Context, config: SandboxConfig): string {
  let id = getCookie(c, cookieNames.anonymous);
  if (!id) {
    id = randomToken(16);
    setCookie(c, cookieNames.anonymous, id, { ...cookieBase(config), httpOnly: true });
  }
  return `anon:${id}`;
}

function issueAnonymousCsrf(c: Context, config: SandboxConfig): void {
  setCookie(c, cookieNames.csrf, makeCsrfToken(config.secret, anonymousBinding(c, config)), { ...cookieBase(config), httpOnly: false });
}

/** Any answer to a browser that has no CSRF token yet gives it one (the contract's promise). */
export function ensureCsrfCookie(c: Context, config: SandboxConfig, session: Session | undefined): void {
  const current = getCookie(c, cookieNames.csrf);
  const binding = session ? session.sessionId : anonymousBinding(c, config);
  if (current && csrfTokenFits(config.secret, binding, current)) return;
  setCookie(c, cookieNames.csrf, makeCsrfToken(config.secret, binding), { ...cookieBase(config), httpOnly: false });
}

export type CsrfVerdict = 'ok' | 'cross-site' | 'missing' | 'mismatch';

/**
 * A state-changing call must come from the portal: not marked cross-site by the browser, with the
 * CSRF header equal to the CSRF cookie, and the token signed for this browser's session. When the
 * access token has expired, the session is the one of the refresh cookie (so a refresh passes).
 * A token of the anonymous browser id passes only without a live session (decision 3): while one
 * exists, a token bound to the anonymous cookie (a pair planted by an attacker, say) is refused.
 */
export async function checkCsrf(c: Context, db: Database, config: SandboxConfig, session: Session | undefined): Promise<CsrfVerdict> {
  if (c.req.header('Sec-Fetch-Site') === 'cross-site') return 'cross-site';
  const header = c.req.header(csrfHeader);
  const cookie = getCookie(c, cookieNames.csrf);
  if (!header || !cookie) return 'missing';
  if (header !== cookie) return 'mismatch';
  const bindings: string[] = [];
  if (session) bindings.push(session.sessionId);
  const refreshToken = getCookie(c, cookieNames.refresh);
  if (refreshToken) {
    const row = await one<{ session_id: string }>(db, "SELECT session_id FROM tokens WHERE token_hash = ? AND kind = 'refresh'", [
      hashToken(config.secret, refreshToken),
    ]);
    if (row) bindings.push(row.session_id);
  }
  const anonymousId = getCookie(c, cookieNames.anonymous);
  // With a live session only its token passes. Without one (no access token, or an expired one) the
  // anonymous token passes too, also beside a refresh cookie: an answer to a call that could not see
  // the session (the refresh cookie only travels to the token endpoint) has handed out an anonymous token.
  if (!session && anonymousId) bindings.push(`anon:${anonymousId}`);
  return bindings.some((binding) => csrfTokenFits(config.secret, binding, header)) ? 'ok' : 'mismatch';
}

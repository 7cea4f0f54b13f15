import { readCookie } from '../api/middleware';

/** SPEC.md 4.7 and 9: refresh when the expiry cookie is within 300 seconds. */
export const refreshThresholdSeconds = 300;
export const expiryCookieName = 'jwt_expires_at';

const clockKey = 'portal.session.clock';

/** The session's expiry (epoch seconds, server clock) from the readable cookie, if there is one. */
export function readExpiresAt(cookieString: string): number | undefined {
  const value = Number(readCookie(cookieString, expiryCookieName));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * What a token answer taught about the clocks: the expiry the server named, and when that is on
 * this browser's clock (now + expires_in). Shared by the tabs through localStorage; it holds no
 * token, only two times.
 */
export interface ClockRecord {
  expiresAt: number;
  localExpiresAt: number;
}

export function recordGrant(storage: Pick<Storage, 'setItem'>, grant: { expiresAt: number; expiresIn: number }, nowSeconds: number): void {
  try {
    storage.setItem(clockKey, JSON.stringify({ expiresAt: grant.expiresAt, localExpiresAt: nowSeconds + grant.expiresIn } satisfies ClockRecord));
  } catch {
    // Without storage the cookie's value is used as it is.
  }
}

export function forgetGrant(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(clockKey);
  } catch {
    // nothing to forget
  }
}

/**
 * The cookie's expiry on this browser's clock. A computer whose clock is off would otherwise see
 * every fresh session as "about to expire" and refresh on every call; when the cookie holds the
 * expiry of the last token answer, the expiry measured with `expires_in` counts instead.
 */
export function localExpiresAt(cookieExpiresAt: number | undefined, storage: Pick<Storage, 'getItem'>): number | undefined {
  if (cookieExpiresAt === undefined) return undefined;
  try {
    const record = JSON.parse(storage.getItem(clockKey) ?? 'null') as ClockRecord | null;
    if (record && record.expiresAt === cookieExpiresAt && Number.isFinite(record.localExpiresAt)) return record.localExpiresAt;
  } catch {
    // a broken record counts as none
  }
  return cookieExpiresAt;
}

/** Whether a call should first refresh the session: it expires within the threshold (or has). */
export function needsRefresh(expiresAt: number | undefined, nowSeconds: number): boolean {
  return expiresAt !== undefined && expiresAt - nowSeconds <= refreshThresholdSeconds;
}

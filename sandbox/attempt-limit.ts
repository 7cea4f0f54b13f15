import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

import { all, type Database, run } from './db/database';
import { hashToken } from './security';
import { cookieNames } from './session';

/**
 * The attempt limit of the anonymous termination (decision 22): failed identifications are counted
 * per anonymous browser id (the `portal_anon` cookie, which the CSRF check already requires) and per
 * client address. A browser that failed `perBrowser` times within the window, or an address that
 * failed `perAddress` times (many customers can share one address, a browser that throws its cookie
 * away gets a new id), is refused until the oldest of those failures leaves the window.
 */
export const terminationAttemptLimit = { perBrowser: 5, perAddress: 50, windowSeconds: 15 * 60 } as const;

export interface ClientKey {
  /** A keyed hash: neither the browser id nor the address is stored as it is. */
  key: string;
  limit: number;
}

/** The keys a request counts under: its anonymous browser id and its address, where known. */
export function clientKeysOf(c: Context, secret: string): ClientKey[] {
  const keys: ClientKey[] = [];
  const browser = getCookie(c, cookieNames.anonymous);
  if (browser) keys.push({ key: hashToken(secret, `browser:${browser}`), limit: terminationAttemptLimit.perBrowser });
  const address = addressOf(c);
  if (address) keys.push({ key: hashToken(secret, `address:${address}`), limit: terminationAttemptLimit.perAddress });
  return keys;
}

/** The peer's address under the Node server; none for in-process requests (tests). */
function addressOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}

/** Seconds until the client may try again, or undefined when it is not refused. */
export async function refusedFor(db: Database, keys: readonly ClientKey[], now = Date.now()): Promise<number | undefined> {
  const windowMs = terminationAttemptLimit.windowSeconds * 1000;
  let wait: number | undefined;
  for (const { key, limit } of keys) {
    const failures = await all<{ failed_at: number }>(
      db,
      'SELECT failed_at FROM termination_attempts WHERE client_key = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT ?',
      [key, now - windowMs, limit],
    );
    if (failures.length < limit) continue;
    // The limit-th newest failure must leave the window before one more try is allowed.
    const seconds = Math.max(1, Math.ceil((failures[limit - 1]!.failed_at + windowMs - now) / 1000));
    wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

/** Counts a failed identification under every key of the client (and forgets failures older than the window). */
export async function recordFailure(db: Database, keys: readonly ClientKey[], now = Date.now()): Promise<void> {
  await run(db, 'DELETE FROM termination_attempts WHERE failed_at <= ?', [now - terminationAttemptLimit.windowSeconds * 1000]);
  for (const { key } of keys) await run(db, 'INSERT INTO termination_attempts (client_key, failed_at) VALUES (?, ?)', [key, now]);
}

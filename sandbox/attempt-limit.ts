import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

import { all, type Database, run } from './db/database';
import { problem, type Reply } from './http';
import { hashToken } from './security';
import { cookieNames } from './session';

/**
 * The one home of the sandbox's guessing limits (decisions 22 and 28). A limited action counts its
 * failed tries (or, for code sends, every send) under one or more keys; a key that reached its
 * `limit` within its window refuses every call of the action (429 `tooManyAttempts`, Retry-After)
 * until the oldest of those tries leaves the window, even a call with the right answer.
 */
export interface AttemptLimit {
  limit: number;
  windowSeconds: number;
}

const quarterHour = 15 * 60;
const day = 24 * 60 * 60;

/** Every limit in one place; docs/decisions/0028-guessing-limits.md explains the numbers. */
export const attemptLimits = {
  /** The anonymous termination: failed identifications per anonymous browser id and per address. */
  terminationPerBrowser: { limit: 5, windowSeconds: quarterHour },
  terminationPerAddress: { limit: 50, windowSeconds: quarterHour },
  /** Wrong passwords per account (by email address, known or not) on the sign-in page. */
  signIn: { limit: 5, windowSeconds: quarterHour },
  /** Wrong old passwords per account when changing the password. */
  passwordChange: { limit: 5, windowSeconds: quarterHour },
  /** Wrong passwords per account when deleting it. */
  accountDeletion: { limit: 5, windowSeconds: quarterHour },
  /** Wrong email-change codes per account, whichever code they were meant for. */
  emailChangeCode: { limit: 5, windowSeconds: quarterHour },
  /** Email-change codes sent per account. */
  emailChangeCodeSend: { limit: 5, windowSeconds: quarterHour },
  /** Confirmation links sent again per account id (known or not): no mailbox is flooded from My data or the failed page. */
  confirmationLinkSend: { limit: 5, windowSeconds: quarterHour },
} as const satisfies Record<string, AttemptLimit>;

/** Each per-account limit also has a daily cap: 20 failures in 24 hours wait until the oldest is a day old. */
export const dailyCap: AttemptLimit = { limit: 20, windowSeconds: day };

export type LimitedAction = keyof typeof attemptLimits;

/** The older name of the termination's limit (its policy operation states it). */
export const terminationAttemptLimit = {
  perBrowser: attemptLimits.terminationPerBrowser.limit,
  perAddress: attemptLimits.terminationPerAddress.limit,
  windowSeconds: attemptLimits.terminationPerBrowser.windowSeconds,
} as const;

export interface ClientKey extends AttemptLimit {
  /** A keyed hash: neither the browser id, the address nor the account is stored as it is. */
  key: string;
}

/** The keys a request of the anonymous termination counts under: its anonymous browser id and its address, where known. */
export function clientKeysOf(c: Context, secret: string): ClientKey[] {
  const keys: ClientKey[] = [];
  const browser = getCookie(c, cookieNames.anonymous);
  if (browser) keys.push({ key: hashToken(secret, `browser:${browser}`), ...attemptLimits.terminationPerBrowser });
  const address = addressOf(c);
  if (address) keys.push({ key: hashToken(secret, `address:${address}`), ...attemptLimits.terminationPerAddress });
  return keys;
}

/**
 * The keys of an action tried on one account: its short window and the daily cap. `account` is the
 * user id, or for the sign-in the email address as typed (so an unknown address is limited alike).
 */
export function accountKeysOf(secret: string, action: Exclude<LimitedAction, `termination${string}`>, account: string): ClientKey[] {
  const id = account.trim().toLowerCase();
  return [
    { key: hashToken(secret, `${action}:account:${id}`), ...attemptLimits[action] },
    { key: hashToken(secret, `${action}:account-day:${id}`), ...dailyCap },
  ];
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
  let wait: number | undefined;
  for (const { key, limit, windowSeconds } of keys) {
    const windowMs = windowSeconds * 1000;
    const failures = await all<{ failed_at: number }>(
      db,
      'SELECT failed_at FROM failed_attempts WHERE client_key = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT ?',
      [key, now - windowMs, limit],
    );
    if (failures.length < limit) continue;
    // The limit-th newest failure must leave the window before one more try is allowed.
    const seconds = Math.max(1, Math.ceil((failures[limit - 1]!.failed_at + windowMs - now) / 1000));
    wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

/** Counts a failed try (or a send) under every key (and forgets this key's tries older than its window). */
export async function recordFailure(db: Database, keys: readonly ClientKey[], now = Date.now()): Promise<void> {
  for (const { key, windowSeconds } of keys) {
    await run(db, 'DELETE FROM failed_attempts WHERE client_key = ? AND failed_at <= ?', [key, now - windowSeconds * 1000]);
    await run(db, 'INSERT INTO failed_attempts (client_key, failed_at) VALUES (?, ?)', [key, now]);
  }
}

/** A right answer forgets the account's failed tries (never used for the termination's browser and address keys). */
export async function forgetFailures(db: Database, keys: readonly ClientKey[]): Promise<void> {
  for (const { key } of keys) await run(db, 'DELETE FROM failed_attempts WHERE client_key = ?', [key]);
}

/** The refusal: 429 `tooManyAttempts` with the wait in Retry-After (seconds) and in the detail. */
export function tooManyAttempts(wait: number): Reply {
  const reply = problem(429, 'tooManyAttempts', 'Too many failed attempts', { detail: `Please try again in ${wait} seconds.` });
  return { ...reply, headers: { ...reply.headers, 'Retry-After': String(wait) } };
}

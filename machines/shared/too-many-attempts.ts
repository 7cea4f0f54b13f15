import { hasStatus } from '#src/domain/failure';

/**
 * The guessing limits' refusal as the machines read it (decisions 22 and 28): a call answered 429
 * `tooManyAttempts` rejects with a failure that carries `retryAt`, the time its Retry-After names
 * (src/api/retry-at.ts puts it there). A machine keeps `retryAt` in its context; the screen says
 * how long to wait (src/ui/too-many-attempts.tsx).
 */

/** 429: too many failed tries (a password, a code, a contract's details) or codes sent. */
export const isTooManyAttempts = (_: unknown, params: { error: unknown }) => hasStatus(params.error, 429);

/** The time to try again that the app put on a 429 failure (`retryAt`, ISO date-time), if any. */
export function retryAtOf(error: unknown): string | undefined {
  const value = typeof error === 'object' && error !== null ? (error as { retryAt?: unknown }).retryAt : undefined;
  return typeof value === 'string' ? value : undefined;
}

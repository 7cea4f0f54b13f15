import { isApiFailure } from './failure';

/**
 * The portal's rules for reads (SPEC.md 7.6 and 9), in a module of their own so that a page can
 * follow them without React Query: the start page fetches its price without it (issue 14,
 * src/routes/-shell/start-price.ts); src/api/query-client.ts gives them to React Query.
 */

/** SPEC.md 7.6 and 9: results are cached for 5 minutes. */
export const cacheTimeMs = 5 * 60 * 1000;
const maxRetries = 2;

/** Retry at most twice, and only while the error is a 503. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < maxRetries && isApiFailure(error) && error.status === 503;
}

/** Backoff from 1 s, doubling, at most 30 s. `attempt` counts from 0. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

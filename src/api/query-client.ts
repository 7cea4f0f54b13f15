import { QueryClient } from '@tanstack/react-query';

import { isApiFailure } from './failure';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: cacheTimeMs, gcTime: cacheTimeMs, retry: shouldRetry, retryDelay },
      // Writes belong to machines, which own their retries (SPEC.md 7.1: order submit).
      mutations: { retry: false },
    },
  });
}

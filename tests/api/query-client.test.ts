import { QueryObserver } from '@tanstack/react-query';

import { ApiFailure } from '#src/api/failure';
import { createQueryClient } from '#src/api/query-client';
import { cacheTimeMs, retryDelay, shouldRetry } from '#src/api/retry';

describe('React Query defaults (SPEC.md 7.6 and 9)', () => {
  it('retries only a 503, at most twice', () => {
    const unavailable = new ApiFailure(503, undefined);
    expect(shouldRetry(0, unavailable)).toBe(true);
    expect(shouldRetry(1, unavailable)).toBe(true);
    expect(shouldRetry(2, unavailable)).toBe(false);
    expect(shouldRetry(0, new ApiFailure(500, undefined))).toBe(false);
    expect(shouldRetry(0, new ApiFailure(404, undefined))).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('caches for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(cacheTimeMs).toBe(300_000);
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.gcTime).toBe(300_000);
  });

  async function callsUntilSettled(error: unknown): Promise<number> {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      let calls = 0;
      const observer = new QueryObserver(client, {
        queryKey: ['probe'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(error);
        },
      });
      const settled = new Promise<void>((resolve) => {
        const unsubscribe = observer.subscribe((result) => {
          if (result.status === 'error') {
            unsubscribe();
            resolve();
          }
        });
      });
      await vi.advanceTimersByTimeAsync(60_000);
      await settled;
      return calls;
    } finally {
      vi.useRealTimers();
    }
  }

  it('tries a query 3 times in all when the API keeps answering 503', async () => {
    expect(await callsUntilSettled(new ApiFailure(503, undefined))).toBe(3);
  });

  it('tries a query once when the API answers 500', async () => {
    expect(await callsUntilSettled(new ApiFailure(500, undefined))).toBe(1);
  });
});

describe('typed queries', () => {
  it('derive their key from method, path and parameters, and throw an ApiFailure outside 2xx', async () => {
    const { createApiClient } = await import('#src/api/client');
    const { createQueries } = await import('#src/api/queries');
    const answers = [
      new Response(JSON.stringify({ start_dates: ['2027-01-01'] }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      new Response('', { status: 503 }),
    ];
    const api = createApiClient({
      baseUrl: 'http://localhost/',
      onMaintenance: () => {},
      readCookies: () => '',
      fetch: () => Promise.resolve(answers.shift()!),
    });
    const queries = createQueries(api);
    const options = queries.get('/api/v1/order/startdates', { params: { query: { product: 'deuti' } } });
    expect(options.queryKey).toEqual(['get', '/api/v1/order/startdates', { params: { query: { product: 'deuti' } } }]);
    const client = createQueryClient();
    await expect(client.fetchQuery({ ...options, retry: false })).resolves.toEqual({ start_dates: ['2027-01-01'] });
    await expect(client.fetchQuery({ ...queries.get('/api/v2/order/orders'), retry: false })).rejects.toSatisfy(
      (error) => error instanceof ApiFailure && error.status === 503,
    );
  });
});

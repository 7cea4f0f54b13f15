import { ApiFailure } from '#src/api/failure';
import { createQueryClient } from '#src/api/query-client';
import { cacheTimeMs } from '#src/api/retry';

describe('React Query defaults (SPEC.md 7.6 and 9)', () => {
  it('caches for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(cacheTimeMs).toBe(300_000);
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.gcTime).toBe(300_000);
  });

  it('leaves retries to the API client (src/api/retry.ts): a failed query is tried once', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['probe'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(new ApiFailure(503, undefined));
        },
      }),
    ).rejects.toBeInstanceOf(ApiFailure);
    expect(calls).toBe(1);
  });
});

describe('typed queries', () => {
  it('derive their key from method, path and parameters, and throw an ApiFailure outside 2xx', async () => {
    const { createApiClient } = await import('#src/api/client');
    const { createQueries } = await import('#src/api/queries');
    const answers = [
      new Response(JSON.stringify({ start_dates: ['2027-01-01'] }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      new Response('', { status: 500 }),
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
      (error) => error instanceof ApiFailure && error.status === 500,
    );
  });
});

import type { QueryFunctionContext } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';

import { createApiClient } from '#src/api/client';
import { ApiFailure, dataOf } from '#src/api/failure';
import { createQueries } from '#src/api/queries';

/**
 * src/api/queries.ts builds openapi-react-query's `queryOptions` without its hooks (issue 14): the
 * keys and the fetch must stay the library's, so the cache entries the portal reads and
 * invalidates keep their keys. Compared with the library itself, over the same client.
 */
function clientAnswering(...answers: Response[]) {
  const requests: Request[] = [];
  const api = createApiClient({
    baseUrl: 'https://api.example.com',
    onMaintenance: () => undefined,
    readCookies: () => '',
    fetch: (request) => {
      requests.push(request);
      return Promise.resolve(answers.shift() ?? new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    },
  });
  return { api, requests };
}

/** openapi-react-query over the API client whose GET throws outside 2xx: what the portal used before. */
function libraryQueries(api: ReturnType<typeof createApiClient>) {
  const GET = (async (path: string, init?: unknown) => {
    const result = await (api.GET as (path: string, init?: unknown) => ReturnType<typeof api.GET>)(path, init);
    dataOf(result);
    return result;
  }) as typeof api.GET;
  return createQueryHooks({ ...api, GET });
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function run(options: { queryKey: readonly unknown[]; queryFn: unknown }) {
  const signal = new AbortController().signal;
  return (options.queryFn as (context: Partial<QueryFunctionContext>) => Promise<unknown>)({ queryKey: options.queryKey, signal });
}

describe('typed query options (openapi-react-query without its hooks)', () => {
  it('gives the same keys as openapi-react-query, with and without parameters', () => {
    const { api } = clientAnswering();
    const ours = createQueries(api);
    const library = libraryQueries(api);
    expect(ours.get('/api/v2/order/orders').queryKey).toEqual(library.queryOptions('get', '/api/v2/order/orders').queryKey);
    expect(ours.get('/api/v2/order/orders').queryKey).toEqual(['get', '/api/v2/order/orders']);
    const init = { params: { path: { companyId: 'c1' }, query: { subscriptionStartsOn: '2027-01-01' } } };
    expect(ours.get('/api/v1/quotation/quotes/{companyId}', init).queryKey).toEqual(
      library.queryOptions('get', '/api/v1/quotation/quotes/{companyId}', init).queryKey,
    );
    expect(ours.get('/api/v1/quotation/quotes/{companyId}', init).queryKey).toEqual(['get', '/api/v1/quotation/quotes/{companyId}', init]);
  });

  it('fetches the same request and data as openapi-react-query', async () => {
    const answer = { start_dates: ['2027-01-01'] };
    const ours = clientAnswering(json(answer));
    const library = clientAnswering(json(answer));
    const init = { params: { query: { product: 'deuti' as const } } };
    await expect(run(createQueries(ours.api).get('/api/v1/order/startdates', init))).resolves.toEqual(answer);
    await expect(run(libraryQueries(library.api).queryOptions('get', '/api/v1/order/startdates', init))).resolves.toEqual(answer);
    expect(ours.requests.map((r) => [r.method, r.url])).toEqual(library.requests.map((r) => [r.method, r.url]));
    expect(ours.requests[0]?.url).toBe('https://api.example.com/api/v1/order/startdates?product=deuti');
  });

  it('answers null for an empty answer, as openapi-react-query does', async () => {
    const { api } = clientAnswering(new Response(null, { status: 204 }));
    await expect(run(createQueries(api).get('/api/v2/order/orders'))).resolves.toBeNull();
  });

  it('throws an ApiFailure with the status outside 2xx (the retry rule reads it)', async () => {
    const { api } = clientAnswering(json({ status: 404, code: 'NOT_FOUND' }, 404, { 'Content-Type': 'application/problem+json' }));
    const failure = await run(createQueries(api).get('/api/v2/order/orders')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

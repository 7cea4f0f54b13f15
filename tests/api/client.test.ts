import { createApiClient } from '#src/api/client';
import { readCookie } from '#src/api/middleware';

/** A fake fetch for the unit under test: records each Request and answers from a queue. */
function recordingFetch(...answers: Response[]) {
  const requests: Request[] = [];
  const fetch = (request: Request) => {
    requests.push(request);
    return Promise.resolve(answers.shift() ?? new Response(JSON.stringify({}), { status: 200 }));
  };
  return { fetch, requests };
}

function json(body: unknown, status = 200, type = 'application/json') {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
}

function setup(cookies = 'XSRF-TOKEN=abc%3D123; other=1', ...answers: Response[]) {
  const recorder = recordingFetch(...answers);
  const onMaintenance = vi.fn();
  const client = createApiClient({ baseUrl: 'https://api.example.com/', onMaintenance, readCookies: () => cookies, fetch: recorder.fetch });
  return { client, onMaintenance, requests: recorder.requests };
}

describe('API client (SPEC.md 7.6)', () => {
  it('asks for JSON and sends cookies', async () => {
    const { client, requests } = setup();
    await client.GET('/api/v2/order/orders');
    expect(requests[0]?.headers.get('Accept')).toBe('application/json');
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.url).toBe('https://api.example.com/api/v2/order/orders');
  });

  it('puts the CSRF cookie value into the CSRF header of state-changing calls', async () => {
    const { client, requests } = setup();
    await client.POST('/account/delete', { body: { password: 'x' } });
    await client.PUT('/api/v1/order/orders/{id}/cancel', { params: { path: { id: '1' } } });
    await client.DELETE('/api/v2/subscription/subscriptions/{id}/pause', { params: { path: { id: '1' }, query: { pauseDate: '2027-01-01' } } });
    expect(requests.map((r) => [r.method, r.headers.get('X-XSRF-TOKEN')])).toEqual([
      ['POST', 'abc=123'],
      ['PUT', 'abc=123'],
      ['DELETE', 'abc=123'],
    ]);
  });

  it('sends no CSRF header on reads', async () => {
    const { client, requests } = setup();
    await client.GET('/api/v2/order/orders');
    expect(requests[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends no CSRF header when there is no CSRF cookie', async () => {
    const { client, requests } = setup('other=1');
    await client.POST('/account/delete', { body: { password: 'x' } });
    expect(requests[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  /** `client` and its calls under fake timers, so the retries' waits pass at once. */
  async function withFakeTimers<T>(run: () => Promise<T>): Promise<T> {
    vi.useFakeTimers();
    try {
      const pending = run();
      await vi.advanceTimersByTimeAsync(60_000);
      return await pending;
    } finally {
      vi.useRealTimers();
    }
  }
  const unavailable = () => json({ status: 503 }, 503, 'application/problem+json');

  it('tries a read answered 503 three times in all, then sends the customer to maintenance, once', async () => {
    const { client, onMaintenance, requests } = setup(undefined, unavailable(), unavailable(), unavailable(), json([]));
    const result = await withFakeTimers(() => client.GET('/api/v2/order/orders'));
    expect(result.response.status).toBe(503);
    expect(requests).toHaveLength(3);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
  });

  it('sends nobody to maintenance when a retry of a read is answered', async () => {
    const { client, onMaintenance, requests } = setup(undefined, unavailable(), unavailable(), json([{ id: 1 }]));
    const result = await withFakeTimers(() => client.GET('/api/v2/order/orders'));
    expect(result.data).toEqual([{ id: 1 }]);
    expect(requests).toHaveLength(3);
    expect(onMaintenance).not.toHaveBeenCalled();
  });

  it('waits half a second before the first retry and a second before the second', async () => {
    vi.useFakeTimers();
    try {
      const { client, requests } = setup(undefined, unavailable(), unavailable(), json([]));
      const pending = client.GET('/api/v2/order/orders');
      await vi.advanceTimersByTimeAsync(499);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(999);
      expect(requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(requests).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries other failures of a read and every write once; a write answered 503 goes to maintenance at once', async () => {
    const { client, onMaintenance, requests } = setup(undefined, json({ status: 500 }, 500, 'application/problem+json'), unavailable());
    await client.GET('/api/v2/order/orders');
    expect(onMaintenance).not.toHaveBeenCalled();
    await client.POST('/account/delete', { body: { password: 'x' } });
    expect(requests.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
  });

  it('does not retry a read cancelled while it waited: it ends as fetch ends a cancelled call', async () => {
    const { client, requests } = setup(undefined, unavailable(), json([]));
    const controller = new AbortController();
    vi.useFakeTimers();
    try {
      const pending = client.GET('/api/v2/order/orders', { signal: controller.signal });
      await vi.advanceTimersByTimeAsync(100);
      controller.abort();
      const outcome = expect(pending).rejects.toThrow();
      await vi.advanceTimersByTimeAsync(5_000);
      await outcome;
      expect(requests).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sets no timeout: a call answered after ten minutes still succeeds', async () => {
    vi.useFakeTimers();
    try {
      const onMaintenance = vi.fn();
      let seen: Request | undefined;
      const slowFetch = (request: Request) =>
        new Promise<Response>((resolve) => {
          seen = request;
          setTimeout(() => resolve(json([{ id: 1 }])), 10 * 60 * 1000);
        });
      const client = createApiClient({ baseUrl: 'http://localhost/', onMaintenance, readCookies: () => '', fetch: slowFetch });
      const pending = client.GET('/api/v2/order/orders');
      await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
      const result = await pending;
      expect(result.response.status).toBe(200);
      expect(seen?.signal.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=x%20y; b=2', 'XSRF-TOKEN')).toBe('x y');
    expect(readCookie('NOT-XSRF-TOKEN=1', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookie('', 'XSRF-TOKEN')).toBeUndefined();
  });
});

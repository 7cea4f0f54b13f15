/**
 * The portal's rules for reads (SPEC.md 7.6 and 9), kept by the API client itself
 * (src/api/client.ts), so that every read follows them: React Query's, a flow's own call and the
 * start page's price, which comes without React Query (issue 14, src/routes/-shell/start-price.ts).
 */

/** SPEC.md 7.6 and 9: results are cached for 5 minutes. */
export const cacheTimeMs = 5 * 60 * 1000;

/** SPEC.md 7.6: a read is tried again at most twice, and only while the API answers 503. */
export const maxReadRetries = 2;

/** The wait before retry `attempt` (from 0): half a second, then a second. */
export function retryDelay(attempt: number): number {
  return 500 * 2 ** attempt;
}

type Fetch = (request: Request, init?: RequestInit) => Promise<Response>;
type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * `fetch` with SPEC.md 7.6's retry: a GET answered 503 is sent again after `retryDelay`, at most
 * `maxReadRetries` times; what it answers last is the answer (the client's maintenance redirect
 * sees only that one, so a 503 the retry cured sends nobody to /maintenance). Writes are sent once:
 * their machines decide what a failure means (an order is never submitted twice).
 */
export function retryingReads(fetchOnce: Fetch, wait: Wait = abortableWait): Fetch {
  return async (request, init) => {
    if (request.method !== 'GET') return fetchOnce(request, init);
    for (let retries = 0; ; retries += 1) {
      const last = retries === maxReadRetries;
      const response = await fetchOnce(last ? request : request.clone(), init);
      if (response.status !== 503 || last) return response;
      await wait(retryDelay(retries), request.signal);
    }
  };
}

function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}

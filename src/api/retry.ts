/**
 * The portal's rules for reads (SPEC.md 7.6 and 9), kept by the API client itself
 * (src/api/client.ts), so that every read follows them: React Query's, a flow's own call and the
 * start page's price, which comes without React Query (issue 14, src/routes/-shell/start-price.ts).
 */

/** SPEC.md 7.6 and 9: results are cached for 5 minutes. */
export const cacheTimeMs = 5 * 60 * 1000;

/** SPEC.md 7.6: a read is tried again at most twice, and only while the API answers 503. */
const maxReadRetries = 2;

type Fetch = (request: Request, init?: RequestInit) => Promise<Response>;

/**
 * `fetch` with SPEC.md 7.6's retry: a GET answered 503 is sent again after half a second, then
 * after a second; what it answers last is the answer (the client's maintenance redirect
 * sees only that one, so a 503 the retry cured sends nobody to /maintenance). Writes are sent once:
 * their machines decide what a failure means (an order is never submitted twice).
 */
export function retryingReads(fetchOnce: Fetch): Fetch {
  return async (request, init) => {
    if (request.method !== 'GET') return fetchOnce(request, init);
    for (let retries = 0; ; retries += 1) {
      const last = retries === maxReadRetries;
      const response = await fetchOnce(last ? request : request.clone(), init);
      if (response.status !== 503 || last) return response;
      await new Promise((resolve) => setTimeout(resolve, 500 << retries));
      // A read called off while it waited (the customer left the page) ends as fetch would end it.
      request.signal.throwIfAborted();
    }
  };
}

// @vitest-environment node
import { waitFor } from 'xstate';

import { createApiClient } from '#src/api/client';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { createSessionActor } from '#src/flows/session/session-actor';
import shipped from '../../public/config.json';

const parsed = parseRuntimeConfig(shipped);
if (!parsed.ok) throw new Error('shipped config invalid');

/** A browser stand-in: a cookie string the fake token endpoint updates, and a counter of token calls. */
function browser(expiresAt: number) {
  const shared = new Map<string, string>();
  const memory = { getItem: (k: string) => shared.get(k) ?? null, setItem: (k: string, v: string) => void shared.set(k, v), removeItem: (k: string) => void shared.delete(k) };
  let cookies = `jwt_expires_at=${expiresAt}; XSRF-TOKEN=t`;
  let tokenCalls = 0;
  const now = 1_800_000_000;
  const fetch = async (request: Request) => {
    if (request.url.endsWith('/api/v2/auth/authorization/token')) {
      tokenCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const next = now + 900;
      cookies = `jwt_expires_at=${next}; XSRF-TOKEN=t`;
      return new Response(JSON.stringify({ token_type: 'Bearer', expires_in: 900, expires_at: next, scope: 'openid' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  const api = createApiClient({ baseUrl: 'http://localhost:5173', onMaintenance: () => {}, readCookies: () => cookies, fetch });
  const session = createSessionActor({
    config: parsed.ok ? parsed.config : (undefined as never),
    api,
    origin: 'http://localhost:5173',
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    sharedStorage: memory,
    readCookies: () => cookies,
    locale: () => 'de-DE',
    navigateAway: () => {},
    now: () => now * 1000,
  });
  api.withSession({ ensureFresh: session.ensureFresh, onUnauthorized: session.sessionEnded });
  return { api, session, tokenCalls: () => tokenCalls, now };
}

describe('session refresh (SPEC.md 4.7: within 300 s of expiry, once)', () => {
  it('ten parallel calls in the refresh window make exactly one token request', async () => {
    const { api, session, tokenCalls, now } = browser(1_800_000_000 + 200);
    await Promise.all(Array.from({ length: 10 }, () => api.GET('/api/v2/order/orders')));
    expect(tokenCalls()).toBe(1);
    expect(session.getSnapshot().value).toBe('signedIn');
    expect(session.getSnapshot().context.expiresAt).toBe(now + 900);
  });

  it('does not refresh a session that has more than 300 s left', async () => {
    const { api, tokenCalls } = browser(1_800_000_000 + 301);
    await Promise.all(Array.from({ length: 3 }, () => api.GET('/api/v2/order/orders')));
    expect(tokenCalls()).toBe(0);
  });

  it('starts signed out without the expiry cookie, and calls go out without a refresh', async () => {
    const { api, session, tokenCalls } = browser(0);
    await api.GET('/api/v2/order/orders');
    await waitFor(session, (state) => !state.matches('initializing'));
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(tokenCalls()).toBe(0);
  });
});

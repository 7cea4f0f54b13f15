// @vitest-environment node
import { waitFor } from 'xstate';

import { createApiClient } from '#src/api/client';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { cookieStorage } from '#src/auth/cookie-storage';
import { createSessionActor } from '#src/flows/session/session-actor';
import shipped from '../../public/config.json';

const parsed = parseRuntimeConfig(shipped);
if (!parsed.ok) throw new Error('shipped config invalid');

/** A browser stand-in: a cookie string the fake token endpoint updates, and a counter of token calls. */
function browser(expiresAt: number) {
  const shared = new Map<string, string>();
  const memory = {
    getItem: (k: string) => shared.get(k) ?? null,
    setItem: (k: string, v: string) => void shared.set(k, v),
    removeItem: (k: string) => void shared.delete(k),
  };
  let cookies = `jwt_expires_at=${expiresAt}; XSRF-TOKEN=t`;
  let tokenCalls = 0;
  const now = 1_800_000_000;
  const fetch = async (request: Request) => {
    if (request.url.endsWith('/api/v2/auth/authorization/token')) {
      tokenCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const next = now + 900;
      cookies = `jwt_expires_at=${next}; XSRF-TOKEN=t`;
      return new Response(JSON.stringify({ token_type: 'Bearer', expires_in: 900, expires_at: next, scope: 'openid' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
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

/** A browser's cookie jar, shared by its tabs: what `document.cookie` reads and writes. */
function browserCookies(initial: Record<string, string>) {
  const cookies = new Map(Object.entries(initial));
  const read = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const write = (cookie: string) => {
    const [pair = '', ...attributes] = cookie.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (attributes.some((attribute) => attribute.trim() === 'Max-Age=0')) cookies.delete(name);
    else cookies.set(name, pair.slice(pair.indexOf('=') + 1));
  };
  return { cookies, read, write };
}

/** A tab's session over the browser's cookies, its clock at `nowSeconds`. */
function tabSession(api: ReturnType<typeof createApiClient>, jar: ReturnType<typeof browserCookies>, nowSeconds: number) {
  return createSessionActor({
    config: parsed.ok ? parsed.config : (undefined as never),
    api,
    origin: 'http://localhost:5173',
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    sharedStorage: cookieStorage(jar, { secure: false }),
    readCookies: jar.read,
    locale: () => 'de-DE',
    navigateAway: () => {},
    now: () => nowSeconds * 1000,
  });
}

describe('session refresh across tabs (decision 10)', () => {
  /**
   * Two tabs of one browser whose clock runs 700 s ahead of the server's: they share the cookie jar
   * and the refresh lock, as Chromium's tabs do. The clock record lives in a cookie
   * (src/auth/cookie-storage.ts), so the tab that waited for the lock sees the other tab's refresh
   * at once. With the record in a per-tab store that had not yet seen the other tab's write (as
   * localStorage across processes), the second tab took the renewed session for one about to expire
   * (900 s left by the server's clock, 200 s by this one) and refreshed again.
   */
  function twoTabs() {
    const serverNow = 1_800_000_000;
    const browserNow = serverNow + 700;
    const jar = browserCookies({ jwt_expires_at: String(serverNow + 100), 'XSRF-TOKEN': 't' });
    let tokenCalls = 0;
    const fetch = async (request: Request) => {
      if (request.url.endsWith('/api/v2/auth/authorization/token')) {
        tokenCalls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        const next = serverNow + 900;
        jar.cookies.set('jwt_expires_at', String(next));
        return new Response(JSON.stringify({ token_type: 'Bearer', expires_in: 900, expires_at: next, scope: 'openid' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    // One lock for the whole browser, as navigator.locks is.
    let queue = Promise.resolve();
    vi.stubGlobal('navigator', {
      locks: {
        request: (_name: string, task: () => Promise<unknown>) => {
          const run = queue.then(task);
          queue = run.then(
            () => undefined,
            () => undefined,
          );
          return run;
        },
      },
    });
    const tab = () => {
      const api = createApiClient({ baseUrl: 'http://localhost:5173', onMaintenance: () => {}, readCookies: jar.read, fetch });
      const session = tabSession(api, jar, browserNow);
      api.withSession({ ensureFresh: session.ensureFresh, onUnauthorized: session.sessionEnded });
      return { api, session };
    };
    return { tabs: [tab(), tab()], tokenCalls: () => tokenCalls, jar };
  }

  it('two tabs calling at once in the refresh window make one token request, also with a clock 700 s ahead', async () => {
    const { tabs, tokenCalls, jar } = twoTabs();
    await Promise.all(tabs.map(({ api }) => api.GET('/api/v2/order/orders')));
    expect(tokenCalls()).toBe(1);
    // Later calls in either tab do not refresh again: the record shows the renewed session on this clock.
    await Promise.all(tabs.flatMap(({ api }) => [api.GET('/api/v2/order/orders'), api.GET('/api/v2/order/orders')]));
    expect(tokenCalls()).toBe(1);
    expect(jar.cookies.get('portal.session.clock')).toBeDefined();
  });
});

describe('logout without a network', () => {
  it('signs out on this device: the expiry cookie goes, so the next page does not take the customer for signed in', async () => {
    const jar = browserCookies({ jwt_expires_at: String(1_800_000_000 + 900), 'XSRF-TOKEN': 't' });
    const page = () => {
      const api = createApiClient({
        baseUrl: 'http://localhost:5173',
        onMaintenance: () => {},
        readCookies: jar.read,
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      });
      return tabSession(api, jar, 1_800_000_000);
    };
    const session = page();
    expect((await session.settled()).value).toBe('signedIn');
    session.send({ type: 'session.signOut' });
    await waitFor(session, (state) => state.matches('signedOut'));
    expect(jar.cookies.has('jwt_expires_at')).toBe(false);
    expect((await page().settled()).value).toBe('signedOut');
  });
});

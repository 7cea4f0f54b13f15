import { readCookie } from '../api/middleware';

/**
 * A tiny Storage over cookies, for what every tab must see at once. localStorage is not that: in
 * Chromium a write in one tab reaches a tab in another process a moment later, so a tab that waited
 * for the refresh lock could still read the clock record of before the other tab's refresh, take the
 * renewed session for one about to expire, and refresh a second time (seen with ten tabs on a busy
 * machine, issue 13). Cookies live in the browser's one cookie store, as the session's expiry cookie
 * does, so the record and the expiry it describes change together for every tab.
 *
 * Only small, non-secret values belong here (the clock record: two times); the cookie goes to the
 * portal's origin with every request, SameSite=Strict.
 */
export interface CookieJar {
  read: () => string;
  write: (cookie: string) => void;
}

/** How long a written value lives: the refresh token's lifetime is shorter; a stale record is harmless. */
const maxAgeSeconds = 60 * 60 * 24 * 30;

export function cookieStorage(jar: CookieJar, { secure }: { secure: boolean }): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const attributes = `; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
  return {
    getItem: (key) => readCookie(jar.read(), key) ?? null,
    setItem: (key, value) => jar.write(`${key}=${encodeURIComponent(value)}${attributes}; Max-Age=${maxAgeSeconds}`),
    removeItem: (key) => jar.write(`${key}=${attributes}; Max-Age=0`),
  };
}

/** The browser's own cookie jar. */
export const documentCookies: CookieJar = {
  read: () => document.cookie,
  write: (cookie) => {
    document.cookie = cookie;
  },
};

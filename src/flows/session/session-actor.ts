import { createActor, fromPromise, waitFor } from 'xstate';

import { type SessionGrant, sessionMachine } from '#machines/session/session.machine';
import { type AuthEnvironment, autoSignIn, beginAuthorization, completeAuthorization, refreshSession, type SignedIn, signOut } from '#src/auth/authorization';
import { expiryCookieName, forgetGrant, localExpiresAt, needsRefresh, readExpiresAt, recordGrant } from '#src/auth/expiry';
import { inspection } from '../inspector';

/** One refresh for all tabs of the browser: the Web Locks API serialises them. */
const refreshLockName = 'portal-session-refresh';
/** Tabs tell each other that the customer signed out. */
const channelName = 'portal-session';

export interface SessionEnvironment extends Omit<AuthEnvironment, 'locale'> {
  readCookies: () => string;
  locale: () => string;
  /** localStorage: what the tabs share about the session's clock (no token). */
  sharedStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Leaves the portal for the authorization server. */
  navigateAway: (url: string) => void;
  /** Removes what the portal keeps on the device for the signed-in customer (the offline ticket, issue 29): on logout and account deletion. */
  forgetDeviceData?: () => Promise<void>;
  now?: () => number;
}

/**
 * The session machine with the browser's implementations: cookies, sessionStorage, the token
 * endpoint, Web Locks and a BroadcastChannel. One actor per tab, started at boot.
 */
export function createSessionActor(env: SessionEnvironment) {
  const nowSeconds = () => Math.floor((env.now?.() ?? Date.now()) / 1000);
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(channelName);
  /** The session's expiry on this browser's clock. */
  const expiresAt = () => localExpiresAt(readExpiresAt(env.readCookies()), env.sharedStorage);
  /** Notes the clocks of a token answer; the machine keeps the expiry and the return path. */
  const remember = ({ expiresIn, ...grant }: SignedIn): SessionGrant => {
    recordGrant(env.sharedStorage, { expiresAt: grant.expiresAt, expiresIn }, nowSeconds());
    return grant;
  };

  const machine = sessionMachine.provide({
    actors: {
      readSession: fromPromise(async () => ({ expiresAt: expiresAt() })),
      startAuthorization: fromPromise<void, { returnTo: string | undefined }>(async ({ input }) => {
        const url = await beginAuthorization({ ...env, locale: env.locale() }, input.returnTo);
        env.navigateAway(url);
        // The page is leaving; nothing more happens in this tab.
        await new Promise<never>(() => {});
      }),
      exchangeCode: fromPromise(async ({ input }: { input: { url: string } }) =>
        remember(await completeAuthorization({ ...env, locale: env.locale() }, input.url)),
      ),
      autoSignIn: fromPromise(async ({ input }: { input: { code: string } }) => remember(await autoSignIn({ ...env, locale: env.locale() }, input.code))),
      refreshSession: fromPromise(() =>
        withLock(async () => {
          // Another tab may have refreshed while this one waited for the lock.
          const current = expiresAt();
          if (current !== undefined && !needsRefresh(current, nowSeconds())) return { expiresAt: current };
          return remember(await refreshSession(env));
        }),
      ),
      signOut: fromPromise(async () => {
        try {
          await signOut(env);
        } finally {
          forgetGrant(env.sharedStorage);
          // The server deletes the expiry cookie with its answer; without one (offline) this page
          // does, or the next page would take the customer for signed in. (The HttpOnly refresh
          // cookie stays until it expires; the portal does not use it without the expiry cookie.)
          env.sharedStorage.removeItem(expiryCookieName);
          channel?.postMessage('signedOut');
          // The ticket kept for offline use goes with the session: on logout and account deletion (issue 29).
          await env.forgetDeviceData?.().catch(() => undefined);
        }
      }),
    },
  });

  const actor = createActor(machine, inspection());
  channel?.addEventListener('message', (event) => {
    if (event.data === 'signedOut') actor.send({ type: 'session.ended' });
  });
  // A stopped session hears no other tab (the build's prerender stops its own: src/start-up/prerender.tsx).
  actor.subscribe({ complete: () => channel?.close() });
  actor.start();

  /**
   * Before an API call: if the session expires within 300 s, refresh first. Many callers at once
   * share one refresh (the machine's `refreshing` state is the single flight).
   */
  async function ensureFresh(): Promise<void> {
    const snapshot = await waitFor(actor, (state) => !state.matches('initializing'));
    if (snapshot.matches('signedIn') && needsRefresh(expiresAt(), nowSeconds())) actor.send({ type: 'session.refresh' });
    if (actor.getSnapshot().matches('refreshing')) await waitFor(actor, (next) => !next.matches('refreshing'));
  }

  /** The snapshot once the session knows where it stands (past `initializing`). */
  const settled = () => waitFor(actor, (state) => !state.matches('initializing'));

  /**
   * Starts the sign-in: the page leaves for the sign-in page. Resolves only where starting it failed
   * (no WebCrypto, as on a page not served over https), so the caller can say so.
   */
  async function signIn(returnTo: string): Promise<void> {
    actor.send({ type: 'session.signIn', returnTo });
    await waitFor(actor, (state) => state.matches('failed'), { timeout: Infinity });
  }

  return Object.assign(actor, { ensureFresh, settled, signIn, sessionEnded: () => actor.send({ type: 'session.ended' }) });
}

export type SessionActor = ReturnType<typeof createSessionActor>;

async function withLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(refreshLockName, task) as Promise<T>;
  return task();
}

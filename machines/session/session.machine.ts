import { assign, fromPromise, setup } from 'xstate';

import { failureOf } from '#src/domain/failure';

/**
 * The customer's session (SPEC.md 4.7, docs/architecture.md#security): OAuth 2.0 authorization code with
 * PKCE, tokens in HttpOnly cookies, the readable expiry `jwt_expires_at` refreshed 300 s early.
 * The machine knows no browser and no HTTP: the app provides the actors (src/flows/session/).
 */

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type SessionErrorCode = 'authorizeFailed' | 'callbackRefused' | 'exchangeFailed' | 'autoSignInFailed' | 'refreshFailed' | 'sessionEnded';

export interface SessionContext {
  /** Expiry of the session, epoch seconds, as `jwt_expires_at` says. */
  expiresAt: number | undefined;
  /** Where to go after sign-in: a same-origin path under /app. */
  returnTo: string | undefined;
  error: SessionErrorCode | undefined;
}

export type SessionEvent =
  | { type: 'session.signIn'; returnTo?: string }
  | { type: 'session.callback'; url: string }
  | { type: 'session.autoSignIn'; code: string; returnTo?: string }
  | { type: 'session.refresh' }
  | { type: 'session.signOut' }
  | { type: 'session.ended' }
  | { type: 'session.dismissError' };

/** The result of a successful exchange, auto sign-in or refresh. */
export interface SessionGrant {
  expiresAt: number;
  returnTo?: string;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads `jwt_expires_at`: a session exists when it is in the future. */
    readSession: fromPromise<{ expiresAt: number | undefined }>(async () => ({ expiresAt: undefined })),
    /** Creates state and PKCE verifier, remembers them, and sends the browser to the authorize endpoint. */
    startAuthorization: fromPromise<void, { returnTo: string | undefined }>(async () => undefined),
    /** Checks the callback (state, error, return path) and exchanges the code for the session cookies. */
    exchangeCode: fromPromise<SessionGrant, { url: string }>(async () => ({ expiresAt: 0 })),
    /** The auto sign-in grant after registration. */
    autoSignIn: fromPromise<SessionGrant, { code: string }>(async () => ({ expiresAt: 0 })),
    /** Rotates the refresh token: once, even with many callers and several tabs. */
    refreshSession: fromPromise<SessionGrant>(async () => ({ expiresAt: 0 })),
    /** Revokes the session on the server and clears it everywhere. */
    signOut: fromPromise<void>(async () => undefined),
  },
  actions: {
    storeGrant: assign((_, grant: SessionGrant) => ({
      expiresAt: grant.expiresAt,
      error: undefined,
      ...(grant.returnTo ? { returnTo: grant.returnTo } : {}),
    })),
    forgetSession: assign({ expiresAt: undefined }),
  },
  guards: {
    hasSession: (_, params: { expiresAt: number | undefined }) => params.expiresAt !== undefined,
  },
}).createMachine({
  id: 'session',
  description: 'The sign-in state of the customer in this tab (SPEC.md 4.7).',
  meta: { spec: 'SPEC.md 4.7, 6; docs/architecture.md#security' },
  context: { expiresAt: undefined, returnTo: undefined, error: undefined },
  initial: 'initializing',
  states: {
    initializing: {
      description: 'Reads the readable expiry cookie; tokens themselves are HttpOnly and never seen here.',
      meta: { spec: 'SPEC.md 4.7, 9 (expiry cookie jwt_expires_at)' },
      invoke: {
        id: 'readSession',
        src: 'readSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({ expiresAt: ({ event }) => event.output.expiresAt }),
          },
          {
            description: 'No expiry cookie, or one in the past: nobody is signed in.',
            target: 'signedOut',
          },
        ],
        onError: {
          description: 'When the cookie cannot be read, the tab starts signed out.',
          target: 'signedOut',
        },
      },
    },
    signedOut: {
      description: 'An anonymous visitor: public pages only; any /app path asks for a sign-in first.',
      meta: { spec: 'SPEC.md 2.1, 6' },
      on: {
        'session.signIn': { target: 'authorizing', actions: assign({ returnTo: ({ event }) => event.returnTo, error: undefined }) },
        'session.callback': {
          description: 'Back at /app/oauth/callback: the page load started this machine afresh, so the exchange starts from here.',
          target: 'exchangingCode',
        },
        'session.autoSignIn': { target: 'autoSigningIn', actions: assign({ returnTo: ({ event }) => event.returnTo }) },
      },
    },
    authorizing: {
      description: 'The browser leaves for the authorization server; this tab ends here unless that fails.',
      meta: { spec: 'SPEC.md 4.7, 9 (S256, verifier length, scope)' },
      invoke: {
        id: 'startAuthorization',
        src: 'startAuthorization',
        input: ({ context }) => ({ returnTo: context.returnTo }),
        onError: { target: 'failed', actions: assign({ error: 'authorizeFailed' }) },
      },
    },
    exchangingCode: {
      description: 'Back at /app/oauth/callback: state checked, code exchanged, transaction forgotten.',
      meta: { spec: 'SPEC.md 2.1 (sign-in return page), 4.7, 7.5 (token)' },
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ event }) => ({ url: event.type === 'session.callback' ? event.url : '' }),
        onDone: { target: 'signedIn', actions: { type: 'storeGrant', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: ['forgetSession', assign({ error: ({ event }) => (failureOf(event.error).code as SessionErrorCode | undefined) ?? 'exchangeFailed' })],
        },
      },
    },
    autoSigningIn: {
      description: 'Right after registration in the order wizard: the single-use auto sign-in code.',
      meta: { spec: 'SPEC.md 4.7 (auto sign-in grant), 7.5' },
      invoke: {
        id: 'autoSignIn',
        src: 'autoSignIn',
        input: ({ event }) => ({ code: event.type === 'session.autoSignIn' ? event.code : '' }),
        onDone: { target: 'signedIn', actions: { type: 'storeGrant', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: 'autoSignInFailed' }) },
      },
    },
    signedIn: {
      description: 'A signed-in customer: /app is open, API calls carry the session cookies; logout is offered.',
      meta: { spec: 'SPEC.md 4.7, 6' },
      on: {
        'session.refresh': { target: 'refreshing' },
        'session.signOut': { target: 'signingOut' },
        'session.callback': {
          description: 'A sign-in that finishes while an older session is still known replaces it.',
          target: 'exchangingCode',
        },
        'session.ended': {
          description: 'Another tab signed out, or the API answered 401: the session is gone.',
          target: 'failed',
          actions: ['forgetSession', assign({ error: 'sessionEnded' })],
        },
      },
    },
    refreshing: {
      description: 'Single flight: further refresh requests wait for this one instead of starting another.',
      meta: { spec: 'SPEC.md 4.7, 9 (refresh 300 seconds before expiry)' },
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: { target: 'signedIn', actions: { type: 'storeGrant', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: ['forgetSession', assign({ error: 'refreshFailed' })] },
      },
    },
    signingOut: {
      description: 'Logout: the session is revoked on the server, and the other tabs are told.',
      meta: { spec: 'SPEC.md 6 (logout), 7.5 (logout)' },
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['forgetSession', assign({ returnTo: undefined })] },
        onError: {
          description: 'The cookies are cleared locally even when the server cannot be reached.',
          target: 'signedOut',
          actions: ['forgetSession', assign({ returnTo: undefined })],
        },
      },
    },
    failed: {
      description: 'Signed out with a message and a way back to where the customer was (returnTo kept).',
      meta: { spec: 'SPEC.md 4.7, 6, 8' },
      on: {
        'session.signIn': {
          description: 'Sign in again: without a new return path the customer goes back to where the session failed.',
          target: 'authorizing',
          actions: assign({ returnTo: ({ context, event }) => event.returnTo ?? context.returnTo, error: undefined }),
        },
        'session.callback': {
          description: 'A callback that arrives after a failure still completes the sign-in; the old message goes.',
          target: 'exchangingCode',
          actions: assign({ error: undefined }),
        },
        'session.autoSignIn': {
          description:
            'The order wizard tries its auto sign-in code again after a failed attempt (a code is used up only once it worked); the old message goes.',
          target: 'autoSigningIn',
          actions: assign({ returnTo: ({ context, event }) => event.returnTo ?? context.returnTo, error: undefined }),
        },
        'session.dismissError': { target: 'signedOut', actions: assign({ error: undefined }) },
      },
    },
  },
});

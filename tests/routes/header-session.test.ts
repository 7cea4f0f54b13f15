import { act, renderHook } from '@testing-library/react';
import { createActor, createMachine } from 'xstate';

import type { SessionActor } from '#src/flows/session/session-actor';
import { lazySession } from '#src/flows/session/session-handle';
import { headerSessionControls, useHeaderSession } from '#src/routes/-shell/header-session';

/**
 * What the marketing header shows for the session (src/routes/-shell/header-session.ts). The start
 * page loads the session machine only where there may be a session (issue 14), so before the
 * machine has come the header decides by the expiry cookie alone.
 */
describe("the header's session controls", () => {
  it('offer Log in before the machine has come only where nobody can be signed in', () => {
    expect(headerSessionControls(undefined, true)).toBe('logIn');
    expect(headerSessionControls(undefined, false)).toBe('none');
  });

  it('keep that while the machine reads the cookie, so Log in does not disappear when it comes', () => {
    expect(headerSessionControls('initializing', true)).toBe('logIn');
    expect(headerSessionControls('initializing', false)).toBe('none');
  });

  it('show the portal and Log out while signed in, renewing or logging out, whatever the cookie said before', () => {
    for (const state of ['signedIn', 'refreshing', 'signingOut'] as const) {
      expect(headerSessionControls(state, false)).toBe('signedIn');
      expect(headerSessionControls(state, true)).toBe('signedIn');
    }
  });

  it('offer Log in in every other state of the machine', () => {
    for (const state of ['signedOut', 'authorizing', 'exchangingCode', 'autoSigningIn', 'failed'] as const) {
      expect(headerSessionControls(state, false)).toBe('logIn');
    }
  });
});

/** A stand-in for the session machine: only the states the header reads. */
const stateMachine = createMachine({
  initial: 'initializing',
  states: {
    initializing: { on: { noSession: 'signedOut', session: 'signedIn' } },
    signedOut: { on: { signIn: 'signedIn' } },
    signedIn: { on: { signOut: 'signingOut' } },
    signingOut: { on: { done: 'signedOut' } },
  },
});

/** The header with the machine loaded; `cookie`: whether the expiry cookie says a session may exist. */
async function headerWithLoadedSession({ cookie }: { cookie: boolean }) {
  const actor = createActor(stateMachine).start();
  let hasCookie = cookie;
  const session = lazySession(
    async () => actor as unknown as SessionActor,
    () => !hasCookie,
  );
  await session.load();
  const header = renderHook(() => useHeaderSession(session));
  return { actor, header, dropCookie: () => (hasCookie = false) };
}

/**
 * Every page but the start page loads the session machine; the signed-in buttons' code loads only
 * where somebody may be signed in (issue 14: a visitor's header fetched it to render nothing).
 */
describe("the header's signed-in buttons", () => {
  it('are not asked for where nobody can be signed in, before or after the machine knows', async () => {
    const { actor, header } = await headerWithLoadedSession({ cookie: false });
    expect(header.result.current.buttonsActor).toBeUndefined();
    act(() => actor.send({ type: 'noSession' }));
    expect(header.result.current.controls).toBe('logIn');
    expect(header.result.current.buttonsActor).toBeUndefined();
  });

  it('come with the machine where a session may exist, before it has checked it', async () => {
    const { actor, header } = await headerWithLoadedSession({ cookie: true });
    expect(header.result.current.controls).toBe('none');
    expect(header.result.current.buttonsActor).toBe(actor);
  });

  it('come once signed in on the page and stay through Logout, so Logout can lead to the start page', async () => {
    const { actor, header, dropCookie } = await headerWithLoadedSession({ cookie: false });
    act(() => actor.send({ type: 'noSession' }));
    act(() => actor.send({ type: 'signIn' }));
    expect(header.result.current.buttonsActor).toBe(actor);
    act(() => actor.send({ type: 'signOut' }));
    dropCookie();
    act(() => actor.send({ type: 'done' }));
    expect(header.result.current.controls).toBe('logIn');
    expect(header.result.current.buttonsActor).toBe(actor);
  });
});

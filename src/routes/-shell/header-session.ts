import { useCallback, useState, useSyncExternalStore } from 'react';

import type { SessionActor } from '#src/flows/session/session-actor';
import type { SessionHandle } from '#src/flows/session/session-handle';

/**
 * What the marketing header shows for the session (SPEC.md 2.3, 6): Log in, or My portal and Log
 * out, or nothing while that is not known yet.
 */
export type HeaderSessionControls = 'logIn' | 'signedIn' | 'none';

type SessionState = ReturnType<SessionActor['getSnapshot']>['value'];

/** The session machine's states in which a customer is signed in, as the header sees it. */
const signedInStates: ReadonlySet<SessionState> = new Set<SessionState>(['signedIn', 'refreshing', 'signingOut']);

/**
 * The header's controls for the machine's state (`undefined` before its code has come). Before the
 * machine knows, Log in shows only where nobody can be signed in (no expiry cookie): a visitor
 * sees it with the page, without the machine's code (issue 14), and a signed-in customer never sees
 * it flash before their buttons.
 */
export function headerSessionControls(state: SessionState | undefined, knownSignedOut: boolean): HeaderSessionControls {
  if (state !== undefined && signedInStates.has(state)) return 'signedIn';
  if (state === undefined || state === 'initializing') return knownSignedOut ? 'logIn' : 'none';
  return 'logIn';
}

const noActor = () => () => undefined;

/**
 * The header's controls, following the handle and then the machine, and the actor for the signed-in
 * buttons (`SessionButtons`) where they may show: where a session may exist (the expiry cookie), so
 * their code comes beside the machine's first check, and from the moment the customer is signed in
 * (after registering in the wizard). It is kept after that, so Logout can still lead to the start
 * page. A visitor who cannot be signed in never loads their code (issue 14), though every page but
 * the start page loads the machine.
 */
export function useHeaderSession(session: SessionHandle): { buttonsActor: SessionActor | undefined; controls: HeaderSessionControls } {
  const actor = useSyncExternalStore(session.subscribe, session.current, session.current);
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor?.subscribe(listener);
      return () => subscription?.unsubscribe();
    },
    [actor],
  );
  const state = () => actor?.getSnapshot().value;
  const knownSignedOut = session.knownSignedOut();
  const controls = headerSessionControls(useSyncExternalStore(actor ? subscribe : noActor, state, state), knownSignedOut);
  const mayShow = controls === 'signedIn' || !knownSignedOut;
  const [hasShown, setHasShown] = useState(false);
  if (mayShow && !hasShown) setHasShown(true);
  return { buttonsActor: mayShow || hasShown ? actor : undefined, controls };
}

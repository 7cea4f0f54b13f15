import type { SessionActor } from './session-actor';

/**
 * The session as the router context carries it: a handle that loads the session machine (XState,
 * oauth4webapi, the machine itself: about 20 KiB gzip) when a page first needs it, not with the
 * start page (issue 14). Every route except `/` awaits `load()` before it renders (the root
 * route's beforeLoad), so their components and flows may call `get()`; the start page's header
 * shows Log in at once to a visitor who cannot be signed in (`knownSignedOut`) and loads the
 * machine when pressed; for anyone else it loads the machine once painted and shows its buttons.
 */
export interface SessionHandle {
  /** Loads the machine's code once and starts the actor; the same actor on every call. */
  load(): Promise<SessionActor>;
  /** Loads the machine and waits until it knows where it stands: signed in, signed out, failed. */
  settled(): ReturnType<SessionActor['settled']>;
  /** The actor, once loaded; `undefined` before. */
  current(): SessionActor | undefined;
  /** The actor; throws when called before `load()` resolved (a route that did not await it). */
  get(): SessionActor;
  /** Hears when the actor has been loaded (for `useSyncExternalStore`). */
  subscribe(listener: () => void): () => void;
  /**
   * Whether nobody can be signed in in this tab, known without the machine: no expiry cookie, so the
   * machine would start signed out (machines/session). `false` when a session may exist.
   */
  knownSignedOut(): boolean;
}

/** `knownSignedOut`: the browser's check of the expiry cookie (main.tsx); without one, a session may exist. */
export function lazySession(create: () => Promise<SessionActor>, knownSignedOut: () => boolean = () => false): SessionHandle {
  let actor: SessionActor | undefined;
  let loading: Promise<SessionActor> | undefined;
  const listeners = new Set<() => void>();
  const handle: SessionHandle = {
    load() {
      loading ??= create().then(
        (created) => {
          actor = created;
          listeners.forEach((listener) => listener());
          return created;
        },
        (error: unknown) => {
          // A failed download may succeed on the next navigation.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    settled: async () => (await handle.load()).settled(),
    current: () => actor,
    get() {
      if (!actor) throw new Error('The session is not loaded yet: await context.session.load() in the route first');
      return actor;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    knownSignedOut,
  };
  return handle;
}

/** A handle over an actor that exists already (component tests). */
export function loadedSession(actor: SessionActor): SessionHandle {
  return {
    load: () => Promise.resolve(actor),
    settled: () => actor.settled(),
    current: () => actor,
    get: () => actor,
    subscribe: () => () => undefined,
    knownSignedOut: () => false,
  };
}

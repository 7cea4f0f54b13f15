import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import type { Actor, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';

import type { PageContext } from '#src/router-context';

import type { SessionActor } from './session/session-actor';

import { inspection } from './inspector';

/**
 * The one way a screen binds to its flow (issue 9; docs/guides/adding-a-flow.md):
 *
 *     machines/<flow>/<flow>.machine.ts     the pure machine: actors, actions and guards by name
 *     machines/<flow>/<flow>.selectors.ts   snapshot → the view the screen renders
 *     src/flows/<flow>/<flow>.actors.ts     provide<Flow>(services): the machine with real actors
 *     src/flows/<flow>/use-<flow>.ts        use<Flow>(...) = useFlow(provide<Flow>, { input, select })
 *     src/flows/<flow>/<flow>-screen.tsx    renders the view, sends events; no flow logic
 *
 * `useFlow` provides the machine once per mount with the app's services, starts the actor (with the
 * Stately inspector in development), and returns the selected view, `send`, and the actor.
 */

/** What a flow's actors and actions may use: the router context's services and navigation. */
export interface FlowServices extends Omit<PageContext, 'session' | 'reactQuery'> {
  /** The session actor: every route with a flow has loaded it (routes/__root.tsx). */
  session: SessionActor;
  navigate: ReturnType<typeof useNavigate>;
}

export function useFlowServices(): FlowServices {
  const context = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const { session, ...services } = context;
  return {
    ...services,
    navigate,
    // Read when a flow uses it; a component test may render a flow with no session at all.
    get session() {
      return (session as typeof session | undefined)?.get() as SessionActor;
    },
  };
}

/**
 * The machine's input: required when the machine declares one, left out when it takes none (its
 * `InputFrom` is then `unknown`) or may be `undefined`.
 */
export type FlowInput<TMachine extends AnyStateMachine> =
  undefined extends InputFrom<TMachine> ? { input?: InputFrom<TMachine> } : { input: InputFrom<TMachine> };

export type UseFlowOptions<TMachine extends AnyStateMachine, TView> = FlowInput<TMachine> & {
  /** A persisted snapshot to continue from (e.g. the order wizard's draft). */
  snapshot?: ReturnType<TMachine['getPersistedSnapshot']> | undefined;
  /** The machine's selector: the whole view the screen renders, as plain data. */
  select: (snapshot: SnapshotFrom<TMachine>) => TView;
};

export interface Flow<TMachine extends AnyStateMachine, TView> {
  view: TView;
  send: Actor<TMachine>['send'];
  actor: Actor<TMachine>;
}

/** Views are plain data: a new object with the same content is the same view (no re-render). */
function sameView(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function useFlow<TMachine extends AnyStateMachine, TView>(
  provide: (services: FlowServices) => TMachine,
  options: UseFlowOptions<TMachine, TView>,
): Flow<TMachine, TView> {
  const services = useFlowServices();
  // Provided once per mount: the services of the router context do not change while it runs.
  const [machine] = useState(() => provide(services));
  const actor = useActorRef(machine, {
    ...inspection(),
    input: options.input,
    ...(options.snapshot ? { snapshot: options.snapshot } : {}),
  }) as Actor<TMachine>;
  // A stable selector: the view is computed once per snapshot, not again on every render of the screen.
  const { select } = options;
  const selectView = useCallback((snapshot: SnapshotFrom<TMachine>) => select(snapshot), [select]);
  const view = useSelector(actor, selectView, sameView);
  return { view, send: actor.send, actor };
}

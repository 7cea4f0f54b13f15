import { type AnyActorScope, type AnyStateMachine, createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

import { allTransitionIds, startTransitions, transitionIds } from '#tools/machines/model-coverage';

/**
 * Browser paths from a flow's machine (docs/guides/model-based-tests.md, "In the browser"): the
 * machine is explored with xstate/graph's TestModel from the events the BROWSER can cause in each
 * state (the customer's, and the actor results the sandbox or the network gives), and tours over
 * its adjacency map go to the nearest goal not yet covered (a screen state, or a transition of the
 * machine's definition no tour took yet) until every goal is covered; a flow with several starts
 * (its machine model's variants) has tours from each, for the goals the earlier ones left. Each tour is replayed on the
 * machine, so every step carries the machine's own snapshots; `run.ts` drives a tour in Chromium.
 *
 * What the browser cannot cause (a timing race, a fault the sandbox cannot give a single customer)
 * is `excluded` with its reason; a transition neither covered nor excluded fails the spec
 * (`e2e/machine-paths.spec.ts`), so a new transition in a machine becomes a new browser step.
 */

type Snap<M extends AnyStateMachine> = SnapshotFrom<M>;
/** An actor's answer, as the models offer it: XState's event types do not list these. */
export type ActorResult = { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };
/** What can happen in a browser tour: the machine's own events and its actors' answers. */
export type ModelEvent<M extends AnyStateMachine> = EventFromLogic<M> | ActorResult;
type Ev<M extends AnyStateMachine> = ModelEvent<M>;
type AnySnap = SnapshotFrom<AnyStateMachine>;

/** What the generator needs of a flow's browser model (see `BrowserModel` in run.ts). */
export interface TourSpec<M extends AnyStateMachine> {
  /** The machine as defined: its transitions are the totals. */
  machine: M;
  /**
   * The machine as the browser starts it (`withInput(machine, input)` when it takes input). A flow
   * with several starts (its machine model's variants: another page, another input) lists them,
   * each with its name: each start has tours of its own, and the goals are the flow's together.
   */
  logic: M | readonly TourStart<M>[];
  /** What the browser can cause in a state. */
  events: (snapshot: Snap<M>) => readonly Ev<M>[];
  /** How two snapshots count as the same model state (default: the state value). */
  serialize?: (snapshot: Snap<M>) => string;
  /** What the customer sees, as a key: two model states with the same screen are one screen goal. */
  screen: (snapshot: Snap<M>) => string;
  /** Transition ids (`state|event|index`) the browser tests leave out, each with its reason. */
  excluded: Readonly<Record<string, string>>;
  /** At most this many events a tour (default 12): a failure should not hide too much. */
  maxSteps?: number;
}

/** One of several ways a flow's machine starts (a model's variant), by its name. */
export interface TourStart<M extends AnyStateMachine> {
  name: string;
  logic: M;
}

/** The starts of a flow: its one `logic`, or the named ones it lists. */
export function startsOf<M extends AnyStateMachine>(spec: Pick<TourSpec<M>, 'logic'>): readonly TourStart<M>[] {
  return Array.isArray(spec.logic) ? (spec.logic as readonly TourStart<M>[]) : [{ name: '', logic: spec.logic as M }];
}

export interface TourStep<M extends AnyStateMachine> {
  event: Ev<M>;
  before: Snap<M>;
  after: Snap<M>;
  /** The transitions of the definition this step takes. */
  transitions: string[];
  /** This step shows a screen no earlier tour showed: the driver checks it with axe. */
  firstSight: boolean;
}

export interface Tour<M extends AnyStateMachine> {
  index: number;
  title: string;
  /** The start it opens (a variant's name; empty for a flow with one start). */
  start: string;
  initial: Snap<M>;
  /** The opening screen is one no earlier tour showed: the driver checks it with axe. */
  firstSight: boolean;
  steps: TourStep<M>[];
}

export interface TourCoverage {
  /** Transitions of the definition: taken by a tour, left out with a reason, neither, and left out but taken after all. */
  covered: string[];
  excluded: string[];
  missing: string[];
  excludedButCovered: string[];
  total: number;
  screens: { reached: number; total: number };
}

/** An actor scope that runs nothing (as xstate/graph's own): invoked actors are created, never started. */
export function inertScope(): AnyActorScope {
  const self = createEmptyActor();
  const scope: Partial<AnyActorScope> = {
    self,
    id: '',
    sessionId: 'model',
    system: self.system,
    logger: () => {},
    defer: () => {},
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
  return scope as AnyActorScope;
}

/** An actor's answer (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`): the customer does nothing for it. */
export const isActorResult = (event: { type: string }): event is ActorResult => /^xstate\.(done|error)\.actor\./.test(event.type);

/** How an event reads in a test title. */
export function eventLabel(event: { type: string }): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!actor) return event.type;
  if (actor[1] === 'done') return `${actor[2]} answers`;
  const error = (event as { error?: { status?: number; name?: string } }).error;
  return `${actor[2]} fails (${error?.status ?? error?.name ?? 'error'})`;
}

interface Edge<M extends AnyStateMachine> {
  from: string;
  to: string;
  event: Ev<M>;
  transitions: string[];
  screen: string;
}

/** The tours of one flow, and what they cover. */
export function generateTours<M extends AnyStateMachine>(spec: TourSpec<M>): { tours: Tour<M>[]; coverage: TourCoverage } {
  const serialize = spec.serialize ?? ((snapshot: Snap<M>) => JSON.stringify((snapshot as AnySnap).value));
  const scope = inertScope();
  // Each start is explored on its own; its model states are keyed by the start's position.
  const starts = startsOf(spec).map((start, position) => {
    // xstate/graph is typed for one machine at a time; here the machine is any flow's.
    const logic: AnyStateMachine = start.logic;
    const model = new TestModel(logic, {
      events: (snapshot: AnySnap) => spec.events(snapshot as Snap<M>),
      serializeState: (snapshot: AnySnap) => serialize(snapshot as Snap<M>),
    });
    const initial = start.logic.getInitialSnapshot(scope, undefined) as Snap<M>;
    return {
      ...start,
      position,
      key: (snapshot: Snap<M>) => `${position}:${serialize(snapshot)}`,
      adjacency: model.getAdjacencyMap(),
      initial,
      opening: startTransitions(start.logic),
    };
  });

  const edges = new Map<string, Edge<M>[]>();
  const screens = new Set<string>(starts.map((start) => spec.screen(start.initial)));
  for (const { adjacency, key: keyOf } of starts) {
    for (const { state, transitions } of Object.values(adjacency)) {
      screens.add(spec.screen(state as Snap<M>));
      edges.set(
        keyOf(state as Snap<M>),
        Object.values(transitions as Record<string, { event: Ev<M>; state: AnySnap }>).map(({ event, state: to }) => ({
          from: keyOf(state as Snap<M>),
          to: keyOf(to as Snap<M>),
          event,
          transitions: transitionIds(spec.machine, state, event),
          screen: spec.screen(to as Snap<M>),
        })),
      );
    }
  }

  const covered = new Set<string>();
  const seen = new Set<string>();
  const isGoal = (edge: Edge<M>) => !seen.has(edge.screen) || edge.transitions.some((id) => !covered.has(id) && !(id in spec.excluded));
  const maxSteps = spec.maxSteps ?? 12;

  /** The nearest edge (breadth first) that reaches a goal, with the way there. */
  const nearestGoal = (from: string): Edge<M>[] | undefined => {
    const visited = new Set([from]);
    const queue: { key: string; way: Edge<M>[] }[] = [{ key: from, way: [] }];
    while (queue.length > 0) {
      const { key, way } = queue.shift()!;
      for (const edge of edges.get(key) ?? []) {
        if (isGoal(edge)) return [...way, edge];
        if (!visited.has(edge.to)) {
          visited.add(edge.to);
          queue.push({ key: edge.to, way: [...way, edge] });
        }
      }
    }
    return undefined;
  };

  const tours: Tour<M>[] = [];
  for (const start of starts) {
    for (;;) {
      // Opening a start shows its first screen and takes its eventless start transitions: a goal of its own.
      const firstSight = !seen.has(spec.screen(start.initial));
      const opens = firstSight || start.opening.some((id) => !covered.has(id) && !(id in spec.excluded));
      seen.add(spec.screen(start.initial));
      start.opening.forEach((id) => covered.add(id));
      const way: Edge<M>[] = [];
      const firstSights = new Set<number>();
      let at = start.key(start.initial);
      for (;;) {
        const next = nearestGoal(at);
        if (!next || (way.length > 0 && way.length + next.length > maxSteps)) break;
        for (const edge of next) {
          if (!seen.has(edge.screen)) firstSights.add(way.length);
          way.push(edge);
          seen.add(edge.screen);
          edge.transitions.forEach((id) => covered.add(id));
        }
        at = next.at(-1)!.to;
      }
      if (way.length === 0 && !opens) break;
      tours.push(replay(spec, start, tours.length, way, firstSight, firstSights, start.key));
      if (way.length === 0) break;
    }
  }

  const all = allTransitionIds(spec.machine);
  const coveredIds = all.filter((id) => covered.has(id));
  return {
    tours,
    coverage: {
      covered: coveredIds,
      excluded: all.filter((id) => id in spec.excluded),
      missing: all.filter((id) => !covered.has(id) && !(id in spec.excluded)),
      excludedButCovered: coveredIds.filter((id) => id in spec.excluded),
      total: all.length,
      screens: { reached: [...screens].filter((key) => seen.has(key)).length, total: screens.size },
    },
  };
}

/** Replays a tour's events on the machine: each step carries the machine's own snapshots. */
function replay<M extends AnyStateMachine>(
  spec: TourSpec<M>,
  start: TourStart<M>,
  index: number,
  way: Edge<M>[],
  firstSight: boolean,
  firstSights: Set<number>,
  keyOf: (snapshot: Snap<M>) => string,
): Tour<M> {
  const scope = inertScope();
  const initial = start.logic.getInitialSnapshot(scope, undefined) as Snap<M>;
  let before = initial;
  const steps = way.map(({ event, to, transitions }, position) => {
    const after = start.logic.transition(before, event, scope) as Snap<M>;
    // The tour was planned on model states: the machine must agree (else `serialize` misses something that matters).
    if (keyOf(after) !== to) throw new Error(`${spec.machine.id}: ${eventLabel(event)} led to ${keyOf(after)}, the model expected ${to}`);
    const step: TourStep<M> = { event, before, after, transitions, firstSight: firstSights.has(position) };
    before = after;
    return step;
  });
  const opening = start.name === '' ? '' : ` (${start.name})`;
  const events = steps.length === 0 ? 'opens' : steps.map((step) => eventLabel(step.event)).join(' → ');
  return { index, title: `${spec.machine.id} ${index + 1}${opening}: ${events}`, start: start.name, initial, firstSight, steps };
}

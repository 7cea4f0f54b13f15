import { type AnyStateMachine, type EventFromLogic, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { type StatePath, type Step, TestModel } from 'xstate/graph';

/**
 * The shared harness of the model-based machine tests (DESIGN.md section 6).
 *
 * A machine is explored with `xstate/graph`'s TestModel from the events a test declares per
 * state, actor results included (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`), so machines
 * with `invoke` work. From the adjacency map the harness builds an edge cover: for every
 * (state, event) edge, the shortest path to its state plus that edge. Each path is replayed on the
 * machine and checked by the test's per-state assertions, and the harness counts which states and
 * which transitions of the machine's definition the paths took.
 */

type Snap<M extends AnyStateMachine> = SnapshotFrom<M>;
type Ev<M extends AnyStateMachine> = EventFromLogic<M>;

export interface ModelSpec<M extends AnyStateMachine> {
  name: string;
  machine: M;
  /** The events to try in a state (user events and actor results). */
  events: (snapshot: Snap<M>) => readonly Ev<M>[];
  /** How two snapshots count as the same model state (default: the state value). */
  serialize?: (snapshot: Snap<M>) => string;
  /** Transition ids (`state.path|event|index`) deliberately unreached, each with its reason. */
  unreachable?: Record<string, string>;
}

export interface Coverage {
  name: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { reached: number; total: number; missing: string[] };
}

export interface ModelRun<M extends AnyStateMachine> {
  paths: StatePath<Snap<M>, Ev<M>>[];
  coverage: Coverage;
}

/** Every leaf and compound state node id, e.g. `session.signedIn`. */
function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    if (node !== machine.root) ids.push(node.id);
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return ids;
}

/** Every transition of the definition: `stateNodeId|eventType|index`. */
function allTransitionIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const [eventType, transitions] of node.transitions) transitions.forEach((_, index) => ids.push(`${node.id}|${eventType}|${index}`));
    (node.always ?? []).forEach((_, index) => ids.push(`${node.id}|always|${index}`));
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return ids;
}

function transitionId(machine: AnyStateMachine, snapshot: Snap<AnyStateMachine>, event: Ev<AnyStateMachine>): string[] {
  return machine.getTransitionData(snapshot as never, event as never).map((definition) => {
    const list = definition.source.transitions.get(definition.eventType) ?? [];
    return `${definition.source.id}|${definition.eventType}|${list.indexOf(definition)}`;
  });
}

function stateIdsOf(snapshot: Snap<AnyStateMachine>): string[] {
  return (snapshot as unknown as { _nodes: { id: string }[] })._nodes.map((node) => node.id).filter((id) => id.includes('.'));
}

/** Explores the machine and returns the edge-cover paths with their coverage. */
export function exploreModel<M extends AnyStateMachine>(spec: ModelSpec<M>): ModelRun<M> {
  const serialize = spec.serialize ?? ((snapshot: Snap<M>) => JSON.stringify((snapshot as { value?: unknown }).value));
  const model = new TestModel(spec.machine as never, {
    events: spec.events as never,
    serializeState: ((snapshot: Snap<M>) => serialize(snapshot)) as never,
  });
  // Duplicates allowed: a path to every state, also to those on the way to another.
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true }) as unknown as StatePath<Snap<M>, Ev<M>>[];
  const toState = new Map(shortest.map((path) => [serialize(path.state), path]));
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, { state: Snap<M>; transitions: Record<string, { event: Ev<M>; state: Snap<M> }> }>;

  const paths: StatePath<Snap<M>, Ev<M>>[] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const prefix = toState.get(serialize(state));
    if (!prefix) throw new Error(`no path to the explored state ${serialize(state)}`);
    for (const { event, state: next } of Object.values(transitions)) {
      const step: Step<Snap<M>, Ev<M>> = { event, state: next };
      paths.push({ state: next, steps: [...prefix.steps, step], weight: prefix.steps.length + 1 });
    }
  }

  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) stateIdsOf(step.state as never).forEach((id) => reachedStates.add(id));
  }
  for (const { state, transitions } of Object.values(adjacency)) {
    for (const { event } of Object.values(transitions)) transitionId(spec.machine, state as never, event as never).forEach((id) => reachedTransitions.add(id));
  }
  for (const path of shortest) stateIdsOf(path.state as never).forEach((id) => reachedStates.add(id));

  const states = allStateIds(spec.machine);
  const transitions = allTransitionIds(spec.machine).filter((id) => !(spec.unreachable && id in spec.unreachable));
  return {
    paths,
    coverage: {
      name: spec.name,
      states: { reached: states.filter((id) => reachedStates.has(id)).length, total: states.length, missing: states.filter((id) => !reachedStates.has(id)) },
      transitions: {
        reached: transitions.filter((id) => reachedTransitions.has(id)).length,
        total: transitions.length,
        missing: transitions.filter((id) => !reachedTransitions.has(id)),
      },
    },
  };
}

/**
 * Replays a path on the machine from its initial snapshot and calls `check` after every step, so
 * each state's invariants are asserted on every path that passes through it.
 */
export function replayPath<M extends AnyStateMachine>(
  machine: M,
  path: StatePath<Snap<M>, Ev<M>>,
  initial: Snap<M>,
  check: (snapshot: Snap<M>, event: Ev<M> | undefined) => void,
): Snap<M> {
  let snapshot = initial;
  check(snapshot, undefined);
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue;
    snapshot = getNextSnapshot(machine, snapshot, step.event) as Snap<M>;
    check(snapshot, step.event);
  }
  return snapshot;
}

/** One line per machine, as `npm test` prints it. */
export function formatCoverage(coverage: Coverage): string {
  const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 100));
  return `model coverage ${coverage.name.padEnd(16)} states ${coverage.states.reached}/${coverage.states.total} (${percent(coverage.states.reached, coverage.states.total)} %), transitions ${coverage.transitions.reached}/${coverage.transitions.total} (${percent(coverage.transitions.reached, coverage.transitions.total)} %)`;
}

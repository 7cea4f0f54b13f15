import { type AnyActorScope, type AnyStateMachine, createActor, type EventFromLogic, getNextSnapshot, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { type StatePath, type Step, TestModel } from 'xstate/graph';

/**
 * The shared harness of the model-based machine tests (docs/architecture.md#quality-bars).
 *
 * A machine is explored with `xstate/graph`'s TestModel from the events a test declares per
 * state, actor results included (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`), so machines
 * with `invoke` work. From the adjacency map the harness builds an edge cover: for every
 * (state, event) edge, the shortest path to its state plus that edge. Each path is replayed on the
 * machine and checked by the test's per-state assertions, and the harness counts which states and
 * which transitions of the machine's definition the paths took.
 *
 * A machine's model (`tests/machines/<machine>.model.ts`, listed in `models.ts`) is a set of
 * variants, e.g. one per product, each explored from its own input. `runModel` explores them all and
 * counts a state or transition as reached when one variant reaches it; what none reaches must be
 * listed with its reason, and a listed reason for something reached fails as stale.
 * `tests/machines/coverage.test.ts` runs every model and prints the table; `npm run paths` prints
 * the paths of the same models. The guide: docs/guides/model-based-tests.md.
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
export function allTransitionIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const [eventType, transitions] of node.transitions) transitions.forEach((_, index) => ids.push(`${node.id}|${eventType}|${index}`));
    (node.always ?? []).forEach((_, index) => ids.push(`${node.id}|always|${index}`));
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return ids;
}

/** The ids of the transitions an event takes from a snapshot (empty when the event is ignored). */
export function transitionIds(machine: AnyStateMachine, snapshot: Snap<AnyStateMachine>, event: Ev<AnyStateMachine>): string[] {
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
    for (const { event } of Object.values(transitions)) transitionIds(spec.machine, state as never, event as never).forEach((id) => reachedTransitions.add(id));
  }
  for (const path of shortest) stateIdsOf(path.state as never).forEach((id) => reachedStates.add(id));

  const states = allStateIds(spec.machine);
  const transitions = allTransitionIds(spec.machine);
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

// ---------------------------------------------------------------- machine models and their variants

/** One exploration of a machine: its own start (input) and the events to try in each state. */
export interface ModelVariant<M extends AnyStateMachine> {
  name: string;
  machine: M;
  events: (snapshot: Snap<M>) => readonly Ev<M>[];
  serialize?: (snapshot: Snap<M>) => string;
  /** State and transition ids this variant cannot reach by construction, each with its reason. */
  outOfScope?: Record<string, string>;
}

/** The model of one machine file in machines/ (see docs/guides/model-based-tests.md). */
export interface MachineModel<M extends AnyStateMachine = AnyStateMachine> {
  /** The machine file, repo-relative: `machines/<name>/<name>.machine.ts`. */
  file: string;
  /** The machine itself, as defined (its states and transitions are the totals). */
  machine: M;
  variants: readonly ModelVariant<M>[];
  /** State and transition ids that no variant reaches, each with its reason. */
  unreachable?: Record<string, string>;
}

export interface VariantRun<M extends AnyStateMachine> extends ModelRun<M> {
  variant: ModelVariant<M>;
}

export interface ModelReport<M extends AnyStateMachine = AnyStateMachine> {
  model: MachineModel<M>;
  runs: VariantRun<M>[];
  /** The union of the variants, without the listed unreachable ids. */
  coverage: Coverage;
  /** Listed ids that do not exist or are reached after all, and variants that miss more than their scope. */
  problems: string[];
}

/**
 * A machine that starts with `input`: xstate/graph explores a machine from its initial snapshot
 * without input, so the model wraps the real machine and only its start changes.
 */
export function withInput<M extends AnyStateMachine>(machine: M, input: unknown): M {
  const model = Object.create(machine) as M;
  Object.defineProperty(model, 'getInitialSnapshot', { value: (scope: AnyActorScope) => machine.getInitialSnapshot(scope, input) });
  return model;
}

/**
 * The eventless (`always`) transitions taken while a machine starts, read from xstate's inspection
 * microsteps: the harness counts other transitions by their event, and these have none. (An
 * `always` transition elsewhere shows as unreached, so it cannot go unnoticed.)
 */
export function startTransitions(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) {
      const index = transition.source.always?.indexOf(transition) ?? -1;
      if (index >= 0) ids.push(`${transition.source.id}|always|${index}`);
    }
  };
  const actor = createActor(machine, { inspect });
  actor.subscribe({ error: () => undefined });
  actor.start();
  actor.stop();
  return ids;
}

/** Explores every variant of a model and checks its coverage against the listed reasons. */
export function runModel<M extends AnyStateMachine>(model: MachineModel<M>): ModelReport<M> {
  const name = model.machine.id;
  const states = allStateIds(model.machine);
  const transitions = allTransitionIds(model.machine);
  const known = new Set([...states, ...transitions]);
  const problems: string[] = [];

  const runs = model.variants.map((variant) => {
    const run = exploreModel({ name: `${name} ${variant.name}`, machine: variant.machine, events: variant.events, serialize: variant.serialize });
    const taken = startTransitions(variant.machine);
    const transitionsMissing = run.coverage.transitions.missing.filter((id) => !taken.includes(id));
    const scope = variant.outOfScope ?? {};
    for (const id of Object.keys(scope))
      if (!known.has(id)) problems.push(`${name} ${variant.name}: outOfScope lists '${id}', which the machine does not have`);
    const statesMissing = run.coverage.states.missing;
    for (const id of [...statesMissing, ...transitionsMissing])
      if (variant.outOfScope && !(id in scope)) problems.push(`${name} ${variant.name}: '${id}' is not reached and not listed as out of scope`);
    for (const id of Object.keys(scope))
      if (![...statesMissing, ...transitionsMissing].includes(id)) problems.push(`${name} ${variant.name}: '${id}' is listed as out of scope but reached`);
    const coverage: Coverage = {
      name: `${name} ${variant.name}`,
      states: { reached: states.length - statesMissing.length, total: states.length, missing: statesMissing },
      transitions: { reached: transitions.length - transitionsMissing.length, total: transitions.length, missing: transitionsMissing },
    };
    return { ...run, coverage, variant };
  });

  const missingInAll = (pick: (coverage: Coverage) => string[]) =>
    runs.length === 0 ? [] : pick(runs[0]!.coverage).filter((id) => runs.every((run) => pick(run.coverage).includes(id)));
  const unreachable = model.unreachable ?? {};
  const statesMissing = missingInAll((coverage) => coverage.states.missing);
  const transitionsMissing = missingInAll((coverage) => coverage.transitions.missing);
  for (const id of Object.keys(unreachable)) {
    if (!known.has(id)) problems.push(`${name}: unreachable lists '${id}', which the machine does not have`);
    else if (![...statesMissing, ...transitionsMissing].includes(id))
      problems.push(`${name}: '${id}' is listed as unreachable but a variant reaches it (remove the reason)`);
  }
  const countedStates = states.filter((id) => !(id in unreachable));
  const countedTransitions = transitions.filter((id) => !(id in unreachable));
  const coverage: Coverage = {
    name,
    states: {
      reached: countedStates.filter((id) => !statesMissing.includes(id)).length,
      total: countedStates.length,
      missing: statesMissing.filter((id) => !(id in unreachable)),
    },
    transitions: {
      reached: countedTransitions.filter((id) => !transitionsMissing.includes(id)).length,
      total: countedTransitions.length,
      missing: transitionsMissing.filter((id) => !(id in unreachable)),
    },
  };
  return { model, runs, coverage, problems };
}

/** The table `npm test` prints: one row per machine, with its variants and the listed reasons. */
export function formatCoverageTable(reports: readonly ModelReport[]): string {
  const percent = (part: number, whole: number) => `${whole === 0 ? 100 : Math.floor((part / whole) * 100)} %`;
  const rows = reports.map((report) => {
    const { states, transitions } = report.coverage;
    return [
      report.model.machine.id,
      `${states.reached}/${states.total}`,
      percent(states.reached, states.total),
      `${transitions.reached}/${transitions.total}`,
      percent(transitions.reached, transitions.total),
      String(report.runs.length),
      String(report.runs.reduce((sum, run) => sum + run.paths.length, 0)),
      String(Object.keys(report.model.unreachable ?? {}).length),
    ];
  });
  const header = ['machine', 'states', '', 'transitions', '', 'variants', 'paths', 'unreachable (listed)'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const reasons = reports.flatMap((report) => Object.entries(report.model.unreachable ?? {}).map(([id, reason]) => `  not counted: ${id}: ${reason}`));
  return ['Model coverage (tests/machines/*.model.ts)', line(header), ...rows.map(line), ...reasons].join('\n');
}

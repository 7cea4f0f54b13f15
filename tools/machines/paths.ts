import { type AnyStateMachine, type AnyStateNode, type EventObject, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { type StatePath, TestModel } from 'xstate/graph';

import { failureOf } from '#src/domain/failure';
import { guardLabel as diagramGuardLabel } from './machine-docs';
import type { MachineModel, ModelVariant } from './model-coverage';

/**
 * A machine's paths as a tester reads them (`npm run paths -- <machine>`, issue 6): every step with
 * the state it leaves, the event, the state it reaches, and the guards xstate tried on the way,
 * which failed (✗) and which passed (✓). The paths come from the machine's model
 * (tests/machines/<machine>.model.ts), so they are the paths the model-based tests replay.
 */

type Snapshot = SnapshotFrom<AnyStateMachine>;

export interface GuardOutcome {
  /** The transition's guard, e.g. `canOrder and needsRegistration`; `(none)` without a guard. */
  guard: string;
  passed: boolean;
  /** Where the transition goes, e.g. `registering`; `(self)` for a targetless transition. */
  target: string;
}

export interface PathStep {
  /** False for the model's own steps that are no event of the machine (e.g. the order wizard's `test.reload`). */
  machineEvent: boolean;
  from: string;
  event: string;
  /** The event as sent, for tools (functions and errors are made plain). */
  eventObject: Record<string, unknown>;
  to: string;
  guards: GuardOutcome[];
}

export interface ReadablePath {
  variant: string;
  /** The state value reached, e.g. `summary` or `{"loading":"order"}`. */
  target: string;
  /** The model state reached (state value plus the context facts the model tells apart). */
  modelState: string;
  steps: PathStep[];
}

export type PathKind = 'shortest' | 'simple';

export interface PathOptions {
  kind: PathKind;
  /** Only this variant (its name, e.g. `joti visitor`). */
  variant?: string;
  /** Only paths that end in this state value (e.g. `summary`, `done`, `loading.order`). */
  to?: string;
  /** Simple paths: at most this many per variant, shortest first. */
  limit?: number;
}

/** `summary`, `loading.order`: a state value as the visualizer names it. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, child]) => (child && (typeof child !== 'object' || Object.keys(child).length > 0) ? `${key}.${stateName(child)}` : key))
      .join(', ');
  }
  return String(value);
}

/** A guard as written in the machine: `isStep(billing) and hasAccountStep`, `not hasCompanyStep`; `(none)` without one. */
export function guardLabel(guard: unknown): string {
  return diagramGuardLabel(guard) ?? '(none)';
}

function plain(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, ...Object.fromEntries(Object.entries(value)) };
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, plain(child)]));
  return value;
}

/** `a=1 b=x`: the primitive fields of a payload, nested objects as `{…}`, cut at 70 characters. */
function compact(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  const text = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .map(([key, entry]) => `${key}=${entry !== null && typeof entry === 'object' ? '{…}' : String(entry)}`)
    .join(' ');
  return text.length > 70 ? `${text.slice(0, 69)}…` : text;
}

/** `step.next(billing) firstName=Erika …`, `done: register`, `error: submitOrder 400 quoteMismatch`, `session.signIn returnTo=/app`. */
export function eventLabel(event: EventObject): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (actor) {
    const [, kind, id] = actor;
    if (kind === 'done') return `done: ${id}`;
    const error = (event as { error?: unknown }).error;
    const { status, code } = failureOf(error);
    const facts =
      error instanceof Error && status === undefined
        ? [error.name === 'Error' ? error.message : error.name]
        : [status, code].filter((part) => part !== undefined);
    return `error: ${id}${facts.length > 0 ? ` ${facts.join(' ')}` : ''}`;
  }
  const { type, step, values, ...rest } = event as EventObject & Record<string, unknown>;
  const name = typeof step === 'string' ? `${type}(${step})` : type;
  const payload = values !== undefined ? compact(values) : Object.keys(rest).length > 0 ? compact(rest) : '';
  return payload ? `${name} ${payload}` : name;
}

/**
 * The candidate transitions of an event in a snapshot, in the order xstate tries them (deepest
 * state first), each with whether it was taken: the ones tried before the taken one failed.
 */
function guardOutcomes(machine: AnyStateMachine, snapshot: Snapshot, event: EventObject): GuardOutcome[] {
  const taken = new Set(machine.getTransitionData(snapshot as never, event as never));
  const outcomes: GuardOutcome[] = [];
  const leaves = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
  const seen = new Set<unknown>();
  for (const leaf of leaves) {
    for (let node: AnyStateNode | undefined = leaf; node; node = node.parent) {
      const candidates = node.transitions.get(event.type) ?? [];
      let stop = false;
      for (const transition of candidates) {
        if (seen.has(transition)) continue;
        seen.add(transition);
        const passed = taken.has(transition);
        const target = transition.target?.map((t: AnyStateNode) => t.path.join('.')).join(', ') || '(self)';
        outcomes.push({ guard: guardLabel(transition.guard), passed, target });
        if (passed) {
          stop = true;
          break;
        }
      }
      if (stop) break;
    }
  }
  return outcomes;
}

function readable(variant: ModelVariant<AnyStateMachine>, path: StatePath<Snapshot, EventObject>, modelState: string): ReadablePath {
  const steps: PathStep[] = [];
  let snapshot: Snapshot | undefined;
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') {
      snapshot = step.state;
      continue;
    }
    if (!snapshot) throw new Error('a path starts with xstate.init');
    const next = getNextSnapshot(variant.machine, snapshot as never, step.event as never) as Snapshot;
    steps.push({
      machineEvent: (variant.machine as unknown as { events: string[] }).events.includes(step.event.type),
      from: stateName(snapshot.value),
      event: eventLabel(step.event),
      eventObject: plain(step.event) as Record<string, unknown>,
      to: stateName(next.value),
      guards: guardOutcomes(variant.machine, snapshot, step.event),
    });
    snapshot = step.state;
  }
  return { variant: variant.name, target: stateName(path.state.value), modelState, steps };
}

/**
 * Simple paths (no model state twice) to the states `to` selects, shortest first, at most `limit`:
 * found by iterative deepening over the model's adjacency map, so a large model stays bounded.
 */
function simplePaths(
  model: TestModel<Snapshot, EventObject, unknown>,
  serialize: (snapshot: Snapshot) => string,
  matches: (snapshot: Snapshot) => boolean,
  limit: number,
) {
  const adjacency = model.getAdjacencyMap() as unknown as Record<
    string,
    { state: Snapshot; transitions: Record<string, { event: EventObject; state: Snapshot }> }
  >;
  const start = Object.values(adjacency)[0];
  if (!start) return [];
  const found: StatePath<Snapshot, EventObject>[] = [];
  const maxDepth = Object.keys(adjacency).length;
  let budget = 2_000_000;
  for (let depth = 1; depth <= maxDepth && found.length < limit && budget > 0; depth += 1) {
    const visit = (key: string, steps: { state: Snapshot; event: EventObject }[], onPath: Set<string>) => {
      if (found.length >= limit || (budget -= 1) <= 0) return;
      const here = adjacency[key];
      if (!here) return;
      if (steps.length === depth) {
        if (matches(here.state))
          found.push({ state: here.state, steps: [{ state: start.state, event: { type: 'xstate.init' } }, ...steps], weight: steps.length });
        return;
      }
      for (const { event, state } of Object.values(here.transitions)) {
        const next = serialize(state);
        if (onPath.has(next)) continue;
        onPath.add(next);
        visit(next, [...steps, { state, event }], onPath);
        onPath.delete(next);
      }
    };
    const first = serialize(start.state);
    visit(first, [], new Set([first]));
  }
  return found;
}

/** The readable paths of a model: per variant, the shortest path to every model state, or simple paths. */
export function pathsOf(model: MachineModel, options: PathOptions): ReadablePath[] {
  const variants = model.variants.filter((variant) => options.variant === undefined || variant.name === options.variant);
  if (variants.length === 0) throw new Error(`no variant '${options.variant}'; the variants are: ${model.variants.map((variant) => variant.name).join(', ')}`);
  const matches = (snapshot: Snapshot) => options.to === undefined || stateName(snapshot.value) === options.to || snapshot.matches(options.to as never);
  return variants.flatMap((variant) => {
    const serialize = (variant.serialize ?? ((snapshot: Snapshot) => JSON.stringify(snapshot.value))) as (snapshot: Snapshot) => string;
    const testModel = new TestModel(variant.machine as never, { events: variant.events as never, serializeState: serialize as never }) as unknown as TestModel<
      Snapshot,
      EventObject,
      unknown
    >;
    const paths =
      options.kind === 'shortest'
        ? (testModel.getShortestPaths({ allowDuplicatePaths: true }) as unknown as StatePath<Snapshot, EventObject>[]).filter((path) => matches(path.state))
        : simplePaths(testModel, serialize, matches, options.limit ?? 10);
    return paths.sort((a, b) => a.steps.length - b.steps.length).map((path) => readable(variant as ModelVariant<AnyStateMachine>, path, serialize(path.state)));
  });
}

/** The paths as text, one block per path. */
export function formatPaths(machineName: string, kind: PathKind, paths: readonly ReadablePath[]): string {
  const lines = [`${paths.length} ${kind} path${paths.length === 1 ? '' : 's'} of ${machineName}`];
  paths.forEach((path, index) => {
    lines.push('', `#${index + 1} ${path.variant} → ${path.target} (${path.steps.length} step${path.steps.length === 1 ? '' : 's'})`);
    if (path.steps.length === 0) lines.push('   (the initial state)');
    path.steps.forEach((step, number) => {
      const tried = !step.machineEvent
        ? "the model's own step, not an event of the machine (see the model file)"
        : step.guards.length === 0
          ? 'no transition: the event is ignored'
          : step.guards.map((outcome) => `${outcome.passed ? '✓' : '✗'} ${outcome.guard} → ${outcome.target}`).join('; ');
      lines.push(`  ${String(number + 1).padStart(2)}. ${step.from} ─ ${step.event} ─▶ ${step.to}`, `      ${tried}`);
    });
  });
  return lines.join('\n');
}

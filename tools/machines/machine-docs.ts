import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { type AnyStateMachine, StateMachine } from 'xstate';

/**
 * The generated docs of the machines (issue 6, item 6): per machine in machines/, a page
 * `docs/machines/<name>.md` (a Mermaid stateDiagram-v2 that GitHub renders, the states and the
 * transitions with their descriptions and SPEC.md sections) and `docs/machines/<name>.json` (the
 * machine's definition), plus `docs/machines/README.md`, the index.
 *
 * Everything here but `findMachineFiles` and `loadMachines` is pure: machine in, text out.
 * `scripts/machine-docs.ts` writes or checks the files; `tests/machines/diagrams.test.ts` compares.
 *
 * Mermaid's state diagrams choke on some characters: a state id may hold letters, digits and `_`
 * only (no dot, no hyphen), and a label ends at `:` or `;` and treats `#`, `%%`, `<`, `>`, `"` and
 * `{}` specially. So ids are the state keys (made unique with the parent's key where needed),
 * actor results read `done(register)` and `error(register)`, and labels keep only harmless
 * characters.
 */

export const docsDir = 'docs/machines';

// ---------------------------------------------------------------- loading (not pure)

/** Every `machines/**\/*.machine.ts`, repository-relative with `/`, sorted. */
export function findMachineFiles(root: string): string[] {
  return (readdirSync(path.join(root, 'machines'), { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.machine.ts'))
    .map((file) => `machines/${file}`)
    .sort();
}

export interface MachineSource {
  /** The file's name without `.machine.ts`: `order-wizard`. */
  name: string;
  /** Repository-relative: `machines/order-wizard/order-wizard.machine.ts`. */
  file: string;
  /** The export that is the machine: `orderWizardMachine`. */
  exportName: string;
  machine: AnyStateMachine;
}

/** Imports every machine file and finds its one exported StateMachine. */
export async function loadMachines(root: string): Promise<MachineSource[]> {
  const result: MachineSource[] = [];
  for (const file of findMachineFiles(root)) {
    const module = (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, unknown>;
    const machines = Object.entries(module).filter((entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine);
    if (machines.length !== 1)
      throw new Error(`${file} exports ${machines.length} state machines (${machines.map(([name]) => name).join(', ') || 'none'}); exactly one is expected.`);
    const [exportName, machine] = machines[0]!;
    result.push({ name: path.basename(file, '.machine.ts'), file, exportName, machine });
  }
  return result;
}

// ---------------------------------------------------------------- xstate's state nodes, as read here

/** What this module reads of xstate's StateNode (public fields; typed loosely on purpose). */
interface Node {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  path: string[];
  description?: string;
  meta?: Record<string, unknown>;
  parent?: Node;
  states: Record<string, Node>;
  transitions: Map<string, Transition[]>;
  always?: Transition[];
  invoke: { id: string; src: unknown }[];
  initial: { target: readonly Node[] } | undefined;
  config: { entry?: unknown; exit?: unknown };
  definition: Record<string, unknown>;
}

interface Transition {
  source: Node;
  target: readonly Node[] | undefined;
  eventType: string;
  guard?: unknown;
  actions: readonly unknown[];
  reenter: boolean;
  description?: string;
  toJSON: () => Record<string, unknown>;
}

function rootOf(machine: AnyStateMachine): Node {
  return machine.root as unknown as Node;
}

/** Every state node below the root, depth first in document order. */
export function stateNodesOf(machine: AnyStateMachine): Node[] {
  const nodes: Node[] = [];
  const visit = (node: Node) => {
    for (const child of Object.values(node.states)) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(rootOf(machine));
  return nodes;
}

/**
 * Every transition of the machine: per state node (the root last, as xstate tries a state's own
 * transitions before its ancestors'), the evented ones in definition order, then `always`.
 */
function transitionsOf(machine: AnyStateMachine): Transition[] {
  return [...stateNodesOf(machine), rootOf(machine)].flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
}

/** What a transition without a target does: handles the event in place, or swallows it. */
function targetlessNote(transition: Transition): string {
  return transition.actions.length > 0 ? '(no state change)' : '(ignored)';
}

/** The event types the machine handles itself: user events, no `xstate.*` ones. */
export function userEventsOf(machine: AnyStateMachine): string[] {
  return [...new Set(transitionsOf(machine).map((transition) => transition.eventType))].filter((type) => type !== '' && !type.startsWith('xstate.'));
}

/** A state's name for people: its keys from the root, `summary` or `parent.child`. */
function statePath(node: Node): string {
  return node.path.join('.');
}

// ---------------------------------------------------------------- labels

/** How an event reads in the diagram and the tables: `order.submit`, `done(register)`, `after(500 ms)`, `always`. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType === '*') return 'any event';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}(${actor[2]})`;
  const snapshot = /^xstate\.snapshot\.(.+)$/.exec(eventType);
  if (snapshot) return `snapshot(${snapshot[1]})`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1]!) ? `after(${after[1]} ms)` : `after(${after[1]})`;
  return eventType;
}

function isGuardCombinator(guard: unknown): guard is ((...args: never[]) => unknown) & { guards: unknown[] } {
  return typeof guard === 'function' && Array.isArray((guard as { guards?: unknown }).guards);
}

/** `params` shown only when they are a small static object: `isStep(company)`. */
function withParams(name: string, params: unknown): string {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return name;
  const values = Object.values(params as Record<string, unknown>);
  if (values.length === 0 || !values.every((value) => ['string', 'number', 'boolean'].includes(typeof value))) return name;
  return `${name}(${values.map(String).join(', ')})`;
}

/** A guard as text: `canOrder and needsRegistration`, `not hasCompanyStep`, `isStep(company)`. */
export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (isGuardCombinator(guard)) {
    const parts = guard.guards.map((inner) => {
      const text = guardLabel(inner) ?? '?';
      return isGuardCombinator(inner) && inner.name !== 'not' ? `(${text})` : text;
    });
    return guard.name === 'not' ? `not ${parts[0]}` : parts.join(` ${guard.name} `);
  }
  if (typeof guard === 'function') {
    const stateValue = (guard as { stateValue?: unknown }).stateValue;
    if (stateValue !== undefined) return `in(${typeof stateValue === 'string' ? stateValue : JSON.stringify(stateValue)})`;
    return guard.name ? `${guard.name} (inline)` : 'inline guard';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return withParams(String(guard.type), (guard as { params?: unknown }).params);
  return 'guard';
}

/** An action as text: `storeStep`, `setError(passwordNeededAgain)`, `assign`. */
function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const { type, assignment } = action as { type?: unknown; assignment?: unknown };
    if (typeof type !== 'string') return action.name || 'inline';
    const name = type.replace(/^xstate\./, '');
    // assign({ a: ..., b: ... }) shows what it assigns: assign(a, b).
    return name === 'assign' && typeof assignment === 'object' && assignment !== null ? `assign(${Object.keys(assignment).join(', ')})` : name;
  }
  if (typeof action === 'object' && action !== null && 'type' in action) return withParams(String(action.type), (action as { params?: unknown }).params);
  return 'action';
}

function toArray(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

// ---------------------------------------------------------------- Mermaid

const mermaidKeywords = new Set([
  'state',
  'note',
  'end',
  'as',
  'direction',
  'class',
  'classdef',
  'style',
  'click',
  'hide',
  'scale',
  'default',
  'acctitle',
  'accdescr',
  'linkstyle',
]);

function mermaidId(text: string): string {
  const id = text.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(id) ? `s_${id}` : id;
}

/** Text Mermaid shows as it is in a transition label or a state description line. */
export function mermaidText(text: string): string {
  return text
    .replace(/[^\p{L}\p{N} _.,()[\]'+*/=!?-]/gu, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Unique Mermaid ids: the key where it is unique, else the path joined with `_`. */
function mermaidIds(machine: AnyStateMachine): { ids: Map<Node, string>; rootId: string } {
  const nodes = stateNodesOf(machine);
  const counts = new Map<string, number>();
  for (const node of nodes) counts.set(mermaidId(node.key), (counts.get(mermaidId(node.key)) ?? 0) + 1);
  const ids = new Map<Node, string>();
  const used = new Set<string>();
  const claim = (wanted: string) => {
    let id = wanted;
    for (let n = 2; used.has(id) || mermaidKeywords.has(id.toLowerCase()); n++) id = `${wanted}_${n}`;
    used.add(id);
    return id;
  };
  for (const node of nodes) {
    const base = mermaidId(node.key);
    ids.set(node, claim(counts.get(base) === 1 ? base : mermaidId(node.path.join('_'))));
  }
  return { ids, rootId: claim(`${mermaidId(rootOf(machine).key)}_anyState`) };
}

function transitionLabel(transition: Transition): string {
  const guard = guardLabel(transition.guard);
  const selfTarget = transition.target?.length === 1 && transition.target[0] === transition.source;
  const parts = [eventLabel(transition.eventType), guard === undefined ? '' : `[${guard}]`, transition.reenter && selfTarget ? '(re-enter)' : ''];
  return mermaidText(parts.filter(Boolean).join(' '));
}

/** The `stateDiagram-v2` text of a machine (without the code fence). */
export function renderMermaid(machine: AnyStateMachine): string {
  const root = rootOf(machine);
  const { ids, rootId } = mermaidIds(machine);
  const idOf = (node: Node) => (node === root ? rootId : ids.get(node)!);
  const lines: string[] = ['stateDiagram-v2'];
  const blockLines = new Map<Node, string[]>(); // edges declared in a composite's block
  const stateLines = new Map<Node, string[]>(); // description lines of atomic states
  const rootLines: string[] = [];

  const push = <K>(map: Map<K, string[]>, key: K, line: string) => map.set(key, [...(map.get(key) ?? []), line]);
  const isProperAncestor = (ancestor: Node, node: Node) => {
    for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
    return false;
  };

  for (const node of stateNodesOf(machine)) {
    for (const invoke of node.invoke)
      if (node.type !== 'compound' && node.type !== 'parallel')
        push(stateLines, node, `${idOf(node)} : ${mermaidText(`invoke ${typeof invoke.src === 'string' ? invoke.src : invoke.id}`)}`);
  }
  for (const transition of transitionsOf(machine)) {
    const source = transition.source;
    const label = transitionLabel(transition);
    const targets = transition.target ?? [];
    if (targets.length === 0) {
      const text = `${label} ${targetlessNote(transition)}`;
      if (source === root) rootLines.push(`${rootId} : ${text}`);
      else if (source.type === 'compound' || source.type === 'parallel') push(blockLines, source.parent!, `${idOf(source)} --> ${idOf(source)} : ${text}`);
      else push(stateLines, source, `${idOf(source)} : ${text}`);
      continue;
    }
    for (const target of targets) {
      // The edge goes into the block of the nearest composite that holds both ends.
      let block = source === root ? root : source.parent!;
      while (block !== root && !isProperAncestor(block, target)) block = block.parent!;
      push(blockLines, block, `${idOf(source)} --> ${idOf(target)} : ${label}`);
    }
  }

  const emitBlock = (parent: Node, indent: string) => {
    const children = Object.values(parent.states);
    if (parent.type === 'parallel') {
      children.forEach((child, index) => {
        if (index > 0) lines.push(`${indent}--`);
        emitState(child, indent);
      });
    } else {
      for (const target of parent.initial?.target ?? []) lines.push(`${indent}[*] --> ${idOf(target)}`);
      for (const child of children) emitState(child, indent);
    }
    for (const line of blockLines.get(parent) ?? []) lines.push(`${indent}${line}`);
  };
  const emitState = (node: Node, indent: string) => {
    const id = idOf(node);
    const descriptions = Object.keys(node.states).length > 0 ? [] : (stateLines.get(node) ?? []);
    // The first description of a state is its box's title: the name, then the lines (invoke, events).
    if (id !== node.key || descriptions.length > 0) lines.push(`${indent}state "${mermaidText(node.key)}" as ${id}`);
    if (Object.keys(node.states).length > 0) {
      lines.push(`${indent}state ${id} {`);
      emitBlock(node, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      for (const line of descriptions) lines.push(`${indent}${line}`);
    }
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  };

  emitBlock(root, '  ');
  if (rootLines.length > 0 || (blockLines.get(root) ?? []).some((line) => line.startsWith(`${rootId} `))) {
    lines.push(`  state "any state" as ${rootId}`);
    for (const line of rootLines) lines.push(`  ${line}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- Markdown

function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();
}

function code(text: string): string {
  return `\`${text}\``;
}

function title(name: string): string {
  const words = name.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function specOf(node: { meta?: Record<string, unknown> }): string {
  const spec = node.meta?.spec;
  return typeof spec === 'string' ? spec : '';
}

/** The page `docs/machines/<name>.md`. */
export function renderMachinePage(source: MachineSource): string {
  const { machine, name, file, exportName } = source;
  const root = rootOf(machine);
  const nodes = stateNodesOf(machine);
  const out: string[] = [];
  out.push(`<!-- Generated by \`npm run machines:docs\` from ${file}: do not edit by hand. -->`, '');
  out.push(`# ${title(name)} machine (\`${root.id}\`)`, '');
  if (root.description) out.push(root.description, '');
  out.push(`- Source: [${file}](../../${file}), export ${code(exportName)}`);
  if (specOf(root)) out.push(`- Implements: ${specOf(root)} ([SPEC.md](../SPEC.md))`);
  out.push(`- Definition as JSON: [${name}.json](${name}.json)`);
  out.push(`- ${nodes.length} states, ${userEventsOf(machine).length} events: ${userEventsOf(machine).map(code).join(', ')}`, '');

  out.push('## Diagram', '', '```mermaid', renderMermaid(machine), '```', '');
  out.push(
    'How to read it: `[*]` marks the initial and the final states; `done(x)` and `error(x)` are the results of the invoked actor `x`; `always` is taken as soon as its guard holds; `[...]` is the guard; `(re-enter)` leaves the state and enters it again; the lines inside a state name the actor it invokes and the events it handles without leaving it.',
    '',
  );

  out.push('## States', '', '| State | Kind | What it means | SPEC.md | Runs |', '| --- | --- | --- | --- | --- |');
  const initials = new Set<Node>([root, ...nodes].flatMap((node) => [...(node.initial?.target ?? [])]));
  for (const node of nodes) {
    const kind = [initials.has(node) ? 'initial' : '', node.type === 'atomic' ? '' : node.type].filter(Boolean).join(', ');
    const runs = [
      ...node.invoke.map((invoke) => `invoke ${code(typeof invoke.src === 'string' ? invoke.src : invoke.id)}`),
      ...toArray(node.config.entry).map((action) => `entry ${code(actionLabel(action))}`),
      ...toArray(node.config.exit).map((action) => `exit ${code(actionLabel(action))}`),
    ];
    out.push(`| ${code(statePath(node))} | ${kind} | ${cell(node.description ?? '')} | ${cell(specOf(node))} | ${runs.join(', ')} |`);
  }
  out.push('');

  out.push(
    '## Transitions',
    '',
    "In the order xstate tries them: for one event in one state, the first whose guard holds is taken; a state's own transitions come before those of the whole machine (`(any state)`).",
    '',
  );
  out.push('| From | Event | Guard | To | Actions | Why |', '| --- | --- | --- | --- | --- | --- |');
  for (const transition of transitionsOf(machine)) {
    const from = transition.source === root ? '(any state)' : code(statePath(transition.source));
    const guard = guardLabel(transition.guard);
    const targets = transition.target ?? [];
    const to =
      targets.length === 0
        ? targetlessNote(transition)
        : targets.map((target) => code(target === root ? root.id : statePath(target))).join(', ') + (transition.reenter ? ' (re-entered)' : '');
    const actions = transition.actions.map((action) => code(actionLabel(action))).join(', ');
    out.push(
      `| ${from} | ${code(eventLabel(transition.eventType))} | ${guard === undefined ? '' : code(guard)} | ${to} | ${actions} | ${cell(transition.description ?? '')} |`,
    );
  }
  out.push('');
  return out.join('\n');
}

// ---------------------------------------------------------------- JSON

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isStateNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'machine' in value && 'path' in value && 'id' in value;
}

/** A function as data: guard combinators and xstate's built-in actions keep their names; others go. */
function functionJson(fn: (...args: never[]) => unknown, inArray: boolean): Json | undefined {
  if (isGuardCombinator(fn)) return { guards: fn.guards.map((inner) => toJson(inner, true) ?? null), type: fn.name };
  const stateValue = (fn as { stateValue?: unknown }).stateValue;
  if (stateValue !== undefined) return { stateValue: toJson(stateValue, false) ?? null, type: 'stateIn' };
  const type = (fn as { type?: unknown }).type;
  if (typeof type === 'string') return { type };
  // Mappers (params, input, output) are code, not definition: they are left out.
  return inArray ? { type: fn.name || 'inline' } : undefined;
}

/** Plain JSON: `toJSON` applied, functions stripped or named, keys sorted, undefined dropped. */
function toJson(value: unknown, inArray: boolean, useToJson = true): Json | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'function') return functionJson(value as (...args: never[]) => unknown, inArray);
  if (typeof value !== 'object') return undefined;
  if (isStateNode(value)) return `#${value.id}`;
  const withJson = value as { toJSON?: unknown };
  // As JSON.stringify does: once per value (a transition's toJSON() result carries toJSON again).
  if (useToJson && typeof withJson.toJSON === 'function') return toJson((withJson.toJSON as () => unknown)(), inArray, false);
  if (Array.isArray(value)) return value.map((item) => toJson(item, true)).filter((item): item is Json => item !== undefined);
  const result: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) {
    const item = toJson((value as Record<string, unknown>)[key], false);
    if (item !== undefined) result[key] = item;
  }
  return result;
}

/**
 * xstate's definition of a state node (`machine.root.definition`), as JSON: without `transitions`
 * (the same transitions as `on`) and with `always`, which xstate's definition leaves out.
 */
function nodeDefinition(node: Node): Record<string, unknown> {
  const { states: _states, transitions: _transitions, on: _on, ...definition } = node.definition;
  const states = Object.fromEntries(Object.entries(node.states).map(([key, child]) => [key, nodeDefinition(child)]));
  const on = Object.fromEntries([...node.transitions].map(([eventType, transitions]) => [eventType, transitions.map(transitionDefinition)]));
  return { ...definition, on, ...(node.always ? { always: node.always.map(transitionDefinition) } : {}), states };
}

/** A transition as xstate serializes it, with the actions as `{ type }` like its `transitions` list has them. */
function transitionDefinition(transition: Transition): Record<string, unknown> {
  const { toJSON: _toJSON, ...json } = transition.toJSON();
  return { ...json, actions: transition.actions.map((action) => (typeof action === 'string' ? { type: action } : action)) };
}

/** The file `docs/machines/<name>.json`: the machine's definition, 2-space indent, trailing newline. */
export function renderMachineJson(machine: AnyStateMachine): string {
  return `${JSON.stringify(toJson(nodeDefinition(rootOf(machine)), false), null, 2)}\n`;
}

// ---------------------------------------------------------------- index and all files

/** The file `docs/machines/README.md`. */
export function renderIndex(sources: readonly MachineSource[]): string {
  const out: string[] = [];
  out.push('<!-- Generated by `npm run machines:docs`: do not edit by hand. -->', '', '# The machines', '');
  out.push(
    'One page per XState machine in [machines/](../../machines/): its diagram (Mermaid, rendered on GitHub), its states and transitions with their descriptions and the SPEC.md sections they implement, and its definition as JSON. All of it is generated from the machines themselves.',
    '',
  );
  out.push('| Machine | Id | States | Source | What it does |', '| --- | --- | --- | --- | --- |');
  for (const source of sources) {
    const root = rootOf(source.machine);
    out.push(
      `| [${title(source.name)}](${source.name}.md) ([JSON](${source.name}.json)) | ${code(root.id)} | ${stateNodesOf(source.machine).length} | [${source.file}](../../${source.file}) | ${cell(root.description ?? '')} |`,
    );
  }
  out.push('');
  out.push('## Regenerating', '');
  out.push(
    'After changing a machine:',
    '',
    '```sh',
    'npm run machines:docs              # rewrites docs/machines/',
    'npm run machines:docs -- --check   # lists the stale files and exits 1 (changes nothing)',
    '```',
    '',
    '`tests/machines/diagrams.test.ts` fails while a file here is out of date, and `tests/machines/static-readability.test.ts` while a machine file is not readable as it is by the Stately tools: a literal `setup({...}).createMachine({...})` with implementations referenced by name, a `description` and `meta.spec` (the SPEC.md sections) on every state.',
    '',
  );
  out.push('## Opening a machine in the Stately visualizer', '');
  out.push(
    '- **VS Code:** install the Stately extension (marketplace id `statelyai.stately-vscode`), open a `machines/<flow>/<flow>.machine.ts` and choose **Open Visual Editor** above `createMachine` (or run the command *XState: Open Visual Editor*). Changes made in the editor are written back into the file: keep them literal, as the test above demands.',
    '- **Browser:** in Stately Studio (<https://stately.ai/editor>) import the machine from code: paste the `setup({...}).createMachine({...})` expression of the file (the imports are not needed to see the diagram).',
    '- **Running:** `npm start`, then open the portal with `?inspect` (dev server only, [decision 15](../decisions/0015-live-inspection.md)) to watch the live machines in the Stately inspector.',
    '',
  );
  return out.join('\n');
}

/** Every generated file, repository-relative path -> content. */
export function renderDocs(sources: readonly MachineSource[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const source of sources) {
    files.set(`${docsDir}/${source.name}.md`, renderMachinePage(source));
    files.set(`${docsDir}/${source.name}.json`, renderMachineJson(source.machine));
  }
  files.set(`${docsDir}/README.md`, renderIndex(sources));
  return files;
}

/**
 * The files `npm run new:flow -- <name>` writes (docs/guides/adding-a-flow.md): the skeleton of a
 * flow in the one way the portal builds flows, modelled on the reference flow
 * (withdraw-termination). Pure: name in, `{ path: content }` out; scripts/new-flow.ts writes them and
 * tests/scripts/new-flow.test.ts proves that a fresh skeleton type-checks, lints and is readable by the
 * Stately tools.
 *
 * The skeleton is a load → edit → save flow (the shape most of the portal's flows have): `loading`,
 * `loadFailed` (retry), `ready`, `saving`, `done` (the success page). Every TODO marks what the new
 * flow decides for itself; nothing in it pretends to call the API.
 */

export interface FlowNames {
  /** kebab-case, the folder and file names: `change-traveler` */
  kebab: string;
  /** camelCase, the machine id and variables: `changeTraveler` */
  camel: string;
  /** PascalCase, the types and components: `ChangeTraveler` */
  pascal: string;
}

export function namesOf(name: string): FlowNames {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Error(`A flow name is kebab-case, e.g. change-traveler (got '${name}')`);
  const camel = name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  return { kebab: name, camel, pascal: camel[0]!.toUpperCase() + camel.slice(1) };
}

export interface FlowOptions {
  /** The Lingui namespace of the flow's texts (SPEC.md's list, e.g. dashboard, account, traveler). */
  namespace?: string;
}

export function flowFiles(name: string, options: FlowOptions = {}): Record<string, string> {
  const n = namesOf(name);
  const ns = options.namespace ?? 'dashboard';
  return {
    [`machines/${n.kebab}/${n.kebab}.machine.ts`]: machineFile(n),
    [`machines/${n.kebab}/${n.kebab}.selectors.ts`]: selectorsFile(n),
    [`src/flows/${n.kebab}/${n.kebab}.actors.ts`]: actorsFile(n),
    [`src/flows/${n.kebab}/use-${n.kebab}.ts`]: hookFile(n),
    [`src/flows/${n.kebab}/${n.kebab}-screen.tsx`]: screenFile(n, ns),
    [`tests/machines/${n.kebab}.model.ts`]: modelFile(n),
    [`tests/machines/${n.kebab}.machine.test.ts`]: machineTestFile(n),
    [`e2e/${n.kebab}.spec.ts`]: e2eFile(n),
  };
}

function machineFile(n: FlowNames): string {
  return `import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';

/**
 * ${n.pascal} (SPEC.md TODO: the sections): TODO one paragraph — what the customer does here and what
 * this machine decides. The machine knows no HTTP, router or text: src/flows/${n.kebab}/${n.kebab}.actors.ts
 * provides the actors and \`showDonePage\`; the screen maps the error codes to messages.
 */

/** What the flow loads (TODO: the fields the screen needs, from the contract's types). */
export interface ${n.pascal}Data {
  id: string;
}

/** What the customer sends (TODO: from the domain schema of the form, valibot's InferOutput). */
export interface ${n.pascal}Values {
  id: string;
}

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type ${n.pascal}ErrorCode = 'loadFailed' | 'saveFailed' | 'changedMeanwhile';

export interface ${n.pascal}Input {
  id: string;
}

export interface ${n.pascal}Context {
  id: string;
  data: ${n.pascal}Data | undefined;
  values: ${n.pascal}Values | undefined;
  error: ${n.pascal}ErrorCode | undefined;
}

export type ${n.pascal}Event = { type: 'changes.save'; values: ${n.pascal}Values } | { type: 'load.retry' };

export const ${n.camel}Machine = setup({
  types: {
    context: {} as ${n.pascal}Context,
    events: {} as ${n.pascal}Event,
    input: {} as ${n.pascal}Input,
  },
  actors: {
    /** TODO: the GET this flow starts with (SPEC.md 7). */
    load: fromPromise<${n.pascal}Data, { id: string }>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** TODO: the write (SPEC.md 7). */
    save: fromPromise<void, { id: string; values: ${n.pascal}Values }>(async () => {
      throw new Error('save is provided by the app');
    }),
  },
  actions: {
    /** Shows the success page; the app implements it with the router. */
    showDonePage: (_, _params: { id: string }) => {},
  },
  guards: {
    isConflict: failureGuards.isConflict,
  },
}).createMachine({
  id: '${n.camel}',
  description: 'TODO: what this flow does, in one sentence (SPEC.md TODO).',
  meta: { spec: 'SPEC.md 2.3' },
  context: ({ input }) => ({ id: input.id, data: undefined, values: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads what the screen shows.',
      meta: { spec: 'SPEC.md 7' },
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { description: 'Any failure to load (a 503 goes to /maintenance first).', target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: {
      description: 'Loading failed: the load error text, with a retry.',
      meta: { spec: 'SPEC.md 8' },
      on: {
        'load.retry': { description: 'Load again.', target: 'loading', actions: assign({ error: undefined }) },
      },
    },
    ready: {
      description: 'The form; after a failed save it shows the error and keeps what the customer typed.',
      meta: { spec: 'SPEC.md 2.3' },
      on: {
        'changes.save': {
          description: 'The validated values: save them.',
          target: 'saving',
          actions: assign({ values: ({ event }) => event.values, error: undefined }),
        },
      },
    },
    saving: {
      description: 'Sends the values once; a second press meanwhile is ignored.',
      meta: { spec: 'SPEC.md 7' },
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: context.id, values: context.values ?? { id: context.id } }),
        onDone: { description: 'Saved.', target: 'done' },
        onError: [
          {
            description: '409: it changed meanwhile (e.g. in another tab): say so.',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: 'changedMeanwhile' }),
          },
          { description: 'Any other failure: keep the form, show the error, allow trying again.', target: 'ready', actions: assign({ error: 'saveFailed' }) },
        ],
      },
    },
    done: {
      description: 'Saved: the success page.',
      meta: { spec: 'SPEC.md 2.2' },
      type: 'final',
      entry: { type: 'showDonePage', params: ({ context }) => ({ id: context.id }) },
    },
  },
});
`;
}

function selectorsFile(n: FlowNames): string {
  return `import type { SnapshotFrom } from 'xstate';

import type { ${n.pascal}Data, ${n.pascal}ErrorCode, ${n.camel}Machine } from './${n.kebab}.machine';

/** Snapshot → the view of the ${n.kebab} screen. The screen renders this, nothing else. */

type ${n.pascal}Snapshot = SnapshotFrom<typeof ${n.camel}Machine>;

export type ${n.pascal}View =
  | { step: 'loading' }
  | { step: 'loadFailed' }
  | {
      step: 'form';
      data: ${n.pascal}Data;
      /** Whether a save is taken now (false while one is sent: one request per press). */
      canSave: boolean;
      saving: boolean;
      error: ${n.pascal}ErrorCode | undefined;
    }
  | { step: 'done' };

export function select${n.pascal}View(snapshot: ${n.pascal}Snapshot): ${n.pascal}View {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed' };
  if ((snapshot.matches('ready') || snapshot.matches('saving')) && context.data) {
    return {
      step: 'form',
      data: context.data,
      canSave: snapshot.can({ type: 'changes.save', values: { id: context.id } }),
      saving: snapshot.matches('saving'),
      error: context.error,
    };
  }
  if (snapshot.matches('done')) return { step: 'done' };
  return { step: 'loading' };
}
`;
}

function actorsFile(n: FlowNames): string {
  return `import { fromPromise } from 'xstate';

import { type ${n.pascal}Data, ${n.camel}Machine, type ${n.pascal}Values } from '#machines/${n.kebab}/${n.kebab}.machine';
import type { FlowServices } from '#src/flows/use-flow';

/**
 * The ${n.kebab} machine with the app's actors and actions. Reads go through React Query
 * (\`queryClient.fetchQuery(queries.queryOptions(...))\`), writes through the typed client with
 * \`dataOf(await api.PUT(...))\` (src/api/failure.ts), so a failure rejects with an ApiFailure that
 * the machine's guards read. Take the services you use from the argument:
 * \`{ api, queries, queryClient, navigate }\`.
 */
export function provide${n.pascal}({ navigate }: FlowServices) {
  return ${n.camel}Machine.provide({
    actors: {
      load: fromPromise<${n.pascal}Data, { id: string }>(async () => {
        throw new Error('TODO ${n.kebab}: load with the typed client (see withdraw-termination.actors.ts)');
      }),
      save: fromPromise<void, { id: string; values: ${n.pascal}Values }>(async () => {
        throw new Error('TODO ${n.kebab}: save with the typed client and dataOf');
      }),
    },
    actions: {
      // TODO: the success page of this flow.
      showDonePage: () => void navigate({ to: '/app/dashboard/tickets', replace: true }),
    },
  });
}
`;
}

function hookFile(n: FlowNames): string {
  return `import { select${n.pascal}View } from '#machines/${n.kebab}/${n.kebab}.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provide${n.pascal} } from './${n.kebab}.actors';

/** The ${n.kebab} flow: its view, and \`send\` for the screen's events. */
export function use${n.pascal}(id: string) {
  return useFlow(provide${n.pascal}, { input: { id }, select: select${n.pascal}View });
}
`;
}

function screenFile(n: FlowNames, ns: string): string {
  return `import { Trans, useLingui } from '@lingui/react/macro';

import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { use${n.pascal} } from './use-${n.kebab}';

/**
 * ${n.pascal}: renders the flow's view and sends its events, nothing else (no state that decides where
 * the flow goes). The route puts the page heading above it. TODO: the form (src/forms/, useAppForm).
 */
export function ${n.pascal}Screen({ id }: { id: string }) {
  const { view, send } = use${n.pascal}(id);
  const { t } = useLingui();

  switch (view.step) {
    case 'loading':
      return (
        <p role="status">
          <Trans id="${ns}:${n.camel}.loading">Loading…</Trans>
        </p>
      );
    case 'loadFailed':
      return (
        <Alert variant="destructive" headingLevel={2} title={t({ id: '${ns}:${n.camel}.loadError', message: 'This cannot be loaded right now' })}>
          <Button onPress={() => send({ type: 'load.retry' })}>
            <Trans id="${ns}:${n.camel}.retry">Try again</Trans>
          </Button>
        </Alert>
      );
    case 'form':
      return (
        <>
          {view.error ? (
            <Alert variant="destructive" headingLevel={2} title={t({ id: '${ns}:${n.camel}.saveError', message: 'Your changes could not be saved' })}>
              <Trans id="${ns}:${n.camel}.saveError.description">Nothing has changed. Please try again in a moment.</Trans>
            </Alert>
          ) : null}
          <Button variant="primary" isLoading={view.saving} isDisabled={!view.canSave} onPress={() => send({ type: 'changes.save', values: { id } })}>
            <Trans id="${ns}:${n.camel}.save">Save</Trans>
          </Button>
        </>
      );
    case 'done':
      return (
        <p role="status">
          <Trans id="${ns}:${n.camel}.done">Saved.</Trans>
        </p>
      );
  }
}
`;
}

function modelFile(n: FlowNames): string {
  return `import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type ${n.pascal}Data, ${n.camel}Machine } from '#machines/${n.kebab}/${n.kebab}.machine';
import { ApiFailure } from '#src/api/failure';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The ${n.kebab} machine's model (docs/guides/model-based-tests.md): in each state, what the
 * customer can do and what the API can answer. Register it in tests/machines/models.ts.
 */

type Machine = typeof ${n.camel}Machine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const id = 'TODO-seeded-id';
export const loaded: ${n.pascal}Data = { id };

const done = (actor: string, output: unknown) => ({ type: \`xstate.done.actor.\${actor}\`, output }) as unknown as Event;
const failed = (actor: string, error: unknown) => ({ type: \`xstate.error.actor.\${actor}\`, error }) as unknown as Event;
export const conflict = new ApiFailure(409, { status: 409, code: 'conflict', title: 'Changed meanwhile' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('loading')) return [done('load', loaded), failed('load', serverError), failed('load', offline)];
  if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snapshot.matches('ready')) return [{ type: 'changes.save', values: { id } }];
  if (snapshot.matches('saving')) return [done('save', undefined), failed('save', conflict), failed('save', serverError)];
  return [];
}

/** What decides the next events and what is shown: the state and the error. */
export const serialize = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.error ?? null]);

export const machine = withInput(${n.camel}Machine, { id });

export const ${n.camel}Model: MachineModel<Machine> = {
  file: 'machines/${n.kebab}/${n.kebab}.machine.ts',
  machine: ${n.camel}Machine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};
`;
}

function machineTestFile(n: FlowNames): string {
  return `// @vitest-environment node
import { createActor, type SnapshotFrom } from 'xstate';

import type { ${n.camel}Machine } from '#machines/${n.kebab}/${n.kebab}.machine';
import { select${n.pascal}View } from '#machines/${n.kebab}/${n.kebab}.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { ${n.camel}Model, id, machine } from './${n.kebab}.model';

type Snapshot = SnapshotFrom<typeof ${n.camel}Machine>;

/** What holds in every state however it was reached (TODO: this flow's own rules). */
function checkInvariants(snapshot: Snapshot): void {
  const view = select${n.pascal}View(snapshot);
  // One request per press: while saving, no second save is taken.
  if (view.step === 'form') expect(view.canSave).toBe(!view.saving);
  // The load error belongs to the state that shows it.
  expect(snapshot.context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  expect(snapshot.status === 'done').toBe(snapshot.matches('done'));
}

const [run] = runModel(${n.camel}Model).runs;

describe('${n.kebab} machine, model-based (xstate/graph)', () => {
  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    replayPath(machine, path, createActor(machine, { input: { id } }).getSnapshot(), (snapshot) => checkInvariants(snapshot));
  });
});
`;
}

function e2eFile(n: FlowNames): string {
  return `import { expect, test } from '@playwright/test';

/**
 * ${n.pascal} in the browser against the sandbox (docs/guides/adding-a-flow.md, step 8): the journey in
 * both languages, keyboard only once, axe on every screen state. See e2e/withdraw-termination.spec.ts.
 */
test('${n.kebab}: the journey', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  throw new Error('TODO ${n.kebab}: write the journey (sign in, open the screen, act, check what the customer sees)');
});
`;
}

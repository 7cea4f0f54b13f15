// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { type AnyStateMachine, assign, createMachine, fromPromise, setup } from 'xstate';

import { formatCoverageTable, type MachineModel, runModel } from '#tools/machines/model-coverage';
import { models, nameOf } from './models';

/**
 * Coverage that cannot drift (issue 6, docs/architecture.md#quality-bars): every machine in machines/ has a
 * model, a model-based test that replays its paths, and reaches every state and transition,
 * or lists why not. `npm test` prints the table.
 */
const root = path.resolve(import.meta.dirname, '../..');
const machineFiles = readdirSync(path.join(root, 'machines'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.machine.ts'))
  .map((file) => `machines/${file.split(path.sep).join('/')}`)
  .sort();

describe('every machine has a model-based test', () => {
  it('finds the machine files', () => {
    expect(machineFiles.length).toBeGreaterThanOrEqual(3);
  });

  it.each(machineFiles)('%s has a model in tests/machines/models.ts', (file) => {
    expect(
      models.map((model) => model.file),
      `add tests/machines/${path.basename(file, '.machine.ts')}.model.ts and list it in models.ts (docs/guides/model-based-tests.md)`,
    ).toContain(file);
  });

  it.each(machineFiles)('%s: the model explores the machine the file exports', async (file) => {
    const exports = (await import(path.join(root, file))) as Record<string, unknown>;
    const machines = Object.values(exports).filter((value): value is AnyStateMachine => (value as object | undefined)?.constructor?.name === 'StateMachine');
    const model = models.find((candidate) => candidate.file === file);
    expect(machines.map((machine) => machine.id)).toContain(model?.machine.id);
    expect(machines).toContain(model?.machine);
  });

  it.each(machineFiles)('%s has a test that replays the model paths', (file) => {
    const name = path.basename(file, '.machine.ts');
    const test = path.join(root, 'tests/machines', `${name}.machine.test.ts`);
    expect(existsSync(test), `tests/machines/${name}.machine.test.ts is missing`).toBe(true);
    const source = readFileSync(test, 'utf8');
    expect(source).toContain(`from './${name}.model'`);
    expect(source).toMatch(/\brunModel\(/);
    expect(source).toMatch(/\breplayPath\(|getNextSnapshot\(/);
  });

  it('lists no model twice', () => {
    expect(new Set(models.map(nameOf)).size).toBe(models.length);
  });
});

describe('model coverage', () => {
  const reports = models.map((model) => runModel(model));

  it('prints the table', () => {
    console.log(formatCoverageTable(reports));
  });

  it.each(reports.map((report) => [report.model.machine.id, report] as const))('%s reaches every state and transition, or lists why not', (_name, report) => {
    expect(report.problems).toEqual([]);
    expect(report.coverage.states.missing).toEqual([]);
    expect(report.coverage.transitions.missing).toEqual([]);
  });
});

describe('the coverage harness fails where it should', () => {
  const toggle = createMachine({
    id: 'toggle',
    context: { count: 0 },
    initial: 'off',
    states: {
      off: { on: { toggle: { target: 'on', actions: assign({ count: ({ context }) => context.count + 1 }) } } },
      on: { on: { toggle: 'off', reset: 'off' } },
      broken: {},
    },
  });
  const model = (unreachable?: Record<string, string>): MachineModel =>
    ({
      file: 'machines/toggle/toggle.machine.ts',
      machine: toggle,
      variants: [{ name: 'only', machine: toggle, events: () => [{ type: 'toggle' }] }],
      unreachable,
    }) as unknown as MachineModel;

  it('reports an unreached state and transition', () => {
    const report = runModel(model());
    expect(report.coverage.states.missing).toEqual(['toggle.broken']);
    expect(report.coverage.transitions.missing).toEqual(['toggle.on|reset|0']);
    expect(formatCoverageTable([report])).toMatch(/toggle\s+2\/3\s+66 %\s+2\/3\s+66 %/);
  });

  it('accepts them with a reason, and counts them out', () => {
    const report = runModel(model({ 'toggle.broken': 'kept for the example', 'toggle.on|reset|0': 'no reset button yet' }));
    expect(report.problems).toEqual([]);
    expect(report.coverage.states).toMatchObject({ reached: 2, total: 2, missing: [] });
    expect(report.coverage.transitions).toMatchObject({ reached: 2, total: 2, missing: [] });
  });

  it('refuses a stale reason and an unknown id', () => {
    const report = runModel(model({ 'toggle.on|toggle|0': 'reached after all', 'toggle.gone': 'no such state' }));
    expect(report.problems).toEqual([
      "toggle: 'toggle.on|toggle|0' is listed as unreachable but a variant reaches it (remove the reason)",
      "toggle: unreachable lists 'toggle.gone', which the machine does not have",
    ]);
  });

  it('runs the recipe of the guide: invoke results and delays are events the model offers', () => {
    // docs/guides/model-based-tests.md, step 1, with the machine it describes.
    const notice = setup({ actors: { load: fromPromise(async () => ({ text: 'Hallo' })) } }).createMachine({
      id: 'notice',
      initial: 'loading',
      states: {
        loading: { invoke: { id: 'load', src: 'load', onDone: 'shown', onError: 'failed' } },
        shown: { after: { 5000: 'hidden' }, on: { 'notice.close': 'hidden' } },
        failed: {},
        hidden: { type: 'final' },
      },
    });
    const events = (snapshot: { matches: (value: string) => boolean }) => {
      if (snapshot.matches('loading'))
        return [
          { type: 'xstate.done.actor.load', output: { text: 'Hallo' } },
          { type: 'xstate.error.actor.load', error: { status: 503 } },
        ];
      if (snapshot.matches('shown')) return [{ type: 'notice.close' }, { type: 'xstate.after.5000.notice.shown' }];
      return [];
    };
    const report = runModel({
      file: 'machines/notice/notice.machine.ts',
      machine: notice,
      variants: [{ name: 'default', machine: notice, events }],
    } as unknown as MachineModel);
    expect(report.problems).toEqual([]);
    expect(report.coverage.states).toMatchObject({ reached: 4, total: 4 });
    expect(report.coverage.transitions).toMatchObject({ reached: 4, total: 4, missing: [] });
    expect(report.runs[0]!.paths.map((path) => path.steps.at(-1)!.event.type)).toContain('xstate.after.5000.notice.shown');
  });
});

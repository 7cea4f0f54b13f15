// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { checkMachineSource, formatProblems, type Problem, specReferences, specSectionsOf } from '#tools/machines/static-readability';

/**
 * Issue 6, item 1: every machine file stays readable by the Stately visualizer and its VS Code
 * extension as it is (docs/architecture.md#layers-and-the-import-direction). The rules are in ./static-readability.ts.
 */

const root = path.resolve(import.meta.dirname, '../..');
const specSections = specSectionsOf(readFileSync(path.join(root, 'docs/SPEC.md'), 'utf8'));

/** Every machines/**\/*.machine.ts, so a new machine is checked without touching this test. */
const machineFiles = (readdirSync(path.join(root, 'machines'), { recursive: true }) as string[])
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.endsWith('.machine.ts'))
  .map((file) => `machines/${file}`)
  .sort();

describe('machine files are visualizer-ready (static setup(...).createMachine(...))', () => {
  it('finds the machine files', () => {
    expect(machineFiles).toEqual(
      expect.arrayContaining(['machines/order-wizard/order-wizard.machine.ts', 'machines/payment/payment.machine.ts', 'machines/session/session.machine.ts']),
    );
  });

  it.each(machineFiles)('%s', (file) => {
    const problems = checkMachineSource(readFileSync(path.join(root, file), 'utf8'), { fileName: file, specSections });
    const report = formatProblems(file, problems);
    expect(problems, `${file} is not statically readable (see tools/machines/static-readability.ts for the rules):\n${report}`).toEqual([]);
  });
});

// ---------------------------------------------------------------- the checker itself

/** A small, valid machine file; each negative case breaks one thing in it. */
const goodMachine = `
import { and, assign, fromPromise, not, setup } from 'xstate';

export const maxTries = 3;

export const demoMachine = setup({
  types: { context: {} as { tries: number }, events: {} as { type: 'demo.go' } | { type: 'demo.stop' } },
  actors: { load: fromPromise(async () => 1) },
  actions: { count: assign(({ context }) => ({ tries: context.tries + 1 })), note: () => undefined },
  guards: { canGo: () => true, isReady: (_, params: { level: number }) => params.level > 0 },
  delays: { patience: 500 },
}).createMachine({
  id: 'demo',
  description: 'A demo.',
  meta: { spec: 'SPEC.md 4.1' },
  context: ({ input }) => ({ tries: input ?? 0 }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Waits.',
      meta: { spec: 'SPEC.md 4.1, 8', limit: maxTries },
      on: {
        'demo.go': [
          { guard: and(['canGo', not({ type: 'isReady', params: { level: 1 } })]), target: 'loading', actions: ['count', { type: 'note', params: ({ context }) => context }] },
          { target: 'idle', reenter: true, actions: assign({ tries: 0 }) },
        ],
      },
      after: { 1000: 'loading', patience: { target: 'done' } },
    },
    loading: {
      description: 'Loads.',
      meta: { spec: 'SPEC.md 7.1' },
      entry: 'count',
      invoke: { id: 'load', src: 'load', input: ({ context }) => context.tries, onDone: 'done', onError: { target: 'idle', actions: 'note' } },
    },
    done: { description: 'Done.', meta: { spec: 'SPEC.md 9' }, type: 'final', output: ({ context }) => context.tries },
  },
});
`;

function problemsOf(source: string): Problem[] {
  return checkMachineSource(source, { specSections });
}

/** The good machine with one replacement (which must apply). */
function broken(search: string | RegExp, replacement: string): string {
  const source = goodMachine.replace(search, replacement);
  expect(source, `the negative case did not change the source: ${String(search)}`).not.toBe(goodMachine);
  return source;
}

function expectProblem(source: string, path: string, message: RegExp): void {
  const problems = problemsOf(source);
  expect(
    problems.some((problem) => problem.path === path && message.test(problem.message)),
    `expected a problem at ${path} matching ${message}, got:\n${formatProblems('demo.machine.ts', problems) || '(none)'}`,
  ).toBe(true);
}

describe('the static-readability checker', () => {
  it('accepts a machine written by the rules (mappers, guard helpers, built-in actions, named delays)', () => {
    expect(formatProblems('demo.machine.ts', problemsOf(goodMachine))).toBe('');
  });

  it('reports a spread in states', () => {
    const source = broken('  states: {\n    idle: {', '  states: {\n    ...sharedStates,\n    idle: {');
    expectProblem(source, 'states', /spread `\.\.\.sharedStates`/);
  });

  it('reports a state built by a call or held in a variable', () => {
    expectProblem(
      broken(
        "    done: { description: 'Done.', meta: { spec: 'SPEC.md 9' }, type: 'final', output: ({ context }) => context.tries },",
        '    done: finalState(),',
      ),
      'states.done',
      /object literal/,
    );
    expectProblem(
      broken("    done: { description: 'Done.', meta: { spec: 'SPEC.md 9' }, type: 'final', output: ({ context }) => context.tries },", '    done: doneState,'),
      'states.done',
      /the variable `doneState`/,
    );
  });

  it('reports an inline guard function', () => {
    const source = broken("guard: and(['canGo', not({ type: 'isReady', params: { level: 1 } })])", 'guard: ({ context }) => context.tries < 3');
    expectProblem(source, "states.idle.on['demo.go'][0].guard", /inline guard function: declare it in `setup\(\{ guards/);
  });

  it('reports an inline guard function inside and([...])', () => {
    const source = broken("and(['canGo',", 'and([() => true,');
    expectProblem(source, "states.idle.on['demo.go'][0].guard.and[0]", /inline guard function/);
  });

  it('reports a computed key', () => {
    const source = broken("        'demo.go': [", '        [goEvent]: [');
    expectProblem(source, 'states.idle.on', /computed key `\[goEvent\]`/);
  });

  it('reports an inline action function, a custom action call and an unknown action name', () => {
    expectProblem(broken("entry: 'count'", 'entry: () => console.log(1)'), 'states.loading.entry', /inline action function/);
    expectProblem(broken("entry: 'count'", 'entry: myAssign({})'), 'states.loading.entry', /only xstate's built-in action creators/);
    expectProblem(broken("entry: 'count'", "entry: 'countTwice'"), 'states.loading.entry', /action `countTwice` is not declared in `setup\(\{ actions \}\)`/);
  });

  it('reports an unknown guard, actor and delay', () => {
    expectProblem(broken("'canGo', not(", "'canGoNow', not("), "states.idle.on['demo.go'][0].guard.and[0]", /guard `canGoNow` is not declared/);
    expectProblem(broken("src: 'load'", "src: 'fetchIt'"), 'states.loading.invoke.src', /actor `fetchIt` is not declared/);
    expectProblem(broken('patience: { target', 'slowly: { target'), 'states.idle.after.slowly', /delay `slowly` is not declared/);
  });

  it('reports an inline actor and a computed target or initial', () => {
    expectProblem(
      broken("src: 'load'", 'src: fromPromise(async () => 2)'),
      'states.loading.invoke.src',
      /must name an actor declared in `setup\(\{ actors \}\)`/,
    );
    expectProblem(broken("target: 'loading'", 'target: nextState'), "states.idle.on['demo.go'][0].target", /`target` must be a string literal/);
    expectProblem(broken("initial: 'idle'", 'initial: `${first}`'), 'initial', /`initial` must be a string literal/);
    expectProblem(broken("id: 'demo'", 'id: machineId'), 'id', /`id` must be a string literal/);
  });

  it('reports a missing description and a missing or wrong meta.spec', () => {
    expectProblem(broken("description: 'Loads.',", ''), 'states.loading', /state `loading` has no `description`/);
    expectProblem(broken("meta: { spec: 'SPEC.md 7.1' },", ''), 'states.loading', /state `loading` has no `meta: \{ spec/);
    expectProblem(broken("'SPEC.md 7.1'", "'the loading part'"), 'states.loading.meta.spec', /names no SPEC\.md section/);
    expectProblem(broken("'SPEC.md 7.1'", "'SPEC.md 7.9'"), 'states.loading.meta.spec', /section\(s\) 7\.9 that SPEC\.md does not have/);
    expectProblem(broken('limit: maxTries', 'limit: Math.max(1, 2)'), 'states.idle.meta.limit', /must be a literal value/);
  });

  it('reports a machine that is not one exported setup(...).createMachine({...})', () => {
    expectProblem(broken('export const demoMachine', 'const demoMachine'), 'createMachine', /not exported as it is/);
    expectProblem(broken('}).createMachine({\n  id', '}).createMachine(config, {\n  id'), 'createMachine', /exactly one argument/);
    expectProblem(goodMachine.replace(/setup\(\{[\s\S]*\}\)\.createMachine\(/, 'createMachine('), '', /no `setup\(\{\.\.\.\}\)\.createMachine/);
    expectProblem(
      `${goodMachine}\nexport const other = setup({}).createMachine({ id: 'other', description: 'x', meta: { spec: 'SPEC.md 1' } });\n`,
      'createMachine',
      /one machine a file/,
    );
  });

  it('accepts renamed xstate imports but not look-alikes from elsewhere', () => {
    const renamed = goodMachine
      .replace(
        "import { and, assign, fromPromise, not, setup } from 'xstate';",
        "import { and as all, assign, fromPromise, not, setup as define } from 'xstate';",
      )
      .replace('and([', 'all([')
      .replace('setup({\n  types', 'define({\n  types');
    expect(problemsOf(renamed)).toEqual([]);
    const lookalike = goodMachine.replace(
      "import { and, assign, fromPromise, not, setup } from 'xstate';",
      "import { assign, fromPromise, not, setup } from 'xstate';\nimport { and } from './my-guards';",
    );
    expectProblem(lookalike, "states.idle.on['demo.go'][0].guard", /only xstate's `and`, `or`, `not`/);
  });

  it('reads the SPEC.md sections a meta.spec names', () => {
    expect(specReferences('SPEC.md 2.3, 4.1, 6.1, 7.1, 8; docs/architecture.md#layers-and-the-import-direction, #data-and-state')).toEqual([
      '2.3',
      '4.1',
      '6.1',
      '7.1',
      '8',
    ]);
    expect(specReferences('SPEC.md 4.6 and 9: embedded frame, height 1700px')).toEqual(['4.6', '9']);
    expect(specReferences('SPEC.md 3 payment upsert payload, 4.6 "on load", 7.4 .../success')).toEqual(['3', '4.6', '7.4']);
    expect(specSections.has('4.7')).toBe(true);
  });
});

// @vitest-environment node
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { and, not } from 'xstate';

import { models, nameOf } from './models';
import { eventLabel, formatPaths, guardLabel, pathsOf, stateName } from '#tools/machines/paths';
import { orderWizardModel } from './order-wizard.model';

const root = path.resolve(import.meta.dirname, '../..');

describe('paths for testers (npm run paths)', () => {
  it.each(models.map((model) => [nameOf(model), model] as const))(
    '%s: a shortest path to every model state, each step leaving the state the previous one reached',
    (_name, model) => {
      const paths = pathsOf(model, { kind: 'shortest' });
      expect(paths.length).toBeGreaterThan(model.variants.length);
      for (const path of paths) {
        path.steps.forEach((step, index) => {
          if (index > 0) expect(step.from).toBe(path.steps[index - 1]!.to);
          // An event a path takes is one the machine handles (one transition taken), or the model's own step.
          expect(step.guards.filter((outcome) => outcome.passed)).toHaveLength(step.machineEvent ? 1 : 0);
        });
        if (path.steps.length > 0) expect(path.steps.at(-1)!.to).toBe(path.target);
      }
    },
  );

  it('shows which guards failed before the one that passed', () => {
    const [visitor] = pathsOf(orderWizardModel, { kind: 'shortest', variant: 'deuti visitor', to: 'registering' });
    const [signedIn] = pathsOf(orderWizardModel, { kind: 'shortest', variant: 'deuti signed-in', to: 'submitting' });
    expect(visitor!.steps.at(-1)!.guards).toEqual([{ guard: 'canOrder and needsRegistration', passed: true, target: 'registering' }]);
    expect(signedIn!.steps.at(-1)).toMatchObject({
      from: 'summary',
      event: 'order.submit areConditionsOfTransportAccepted=true areAgbAccepted=true',
      to: 'submitting',
      guards: [
        { guard: 'canOrder and needsRegistration', passed: false, target: 'registering' },
        { guard: 'canOrder and needsSignIn and hasAutoSignInCode', passed: false, target: 'signingIn' },
        { guard: 'canOrder and not needsSignIn', passed: true, target: 'submitting' },
      ],
    });
    expect(formatPaths('order-wizard', 'shortest', [signedIn!])).toContain(
      '✗ canOrder and needsRegistration → registering; ✗ canOrder and needsSignIn and hasAutoSignInCode → signingIn; ✓ canOrder and not needsSignIn → submitting',
    );
  });

  it('simple paths visit no model state twice, shortest first, at most the limit per variant', () => {
    const paths = pathsOf(orderWizardModel, { kind: 'simple', variant: 'joti visitor', to: 'done', limit: 4 });
    expect(paths).toHaveLength(4);
    expect(paths.map((path) => path.steps.length)).toEqual([...paths.map((path) => path.steps.length)].sort((a, b) => a - b));
    for (const path of paths) {
      expect(path.target).toBe('done');
      const visited = path.steps.map((step) => JSON.stringify(step.eventObject) + step.to);
      expect(new Set(visited).size).toBe(visited.length);
    }
  });

  it('names guards, events and states as the machine writes them', () => {
    expect(guardLabel(and([{ type: 'isStep', params: { step: 'billing' } }, 'hasAccountStep']))).toBe('isStep(billing) and hasAccountStep');
    expect(guardLabel(not('hasCompanyStep'))).toBe('not hasCompanyStep');
    expect(guardLabel({ type: 'isMailAddressTaken', params: () => ({}) })).toBe('isMailAddressTaken');
    expect(guardLabel(undefined)).toBe('(none)');
    expect(eventLabel({ type: 'xstate.error.actor.submitOrder', error: { status: 400, code: 'quoteMismatch' } } as never)).toBe(
      'error: submitOrder 400 quoteMismatch',
    );
    expect(eventLabel({ type: 'xstate.error.actor.register', error: new TypeError('Failed to fetch') } as never)).toBe('error: register TypeError');
    expect(eventLabel({ type: 'xstate.done.actor.register', output: {} } as never)).toBe('done: register');
    expect(eventLabel({ type: 'step.goTo', step: 'billing' } as never)).toBe('step.goTo(billing)');
    expect(stateName({ loading: 'order' })).toBe('loading.order');
  });

  it('refuses an unknown variant with the list of variants', () => {
    expect(() => pathsOf(orderWizardModel, { kind: 'shortest', variant: 'nobody' })).toThrow(/deuti visitor, deuti signed-in/);
  });
});

describe('the command', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', ...args], { cwd: root, encoding: 'utf8' });

  // One process a machine, most of its time starting up: they run side by side (maxConcurrency at a time).
  it.concurrent.for(models.map(nameOf))('npm run paths -- %s --json - writes paths a tool can read', async (name, { expect }) => {
    const { stdout: output } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', name, '--json', '-'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const parsed = JSON.parse(output) as {
      machine: string;
      kind: string;
      paths: { steps: { event: string; machineEvent: boolean; eventObject: { type: string }; guards: unknown[] }[] }[];
    };
    expect(parsed.machine).toBe(name);
    expect(parsed.kind).toBe('shortest');
    expect(parsed.paths.length).toBeGreaterThan(0);
    expect(
      parsed.paths.flatMap((path) => path.steps).every((step) => typeof step.eventObject.type === 'string' && (step.guards.length > 0 || !step.machineEvent)),
    ).toBe(true);
  });

  it('prints readable paths, and refuses an unknown machine with the usage', () => {
    const good = run('order-wizard', '--to', 'done', '--variant', 'seti signed-in');
    expect(good.status).toBe(0);
    expect(good.stdout).toMatch(/^\d+ shortest paths? of order-wizard/);
    expect(good.stdout).toContain('seti signed-in → done');
    const bad = run('no-such-machine');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("No machine 'no-such-machine'");
    expect(bad.stderr).toContain('Usage: npm run paths');
  });
});

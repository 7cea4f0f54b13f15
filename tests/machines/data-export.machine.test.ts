// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { type DataExportPart, dataExportMachine, dataExportParts } from '#machines/data-export/data-export.machine';
import { selectDataExportView } from '#machines/data-export/data-export.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { collected, dataExportModel, serverError } from './data-export.model';

type Snapshot = SnapshotFrom<typeof dataExportMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectDataExportView(snapshot);
  // The parts collected so far are exactly the first `collected` of the list, in order.
  expect(Object.keys(context.parts).sort()).toEqual(dataExportParts.slice(0, context.collected).sort());
  // No file before every part is there: only `ready` has the parts, and then all of them.
  if (view.step === 'ready') expect(Object.keys(view.parts).sort()).toEqual([...dataExportParts].sort());
  expect(view.step === 'ready').toBe(context.collected === dataExportParts.length);
  // The progress names the part being collected, of all parts.
  if (view.step === 'collecting')
    expect(view).toEqual({ step: 'collecting', collected: context.collected, total: dataExportParts.length, current: dataExportParts[context.collected] });
  // A failure names the part that failed, and only the failed state has one.
  if (view.step === 'failed')
    expect(view).toEqual({
      step: 'failed',
      failedPart: dataExportParts[context.collected],
      collected: context.collected,
      total: dataExportParts.length,
      canRetry: true,
    });
  expect(context.failedPart !== undefined).toBe(snapshot.matches('failed'));
  expect(context.error === 'collectFailed').toBe(snapshot.matches('failed'));
  if (snapshot.matches('idle')) expect(view).toEqual({ step: 'idle' });
  // While collecting, a second start is not taken (one collection at a time).
  if (snapshot.matches('collecting')) expect(snapshot.can({ type: 'export.start' })).toBe(false);
}

const [run] = runModel(dataExportModel).runs;

describe('data-export machine, model-based (xstate/graph)', () => {
  it('reaches the file after every part, and a failure at every part', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain(['xstate.init', 'export.start', ...dataExportParts.map(() => 'xstate.done.actor.collectPart')].join(' → '));
    const failedParts = new Set(
      run!.paths.flatMap((path) => path.steps.filter((step) => step.state.matches('failed')).map((step) => step.state.context.failedPart)),
    );
    expect([...failedParts].sort()).toEqual([...dataExportParts].sort());
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    const initial = dataExportMachine.resolveState({ value: 'idle', context: { collected: 0, parts: {}, failedPart: undefined, error: undefined } });
    replayPath(dataExportMachine, path, initial, (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with a fake `collectPart` that records the parts asked for, run as the app runs it. */
function start(answer: (part: DataExportPart) => Promise<unknown> = async (part) => collected[part]) {
  const asked: DataExportPart[] = [];
  const actor = createActor(
    dataExportMachine.provide({
      actors: {
        collectPart: fromPromise(async ({ input }) => {
          asked.push(input.part);
          return answer(input.part) as never;
        }),
      },
    }),
  );
  actor.start();
  return { actor, asked };
}

describe('data-export machine, behaviour', () => {
  it('collects every part once, in order, however often the customer starts, and then offers the file', async () => {
    const { actor, asked } = start();
    actor.send({ type: 'export.start' });
    actor.send({ type: 'export.start' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(asked).toEqual([...dataExportParts]);
    expect(selectDataExportView(end)).toEqual({ step: 'ready', parts: collected });
  });

  it('a failed part offers no file, names the part, and the retry goes on from that part', async () => {
    let failing = true;
    const { actor, asked } = start(async (part) => {
      if (part === 'payments' && failing) throw serverError;
      return collected[part];
    });
    actor.send({ type: 'export.start' });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectDataExportView(failedOnce)).toEqual({ step: 'failed', failedPart: 'payments', collected: 7, total: 10, canRetry: true });
    expect(failedOnce.status).toBe('active');
    failing = false;
    actor.send({ type: 'export.retry' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(asked).toEqual([...dataExportParts.slice(0, 8), 'payments', 'directDebit', 'device']);
    expect(selectDataExportView(end)).toMatchObject({ step: 'ready' });
  });
});

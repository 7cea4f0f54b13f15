// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { type PauseData, type PauseState, pauseSubscriptionMachine } from '#machines/pause-subscription/pause-subscription.machine';
import { selectPauseSubscriptionView } from '#machines/pause-subscription/pause-subscription.selectors';
import type { PausePeriod } from '#src/domain/pause';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  answers,
  invalidPauseDate,
  machine,
  monthNotPausable,
  offline,
  pausable,
  pauseNotFound,
  pauseNotPossible,
  pauseSubscriptionModel,
  planned,
  running,
  serverError,
  subscriptionId,
  terminated,
  thisMonth,
} from './pause-subscription.model';

type Snapshot = SnapshotFrom<typeof pauseSubscriptionMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectPauseSubscriptionView(snapshot);
  expect(context.subscriptionId).toBe(subscriptionId);

  // A choice of months is always a possible pause: pausable months, the first not after the last.
  if (view.step === 'choose') {
    expect(view.startMonths).toContain(view.choice.pauseFrom);
    expect(view.endMonths).toContain(view.choice.pauseUntil);
    expect(view.choice.pauseFrom <= view.choice.pauseUntil).toBe(true);
    expect(view.startMonths).not.toContain(thisMonth);
    expect(view.saving).toBe(view.monthCount * view.monthlyPrice);
    // One request: while the pause is sent, the dialog stays open, busy, and takes no second confirmation.
    expect(view.canConfirm).toBe(snapshot.matches('confirmingPause'));
    expect(view.dialogOpen).toBe(!snapshot.matches('choosing'));
    expect(view.pausing).toBe(snapshot.matches('pausing'));
    expect(view.canRetry).toBe(snapshot.matches('choosing') && context.error === 'pauseFailed');
    expect(view.canReload).toBe(snapshot.matches('choosing') && (context.error === 'monthNotPausable' || context.error === 'pauseNotPossible'));
  }
  if (view.step === 'paused') {
    expect(view.resumeMonths).toContain(view.resumeMonth);
    expect(view.resumeMonth >= thisMonth).toBe(true);
    expect(view.removesPause).toBe(view.resumeMonth === view.pause.pauseFrom);
    expect(view.canConfirm).toBe(snapshot.matches('confirmingResume'));
    expect(view.dialogOpen).toBe(!snapshot.matches('paused'));
    expect(view.resuming).toBe(snapshot.matches('resuming'));
    expect(view.canRetry).toBe(snapshot.matches('paused') && context.error === 'resumeFailed');
  }
  // Every state with data shows a view of its own; nothing falls back to "loading".
  const shown = ['choosing', 'confirmingPause', 'pausing', 'paused', 'confirmingResume', 'resuming', 'notPausable'].some((state) =>
    snapshot.matches(state as 'choosing'),
  );
  if (shown) expect(view.step).not.toBe('loading');
  if (snapshot.matches('loading')) expect(view).toEqual({ step: 'loading' });
  if (snapshot.matches('loadFailed')) expect(view).toEqual({ step: 'loadFailed', canRetry: true });
  expect(context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  // A request in flight carries no old error.
  if (snapshot.matches('pausing') || snapshot.matches('resuming') || snapshot.matches('loading')) expect(context.error).toBeUndefined();
  // The end: nothing can be paused, with the reason.
  expect(snapshot.status === 'done').toBe(snapshot.matches('notPausable'));
}

const [run] = runModel(pauseSubscriptionModel).runs;

describe('pause-subscription machine, model-based (xstate/graph)', () => {
  it('reaches pausing, ending early, cancelling a pause and every failure branch', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → xstate.done.actor.loadPause → pause.review → pause.confirm → xstate.done.actor.pauseSubscription');
    expect(ends).toContain('xstate.init → xstate.done.actor.loadPause → resume.review → resume.confirm → xstate.done.actor.resumeSubscription');
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    const initial = machine.resolveState({
      value: 'loading',
      context: { subscriptionId, data: undefined, choice: undefined, resumeMonth: undefined, result: undefined, error: undefined },
    });
    replayPath(machine, path, initial, (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors, run as the app runs it. */
function start(
  options: { load?: () => Promise<PauseData>; pause?: (pause: PausePeriod) => Promise<PauseState>; resume?: (month: string) => Promise<PauseState> } = {},
) {
  const calls = { load: 0, pause: [] as PausePeriod[], resume: [] as string[] };
  const actor = createActor(
    pauseSubscriptionMachine.provide({
      actors: {
        loadPause: fromPromise(async () => {
          calls.load += 1;
          return options.load ? options.load() : pausable;
        }),
        pauseSubscription: fromPromise(async ({ input }) => {
          calls.pause.push(input.pause);
          return options.pause ? options.pause(input.pause) : answers.paused;
        }),
        resumeSubscription: fromPromise(async ({ input }) => {
          calls.resume.push(input.month);
          return options.resume ? options.resume(input.month) : answers.shortened;
        }),
      },
    }),
    { input: { subscriptionId } },
  );
  actor.start();
  return { actor, calls };
}

const viewOf = (snapshot: Snapshot) => selectPauseSubscriptionView(snapshot);

describe('pause-subscription machine, choosing months', () => {
  it('offers the pausable months, the first of them alone at first, with its saving', async () => {
    const { actor } = start();
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    expect(viewOf(ready)).toMatchObject({
      step: 'choose',
      startMonths: pausable.pausableMonths,
      choice: { pauseFrom: '2026-07', pauseUntil: '2026-07' },
      monthCount: 1,
      saving: 63,
      validAgainMonth: '2026-08',
      dialogOpen: false,
      error: undefined,
    });
  });

  it('a later first month pulls the last month along; the last month cannot be before the first or outside the pausable ones', async () => {
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'pauseStart.choose', month: '2026-09' });
    expect(actor.getSnapshot().context.choice).toEqual({ pauseFrom: '2026-09', pauseUntil: '2026-09' });
    actor.send({ type: 'pauseEnd.choose', month: '2026-11' });
    actor.send({ type: 'pauseEnd.choose', month: '2026-08' });
    actor.send({ type: 'pauseEnd.choose', month: '2027-07' });
    actor.send({ type: 'pauseStart.choose', month: thisMonth });
    expect(actor.getSnapshot().context.choice).toEqual({ pauseFrom: '2026-09', pauseUntil: '2026-11' });
    // An earlier first month keeps the last.
    actor.send({ type: 'pauseStart.choose', month: '2026-07' });
    const view = viewOf(actor.getSnapshot());
    expect(view).toMatchObject({ choice: { pauseFrom: '2026-07', pauseUntil: '2026-11' }, monthCount: 5, saving: 315, validAgainMonth: '2026-12' });
    expect(view.step === 'choose' && view.endMonths[0]).toBe('2026-07');
  });

  it('the saving is exact to the cent for a price with cents', async () => {
    const { actor } = start({ load: async () => ({ ...pausable, monthlyPrice: 37.8 }) });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'pauseEnd.choose', month: '2026-09' });
    expect(viewOf(actor.getSnapshot())).toMatchObject({ monthCount: 3, saving: 113.4 });
  });
});

describe('pause-subscription machine, pausing', () => {
  it('asks first, sends once however often the customer confirms, then shows the pause and the result', async () => {
    let answer: (value: PauseState) => void = () => undefined;
    const { actor, calls } = start({ pause: () => new Promise<PauseState>((resolve) => (answer = resolve)) });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'pauseStart.choose', month: '2026-08' });
    actor.send({ type: 'pauseEnd.choose', month: '2026-10' });
    actor.send({ type: 'pause.confirm' });
    expect(calls.pause).toEqual([]);
    actor.send({ type: 'pause.review' });
    expect(viewOf(actor.getSnapshot())).toMatchObject({ step: 'choose', dialogOpen: true, canConfirm: true });
    actor.send({ type: 'pause.confirm' });
    actor.send({ type: 'pause.confirm' });
    actor.send({ type: 'pause.cancel' });
    expect(viewOf(actor.getSnapshot())).toMatchObject({ step: 'choose', dialogOpen: true, pausing: true, canConfirm: false });
    answer(answers.paused);
    const paused = await waitFor(actor, (snapshot) => snapshot.matches('paused'));
    expect(calls.pause).toEqual([{ pauseFrom: '2026-08', pauseUntil: '2026-10' }]);
    expect(viewOf(paused)).toMatchObject({
      step: 'paused',
      pause: { pauseFrom: '2026-08', pauseUntil: '2026-10' },
      status: 'planned',
      monthCount: 3,
      saving: 189,
      resumeMonths: ['2026-08', '2026-09', '2026-10'],
      resumeMonth: '2026-08',
      removesPause: true,
      dialogOpen: false,
      result: { kind: 'paused', pause: { pauseFrom: '2026-08', pauseUntil: '2026-10' } },
    });
  });

  it('Back in the dialog returns to the choice unchanged, without a request', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'pauseEnd.choose', month: '2026-09' });
    actor.send({ type: 'pause.review' });
    actor.send({ type: 'pause.cancel' });
    expect(viewOf(actor.getSnapshot())).toMatchObject({ step: 'choose', dialogOpen: false, choice: { pauseFrom: '2026-07', pauseUntil: '2026-09' } });
    expect(calls.pause).toEqual([]);
  });

  it.each([
    ['400 monthNotPausable', monthNotPausable, 'monthNotPausable', { canReload: true, canRetry: false }],
    ['409 pauseNotPossible (terminated meanwhile)', pauseNotPossible, 'pauseNotPossible', { canReload: true, canRetry: false }],
    ['500', serverError, 'pauseFailed', { canReload: false, canRetry: true }],
    ['no answer', offline, 'pauseFailed', { canReload: false, canRetry: true }],
  ] as const)('%s keeps the choice with its message', async (_name, failure, code, offers) => {
    const { actor } = start({ pause: () => Promise.reject(failure) });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'pauseStart.choose', month: '2026-08' });
    actor.send({ type: 'pauseEnd.choose', month: '2026-10' });
    actor.send({ type: 'pause.review' });
    actor.send({ type: 'pause.confirm' });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.error !== undefined);
    expect(viewOf(failedOnce)).toMatchObject({
      step: 'choose',
      error: code,
      choice: { pauseFrom: '2026-08', pauseUntil: '2026-10' },
      dialogOpen: false,
      ...offers,
    });
  });

  it('after a failure, Try again sends the same months once more and succeeds', async () => {
    let fail = true;
    const { actor, calls } = start({ pause: () => (fail ? Promise.reject(serverError) : Promise.resolve(answers.paused)) });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'pauseEnd.choose', month: '2026-08' });
    actor.send({ type: 'pause.review' });
    actor.send({ type: 'pause.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.error === 'pauseFailed');
    fail = false;
    actor.send({ type: 'pause.retry' });
    actor.send({ type: 'pause.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('paused'));
    expect(calls.pause).toEqual([
      { pauseFrom: '2026-07', pauseUntil: '2026-08' },
      { pauseFrom: '2026-07', pauseUntil: '2026-08' },
    ]);
  });

  it('after a 400, reading the state again keeps the choice while it is still possible', async () => {
    let load = pausable;
    const { actor, calls } = start({ load: async () => load, pause: () => Promise.reject(monthNotPausable) });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'pauseStart.choose', month: '2026-08' });
    actor.send({ type: 'pauseEnd.choose', month: '2026-10' });
    actor.send({ type: 'pause.review' });
    actor.send({ type: 'pause.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.error === 'monthNotPausable');
    // A month later: July is no longer pausable, August to October still are.
    load = { ...pausable, thisMonth: '2026-07', pausableMonths: pausable.pausableMonths.slice(1) };
    actor.send({ type: 'subscription.reload' });
    const reloaded = await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.error === undefined);
    expect(viewOf(reloaded)).toMatchObject({ choice: { pauseFrom: '2026-08', pauseUntil: '2026-10' }, startMonths: load.pausableMonths });
    expect(calls.load).toBe(2);
  });

  it('after a 409, reading the state again shows why nothing can be paused', async () => {
    let load = pausable;
    const { actor } = start({ load: async () => load, pause: () => Promise.reject(pauseNotPossible) });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    actor.send({ type: 'pause.review' });
    actor.send({ type: 'pause.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.error === 'pauseNotPossible');
    load = terminated;
    actor.send({ type: 'subscription.reload' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(viewOf(end)).toEqual({ step: 'notPausable', terminateDate: '2026-07-31', result: undefined });
  });
});

describe('pause-subscription machine, ending a pause', () => {
  it('a running pause can end from this month on; ending it later keeps a shorter pause', async () => {
    const { actor, calls } = start({ load: async () => running });
    const shown = await waitFor(actor, (snapshot) => snapshot.matches('paused'));
    expect(viewOf(shown)).toMatchObject({
      step: 'paused',
      status: 'running',
      resumeMonths: ['2026-06', '2026-07', '2026-08'],
      resumeMonth: '2026-06',
      removesPause: false,
      chargedAgainCount: 3,
      saving: 252,
    });
    actor.send({ type: 'resumeMonth.choose', month: '2026-05' });
    actor.send({ type: 'resumeMonth.choose', month: '2026-08' });
    expect(viewOf(actor.getSnapshot())).toMatchObject({ resumeMonth: '2026-08', chargedAgainCount: 1 });
    actor.send({ type: 'resume.review' });
    actor.send({ type: 'resume.confirm' });
    actor.send({ type: 'resume.confirm' });
    const after = await waitFor(actor, (snapshot) => snapshot.matches('paused') && snapshot.context.result !== undefined);
    expect(calls.resume).toEqual(['2026-08']);
    expect(viewOf(after)).toMatchObject({ result: { kind: 'resumed', month: '2026-08', removed: false }, pause: answers.shortened.pause });
  });

  it('ending a planned pause from its first month removes it, and months can be chosen again', async () => {
    const { actor, calls } = start({ load: async () => planned, resume: async () => answers.removed });
    await waitFor(actor, (snapshot) => snapshot.matches('paused'));
    expect(viewOf(actor.getSnapshot())).toMatchObject({ removesPause: true, resumeMonth: '2026-08' });
    actor.send({ type: 'resume.review' });
    actor.send({ type: 'resume.cancel' });
    expect(calls.resume).toEqual([]);
    actor.send({ type: 'resume.review' });
    actor.send({ type: 'resume.confirm' });
    const after = await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    expect(calls.resume).toEqual(['2026-08']);
    expect(viewOf(after)).toMatchObject({
      step: 'choose',
      result: { kind: 'resumed', month: '2026-08', removed: true },
      choice: { pauseFrom: '2026-07', pauseUntil: '2026-07' },
    });
  });

  it.each([
    ['400 invalidPauseDate (a new month began)', invalidPauseDate, 'resumeMonthNotPossible', { canReload: true, canRetry: false }],
    ['404 pauseNotFound (changed meanwhile)', pauseNotFound, 'pauseNotFound', { canReload: true, canRetry: false }],
    ['500', serverError, 'resumeFailed', { canReload: false, canRetry: true }],
    ['no answer', offline, 'resumeFailed', { canReload: false, canRetry: true }],
  ] as const)('%s keeps the chosen month with its message', async (_name, failure, code, offers) => {
    const { actor } = start({ load: async () => planned, resume: () => Promise.reject(failure) });
    await waitFor(actor, (snapshot) => snapshot.matches('paused'));
    actor.send({ type: 'resumeMonth.choose', month: '2026-09' });
    actor.send({ type: 'resume.review' });
    actor.send({ type: 'resume.confirm' });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('paused') && snapshot.context.error !== undefined);
    expect(viewOf(failedOnce)).toMatchObject({ step: 'paused', error: code, resumeMonth: '2026-09', dialogOpen: false, ...offers });
  });

  it('a terminated subscription without a pause offers nothing to pause', async () => {
    const { actor, calls } = start({ load: async () => terminated });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(viewOf(end)).toEqual({ step: 'notPausable', terminateDate: '2026-07-31', result: undefined });
    expect(end.can({ type: 'pause.review' })).toBe(false);
    expect(calls.pause).toEqual([]);
  });

  it('a load failure offers a retry that loads again', async () => {
    let fail = true;
    const { actor, calls } = start({ load: async () => (fail ? Promise.reject(serverError) : pausable) });
    const failedLoad = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(viewOf(failedLoad)).toEqual({ step: 'loadFailed', canRetry: true });
    fail = false;
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    expect(calls.load).toBe(2);
  });
});

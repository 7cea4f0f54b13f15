// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { type SubscriptionToTerminate, terminateSubscriptionMachine } from '#machines/terminate-subscription/terminate-subscription.machine';
import { selectTerminateSubscriptionView } from '#machines/terminate-subscription/terminate-subscription.selectors';
import { messageKeys } from '#src/domain/failure';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  alreadyTerminated,
  canceled,
  dates,
  invalidDate,
  machine,
  movedOn,
  offline,
  revoked,
  serverError,
  subscriptionId,
  terminable,
  terminated,
  terminateSubscriptionModel,
} from './terminate-subscription.model';

type Snapshot = SnapshotFrom<typeof terminateSubscriptionMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectTerminateSubscriptionView(snapshot);
  expect(context.subscriptionId).toBe(subscriptionId);

  // Dates are offered only for a subscription that can be terminated, and the choice is one of them.
  if (view.step === 'choose') {
    expect(context.subscription?.terminateDate).toBeNull();
    expect(['revoked', 'canceled']).not.toContain(context.subscription?.status);
    expect(view.terminationDates.length).toBeGreaterThan(0);
    expect(view.terminationDates).toContain(view.chosenDate);
    // The form's submit is taken only without the dialog; the dialog names the chosen date.
    expect(view.canRequest).toBe(view.dialog === undefined);
    if (view.dialog) expect(view.dialog.terminateDate).toBe(view.chosenDate);
    // One request: while the termination is sent, a second confirmation is not taken, and the button says it is busy.
    if (view.dialog) expect(view.dialog.canConfirm).toBe(!view.dialog.terminating);
    expect(view.failed).toBe(context.error === 'terminationFailed');
    expect(view.dateNoLongerOffered).toBe(context.error === 'dateNoLongerOffered');
  }
  if (snapshot.matches('confirming') || snapshot.matches('terminating'))
    expect(view).toMatchObject({ step: 'choose', dialog: { terminateDate: context.chosenDate } });
  if (snapshot.matches('terminating')) {
    expect(view).toMatchObject({ dialog: { terminating: true, canConfirm: false } });
    expect(context.error).toBeUndefined();
  }

  // Every error code belongs to the state that shows it.
  expect(context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  expect(context.error === 'isAlreadyTerminated').toBe(snapshot.matches('alreadyTerminated'));
  if (context.error === 'terminationFailed') expect(snapshot.matches('choosing')).toBe(true);
  if (context.error === 'dateNoLongerOffered') expect(snapshot.matches('loading') || snapshot.matches('choosing')).toBe(true);
  if (snapshot.matches('loadFailed')) expect(view).toEqual({ step: 'loadFailed', canRetry: true });
  if (snapshot.matches('loading')) expect(view).toEqual({ step: 'loading' });

  // SPEC.md 4.3: revoked, canceled and terminated show no form.
  if (snapshot.matches('notTerminable')) {
    expect(view.step).toBe('notTerminable');
    expect(context.subscription?.terminateDate !== null || ['revoked', 'canceled'].includes(context.subscription?.status ?? '')).toBe(true);
  }
  if (snapshot.matches('alreadyTerminated')) expect(view).toEqual({ step: 'alreadyTerminated' });
  if (snapshot.matches('done')) expect(view).toEqual({ step: 'done', terminateDate: context.chosenDate });
  expect(snapshot.status === 'done').toBe(snapshot.matches('notTerminable') || snapshot.matches('alreadyTerminated') || snapshot.matches('done'));
}

const [run] = runModel(terminateSubscriptionModel).runs;

describe('terminate-subscription machine, model-based (xstate/graph)', () => {
  it('reaches the success page, the 400 and the refusal without a form', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    const confirmed = 'xstate.init → xstate.done.actor.loadTermination → termination.request → termination.confirm';
    expect(ends).toContain(`${confirmed} → xstate.done.actor.terminateSubscription`);
    expect(ends).toContain(`${confirmed} → xstate.error.actor.terminateSubscription`);
    expect(ends).toContain('xstate.init → xstate.done.actor.loadTermination');
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    const initial = machine.resolveState({ value: 'loading', context: { subscriptionId, subscription: undefined, chosenDate: undefined, error: undefined } });
    replayPath(machine, path, initial, (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors and a recording success page, run as the app runs it. */
function start(options: { load?: () => Promise<SubscriptionToTerminate>; terminate?: () => Promise<void> } = {}) {
  const calls = { load: 0, terminate: [] as string[], successPage: [] as { subscriptionId: string; terminateDate: string }[] };
  const actor = createActor(
    terminateSubscriptionMachine.provide({
      actors: {
        loadTermination: fromPromise(async () => {
          calls.load += 1;
          return options.load ? options.load() : terminable;
        }),
        terminateSubscription: fromPromise(async ({ input }) => {
          calls.terminate.push(input.terminateDate);
          return options.terminate ? options.terminate() : undefined;
        }),
      },
      actions: { showSuccessPage: (_, params) => void calls.successPage.push(params) },
    }),
    { input: { subscriptionId } },
  );
  actor.start();
  return { actor, calls };
}

const ready = (snapshot: Snapshot) => snapshot.matches('choosing');

describe('terminate-subscription machine, behaviour', () => {
  it('offers the dates with the earliest chosen; the dialog names the chosen date', async () => {
    const { actor } = start();
    const choosing = await waitFor(actor, ready);
    expect(selectTerminateSubscriptionView(choosing)).toMatchObject({
      step: 'choose',
      terminationDates: dates,
      chosenDate: dates[0],
      dialog: undefined,
      subscriptionNumber: 'S-T000001',
    });
    actor.send({ type: 'termination.request', terminateDate: dates[1] });
    expect(selectTerminateSubscriptionView(actor.getSnapshot())).toMatchObject({
      chosenDate: dates[1],
      dialog: { terminateDate: dates[1], canConfirm: true, terminating: false },
    });
  });

  it('terminates once however often the customer confirms (a double click), then the success page with the date', async () => {
    const { actor, calls } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'termination.request', terminateDate: dates[1] });
    actor.send({ type: 'termination.request', terminateDate: dates[2] });
    actor.send({ type: 'termination.confirm' });
    actor.send({ type: 'termination.confirm' });
    actor.send({ type: 'termination.cancel' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ load: 1, terminate: [dates[1]], successPage: [{ subscriptionId, terminateDate: dates[1] }] });
  });

  it('closing the dialog sends nothing and keeps the choice', async () => {
    const { actor, calls } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'termination.request', terminateDate: dates[2] });
    actor.send({ type: 'termination.cancel' });
    expect(selectTerminateSubscriptionView(actor.getSnapshot())).toMatchObject({ step: 'choose', chosenDate: dates[2], dialog: undefined, canRequest: true });
    expect(calls.terminate).toEqual([]);
  });

  it('a date that is not offered does not open the dialog', async () => {
    const { actor } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'termination.request', terminateDate: '2020-01-31' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it.each([
    ['revoked', revoked, 'ended', undefined, false],
    ['canceled', canceled, 'ended', canceled.terminateDate ?? undefined, false],
    ['already terminated', terminated, 'terminated', terminated.terminateDate, true],
  ] as const)('a %s subscription shows no form (SPEC.md 4.3)', async (_name, loaded, reason, terminateDate, canWithdrawTermination) => {
    const { actor, calls } = start({ load: async () => loaded });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectTerminateSubscriptionView(end)).toEqual({ step: 'notTerminable', reason, terminateDate, canWithdrawTermination });
    expect(end.can({ type: 'termination.request', terminateDate: dates[0] })).toBe(false);
    expect(calls.terminate).toEqual([]);
  });

  it('a 400 (terminated meanwhile, e.g. in another tab) ends on isAlreadyTerminated, without the success page', async () => {
    const { actor, calls } = start({ terminate: () => Promise.reject(alreadyTerminated) });
    await waitFor(actor, ready);
    actor.send({ type: 'termination.request', terminateDate: dates[0] });
    actor.send({ type: 'termination.confirm' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectTerminateSubscriptionView(end)).toEqual({ step: 'alreadyTerminated' });
    // The code is SPEC.md 8's catalogue's for a 400 (src/domain/failure.ts).
    expect(end.context.error).toBe(messageKeys.termination(alreadyTerminated));
    expect(calls.successPage).toEqual([]);
  });

  it('a 500 or no answer keeps the chosen date with the alert; the next confirmation tries again', async () => {
    let answer: () => Promise<void> = () => Promise.reject(serverError);
    const { actor, calls } = start({ terminate: () => answer() });
    await waitFor(actor, ready);
    actor.send({ type: 'termination.request', terminateDate: dates[2] });
    actor.send({ type: 'termination.confirm' });
    const failedOnce = await waitFor(actor, (snapshot) => ready(snapshot) && snapshot.context.error !== undefined);
    expect(selectTerminateSubscriptionView(failedOnce)).toMatchObject({
      step: 'choose',
      failed: true,
      chosenDate: dates[2],
      dialog: undefined,
      canRequest: true,
    });
    expect(failedOnce.context.error).toBe(messageKeys.termination(serverError));
    answer = () => Promise.reject(offline);
    actor.send({ type: 'termination.request', terminateDate: dates[2] });
    actor.send({ type: 'termination.confirm' });
    await waitFor(actor, (snapshot) => ready(snapshot) && snapshot.context.error !== undefined);
    answer = async () => undefined;
    actor.send({ type: 'termination.request', terminateDate: dates[2] });
    expect(selectTerminateSubscriptionView(actor.getSnapshot())).toMatchObject({ failed: false });
    actor.send({ type: 'termination.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.terminate).toEqual([dates[2], dates[2], dates[2]]);
    expect(calls.successPage).toEqual([{ subscriptionId, terminateDate: dates[2] }]);
  });

  it('a date no longer offered (400 invalidTerminationDate) loads the dates again and asks again', async () => {
    let loaded = terminable;
    const { actor, calls } = start({
      load: async () => loaded,
      terminate: async () => {
        loaded = movedOn;
        throw invalidDate;
      },
    });
    await waitFor(actor, ready);
    actor.send({ type: 'termination.request', terminateDate: dates[0] });
    actor.send({ type: 'termination.confirm' });
    const again = await waitFor(actor, (snapshot) => ready(snapshot) && calls.load === 2);
    expect(selectTerminateSubscriptionView(again)).toMatchObject({
      step: 'choose',
      dateNoLongerOffered: true,
      failed: false,
      terminationDates: movedOn.terminationDates,
      chosenDate: movedOn.terminationDates[0],
    });
    expect(calls.successPage).toEqual([]);
  });

  it('a load failure shows the error; the retry loads again', async () => {
    let fail = true;
    const { actor, calls } = start({ load: async () => (fail ? Promise.reject(serverError) : terminable) });
    const failedLoad = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(selectTerminateSubscriptionView(failedLoad)).toEqual({ step: 'loadFailed', canRetry: true });
    fail = false;
    actor.send({ type: 'load.retry' });
    const choosing = await waitFor(actor, ready);
    expect(choosing.context.error).toBeUndefined();
    expect(calls.load).toBe(2);
  });
});

// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { cancelOrderMachine, type OrderCancellationState } from '#machines/cancel-order/cancel-order.machine';
import { selectCancelOrderView } from '#machines/cancel-order/cancel-order.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  alreadyCancelled,
  cancellable,
  cancelled,
  cancelOrderModel,
  conflict,
  machine,
  notFound,
  offline,
  orderId,
  serverError,
  started,
} from './cancel-order.model';

type Snapshot = SnapshotFrom<typeof cancelOrderMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectCancelOrderView(snapshot);
  expect(context.orderId).toBe(orderId);
  // The confirmation is offered only for an order that can be cancelled.
  if (snapshot.matches('ready') || snapshot.matches('cancelling')) {
    expect(context.order?.isCancellable).toBe(true);
    expect(view).toMatchObject({ step: 'confirm', orderNumber: cancellable.orderNumber });
  }
  // One request: while cancelling, a second confirmation is not taken, and the button says it is busy.
  if (view.step === 'confirm') {
    expect(view.canConfirm).toBe(snapshot.matches('ready'));
    expect(view.cancelling).toBe(!view.canConfirm);
    expect(view.failed).toBe(context.error === 'cancelFailed');
  }
  if (snapshot.matches('cancelling')) expect(context.error).toBeUndefined();
  // The error codes belong to the states that show them.
  expect(context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  if (snapshot.matches('loadFailed')) expect(view).toEqual({ step: 'loadFailed', canRetry: true });
  if (context.error === 'cancelFailed') expect(snapshot.matches('ready')).toBe(true);
  if (context.error === 'orderNotCancellable') expect(view).toMatchObject({ step: 'notCancellable', reason: 'changedMeanwhile' });
  // Not cancellable: a reason, never the button.
  if (snapshot.matches('notCancellable')) {
    expect(view.step).toBe('notCancellable');
    expect(snapshot.can({ type: 'cancellation.confirm' })).toBe(false);
  }
  if (snapshot.matches('done')) expect(view).toEqual({ step: 'done', orderNumber: cancelled.orderNumber });
  expect(snapshot.status === 'done').toBe(snapshot.matches('notCancellable') || snapshot.matches('done'));
  if (snapshot.matches('loading')) expect(view).toEqual({ step: 'loading' });
}

const [run] = runModel(cancelOrderModel).runs;

describe('cancel-order machine, model-based (xstate/graph)', () => {
  it('reaches the result, the 409 and both reasons found on load', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → xstate.done.actor.loadCancellation → cancellation.confirm → xstate.done.actor.cancelOrder');
    expect(ends).toContain('xstate.init → xstate.done.actor.loadCancellation → cancellation.confirm → xstate.error.actor.cancelOrder');
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    replayPath(machine, path, createActor(machine, { input: { orderId } }).getSnapshot(), (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors, run as the app runs it. */
function start(options: { load?: () => Promise<OrderCancellationState>; cancel?: () => Promise<OrderCancellationState> } = {}) {
  const calls = { load: 0, cancel: [] as string[] };
  const actor = createActor(
    cancelOrderMachine.provide({
      actors: {
        loadCancellation: fromPromise(async () => {
          calls.load += 1;
          return options.load ? options.load() : cancellable;
        }),
        cancelOrder: fromPromise(async ({ input }) => {
          calls.cancel.push(input.orderId);
          return options.cancel ? options.cancel() : cancelled;
        }),
      },
    }),
    { input: { orderId } },
  );
  actor.start();
  return { actor, calls };
}

describe('cancel-order machine, behaviour', () => {
  it('cancels once however often the customer confirms (a double click), then shows the result', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'cancellation.confirm' });
    actor.send({ type: 'cancellation.confirm' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectCancelOrderView(end)).toEqual({ step: 'done', orderNumber: 'A-100005' });
    expect(calls).toEqual({ load: 1, cancel: [orderId] });
  });

  it.each([
    ['cancelled already', alreadyCancelled, 'alreadyCancelled'],
    ['started as a subscription', started, 'notCancellable'],
  ] as const)('an order %s offers no cancellation and says why', async (_name, state, reason) => {
    const { actor, calls } = start({ load: async () => state });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectCancelOrderView(end)).toEqual({ step: 'notCancellable', orderNumber: state.orderNumber, reason });
    expect(calls.cancel).toEqual([]);
  });

  it('a 409 (no longer cancellable, changed meanwhile) ends with its clear message, not a crash', async () => {
    const { actor } = start({ cancel: () => Promise.reject(conflict) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'cancellation.confirm' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectCancelOrderView(end)).toEqual({ step: 'notCancellable', orderNumber: 'A-100005', reason: 'changedMeanwhile' });
  });

  it('another failure keeps the screen with its alert; the next confirmation tries again', async () => {
    let answer: () => Promise<OrderCancellationState> = () => Promise.reject(serverError);
    const { actor, calls } = start({ cancel: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'cancellation.confirm' });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(selectCancelOrderView(failedOnce)).toMatchObject({ step: 'confirm', failed: true, canConfirm: true });
    answer = () => Promise.reject(offline);
    actor.send({ type: 'cancellation.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    answer = async () => cancelled;
    actor.send({ type: 'cancellation.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.cancel).toHaveLength(3);
  });

  it('a load failure (404, 500, offline) shows the alert; the retry loads again', async () => {
    let fail: unknown = notFound;
    const { actor, calls } = start({ load: async () => (fail ? Promise.reject(fail) : cancellable) });
    const failedLoad = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(selectCancelOrderView(failedLoad)).toEqual({ step: 'loadFailed', canRetry: true });
    fail = undefined;
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls.load).toBe(2);
  });
});

// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { type SubscriptionToWithdraw, withdrawTerminationMachine } from '#machines/withdraw-termination/withdraw-termination.machine';
import { selectWithdrawTerminationView } from '#machines/withdraw-termination/withdraw-termination.selectors';
import { messageKeys } from '#src/domain/failure';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { conflict, machine, notWithdrawable, offline, serverError, subscriptionId, withdrawable, withdrawTerminationModel } from './withdraw-termination.model';

type Snapshot = SnapshotFrom<typeof withdrawTerminationMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectWithdrawTerminationView(snapshot);
  expect(context.subscriptionId).toBe(subscriptionId);

  // The confirmation is offered only for a subscription whose termination can be withdrawn.
  if (snapshot.matches('ready') || snapshot.matches('withdrawing')) {
    expect(context.subscription?.canWithdrawTermination).toBe(true);
    expect(view).toMatchObject({ step: 'confirm', terminateDate: withdrawable.terminateDate, monthlyPrice: withdrawable.monthlyPrice });
  }
  // One request: while the withdrawal is sent, a second confirmation is not taken, and the button says it is busy.
  if (view.step === 'confirm') {
    expect(view.canConfirm).toBe(snapshot.matches('ready'));
    expect(view.withdrawing).toBe(!view.canConfirm);
    expect(view.failed).toBe(context.error === 'withdrawFailed');
  }
  if (snapshot.matches('withdrawing')) expect(context.error).toBeUndefined();

  // The error code belongs to the state that shows it.
  if (snapshot.matches('loadFailed')) expect(view).toEqual({ step: 'loadFailed', canRetry: true });
  expect(context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  if (context.error === 'withdrawFailed') expect(snapshot.matches('ready')).toBe(true);

  // The call to action and the success page end the flow.
  if (snapshot.matches('notWithdrawable')) expect(view).toEqual({ step: 'notWithdrawable' });
  if (snapshot.matches('done')) expect(view).toEqual({ step: 'done' });
  expect(snapshot.status === 'done').toBe(snapshot.matches('notWithdrawable') || snapshot.matches('done'));
  if (snapshot.matches('loading')) expect(view).toEqual({ step: 'loading' });
}

const [run] = runModel(withdrawTerminationModel).runs;

describe('withdraw-termination machine, model-based (xstate/graph)', () => {
  it('reaches the success page and both ways to the call to action', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → xstate.done.actor.loadSubscription → withdrawal.confirm → xstate.done.actor.withdrawTermination');
    expect(ends).toContain('xstate.init → xstate.done.actor.loadSubscription → withdrawal.confirm → xstate.error.actor.withdrawTermination');
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    const initial = machine.resolveState({ value: 'loading', context: { subscriptionId, subscription: undefined, error: undefined } });
    replayPath(machine, path, initial, (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors and a recording success page, run as the app runs it. */
function start(options: { load?: () => Promise<SubscriptionToWithdraw>; withdraw?: () => Promise<void> } = {}) {
  const calls = { load: 0, withdraw: [] as string[], successPage: [] as string[] };
  const actor = createActor(
    withdrawTerminationMachine.provide({
      actors: {
        loadSubscription: fromPromise(async () => {
          calls.load += 1;
          return options.load ? options.load() : withdrawable;
        }),
        withdrawTermination: fromPromise(async ({ input }) => {
          calls.withdraw.push(input.subscriptionId);
          return options.withdraw ? options.withdraw() : undefined;
        }),
      },
      actions: { showSuccessPage: (_, params) => void calls.successPage.push(params.subscriptionId) },
    }),
    { input: { subscriptionId } },
  );
  actor.start();
  return { actor, calls };
}

describe('withdraw-termination machine, behaviour', () => {
  it('withdraws once however often the customer confirms, then shows the success page', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdrawal.confirm' });
    actor.send({ type: 'withdrawal.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ load: 1, withdraw: [subscriptionId], successPage: [subscriptionId] });
  });

  it('offers no withdrawal when canWithdrawTermination is false', async () => {
    const { actor, calls } = start({ load: async () => notWithdrawable });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectWithdrawTerminationView(end)).toEqual({ step: 'notWithdrawable' });
    expect(end.can({ type: 'withdrawal.confirm' })).toBe(false);
    expect(calls.withdraw).toEqual([]);
  });

  it('a 409 (changed meanwhile) ends on the call to action, without the success page', async () => {
    const { actor, calls } = start({ withdraw: () => Promise.reject(conflict) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdrawal.confirm' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('notWithdrawable');
    expect(messageKeys.withdrawTermination(conflict)).toBe('terminationNotWithdrawable');
    expect(calls.successPage).toEqual([]);
  });

  it('another failure keeps the screen with its alert, and the next confirmation tries again', async () => {
    let answer: () => Promise<void> = () => Promise.reject(serverError);
    const { actor, calls } = start({ withdraw: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdrawal.confirm' });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(selectWithdrawTerminationView(failedOnce)).toMatchObject({ step: 'confirm', failed: true, canConfirm: true });
    // The code is SPEC.md 8's catalogue's for this answer (src/domain/failure.ts).
    expect(failedOnce.context.error).toBe(messageKeys.withdrawTermination(serverError));
    answer = () => Promise.reject(offline);
    actor.send({ type: 'withdrawal.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    answer = async () => undefined;
    actor.send({ type: 'withdrawal.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.withdraw).toHaveLength(3);
    expect(calls.successPage).toEqual([subscriptionId]);
  });

  it('a load failure shows withdrawTermination.error; the retry loads again', async () => {
    let fail = true;
    const { actor, calls } = start({ load: async () => (fail ? Promise.reject(serverError) : withdrawable) });
    const failedLoad = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(selectWithdrawTerminationView(failedLoad)).toEqual({ step: 'loadFailed', canRetry: true });
    fail = false;
    actor.send({ type: 'load.retry' });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.error).toBeUndefined();
    expect(calls.load).toBe(2);
  });
});

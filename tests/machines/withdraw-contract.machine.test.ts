// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { type ContractToWithdraw, withdrawContractMachine } from '#machines/withdraw-contract/withdraw-contract.machine';
import { selectWithdrawContractView } from '#machines/withdraw-contract/withdraw-contract.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { conflict, machine, notWithdrawable, offline, serverError, subscriptionId, withdrawable, withdrawContractModel } from './withdraw-contract.model';

type Snapshot = SnapshotFrom<typeof withdrawContractMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectWithdrawContractView(snapshot);
  expect(context.subscriptionId).toBe(subscriptionId);

  // The withdrawal is offered only while its period runs, and says until when.
  if (snapshot.matches('ready') || snapshot.matches('confirming') || snapshot.matches('withdrawing')) {
    expect(context.subscription?.withdrawableUntil).toBe(withdrawable.withdrawableUntil);
    expect(view).toMatchObject({
      step: 'confirm',
      withdrawableUntil: withdrawable.withdrawableUntil,
      subscriptionNumber: withdrawable.subscriptionNumber,
      monthlyPrice: withdrawable.monthlyPrice,
    });
  }
  if (view.step === 'confirm') {
    // The dialog is open exactly while the customer confirms or the cancellation is sent.
    expect(view.dialog !== undefined).toBe(!snapshot.matches('ready'));
    expect(view.canRequest).toBe(snapshot.matches('ready'));
    // One request: while the cancellation is sent, a second confirmation is not taken, and the dialog's button says it is busy.
    if (view.dialog) {
      expect(view.dialog.canConfirm).toBe(snapshot.matches('confirming'));
      expect(view.dialog.withdrawing).toBe(snapshot.matches('withdrawing'));
    }
    expect(view.failed).toBe(context.error === 'withdrawFailed');
  }
  if (snapshot.matches('withdrawing') || snapshot.matches('confirming')) expect(context.error).toBeUndefined();

  // The error code belongs to the state that shows it.
  if (snapshot.matches('loadFailed')) expect(view).toEqual({ step: 'loadFailed', canRetry: true });
  expect(context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  if (context.error === 'withdrawFailed') expect(snapshot.matches('ready')).toBe(true);

  // The message that the period is over and the success page end the flow.
  if (snapshot.matches('notWithdrawable')) expect(view).toEqual({ step: 'notWithdrawable' });
  if (snapshot.matches('done')) expect(view).toEqual({ step: 'done' });
  expect(snapshot.status === 'done').toBe(snapshot.matches('notWithdrawable') || snapshot.matches('done'));
  if (snapshot.matches('loading')) expect(view).toEqual({ step: 'loading' });
}

const [run] = runModel(withdrawContractModel).runs;

describe('withdraw-contract machine, model-based (xstate/graph)', () => {
  it('reaches the success page, the dialog closed without a request, and both ways to "no longer possible"', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → xstate.done.actor.loadSubscription → withdrawal.request → withdrawal.confirm → xstate.done.actor.withdrawContract');
    expect(ends).toContain('xstate.init → xstate.done.actor.loadSubscription → withdrawal.request → withdrawal.confirm → xstate.error.actor.withdrawContract');
    expect(ends.some((end) => end.includes('withdrawal.request → withdrawal.cancel'))).toBe(true);
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    const initial = machine.resolveState({ value: 'loading', context: { subscriptionId, subscription: undefined, error: undefined } });
    replayPath(machine, path, initial, (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors and a recording success page, run as the app runs it. */
function start(options: { load?: () => Promise<ContractToWithdraw>; withdraw?: () => Promise<void> } = {}) {
  const calls = { load: 0, withdraw: [] as string[], successPage: [] as string[] };
  const actor = createActor(
    withdrawContractMachine.provide({
      actors: {
        loadSubscription: fromPromise(async () => {
          calls.load += 1;
          return options.load ? options.load() : withdrawable;
        }),
        withdrawContract: fromPromise(async ({ input }) => {
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

describe('withdraw-contract machine, behaviour', () => {
  it('sends nothing before the dialog is confirmed; closing it keeps the screen', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdrawal.confirm' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'withdrawal.request' });
    expect(selectWithdrawContractView(actor.getSnapshot())).toMatchObject({ step: 'confirm', dialog: { withdrawing: false, canConfirm: true } });
    actor.send({ type: 'withdrawal.cancel' });
    expect(selectWithdrawContractView(actor.getSnapshot())).toMatchObject({ step: 'confirm', dialog: undefined, failed: false });
    expect(calls.withdraw).toEqual([]);
  });

  it('withdraws once however often the customer confirms, then shows the success page', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdrawal.request' });
    actor.send({ type: 'withdrawal.confirm' });
    actor.send({ type: 'withdrawal.confirm' });
    actor.send({ type: 'withdrawal.cancel' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ load: 1, withdraw: [subscriptionId], successPage: [subscriptionId] });
  });

  it('offers no withdrawal once the period is over (withdrawableUntil null)', async () => {
    const { actor, calls } = start({ load: async () => notWithdrawable });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectWithdrawContractView(end)).toEqual({ step: 'notWithdrawable' });
    expect(end.can({ type: 'withdrawal.request' })).toBe(false);
    expect(calls.withdraw).toEqual([]);
  });

  it('a 409 (the period ended or the subscription changed meanwhile) ends on "no longer possible", without the success page', async () => {
    const { actor, calls } = start({ withdraw: () => Promise.reject(conflict) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdrawal.request' });
    actor.send({ type: 'withdrawal.confirm' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('notWithdrawable');
    expect(calls.successPage).toEqual([]);
  });

  it('another failure closes the dialog and shows the alert; the next request and confirmation try again', async () => {
    let answer: () => Promise<void> = () => Promise.reject(serverError);
    const { actor, calls } = start({ withdraw: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdrawal.request' });
    actor.send({ type: 'withdrawal.confirm' });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(selectWithdrawContractView(failedOnce)).toMatchObject({ step: 'confirm', failed: true, canRequest: true, dialog: undefined });
    expect(failedOnce.context.error).toBe('withdrawFailed');
    answer = () => Promise.reject(offline);
    actor.send({ type: 'withdrawal.request' });
    expect(selectWithdrawContractView(actor.getSnapshot())).toMatchObject({ failed: false });
    actor.send({ type: 'withdrawal.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    answer = async () => undefined;
    actor.send({ type: 'withdrawal.request' });
    actor.send({ type: 'withdrawal.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.withdraw).toHaveLength(3);
    expect(calls.successPage).toEqual([subscriptionId]);
  });

  it('a load failure shows withdrawContract.error; the retry loads again', async () => {
    let fail = true;
    const { actor, calls } = start({ load: async () => (fail ? Promise.reject(serverError) : withdrawable) });
    const failedLoad = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(selectWithdrawContractView(failedLoad)).toEqual({ step: 'loadFailed', canRetry: true });
    fail = false;
    actor.send({ type: 'load.retry' });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.error).toBeUndefined();
    expect(calls.load).toBe(2);
  });
});

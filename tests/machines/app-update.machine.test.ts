// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { appUpdateMachine } from '#machines/app-update/app-update.machine';
import { selectAppUpdateView } from '#machines/app-update/app-update.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { appUpdateModel } from './app-update.model';

type Snapshot = SnapshotFrom<typeof appUpdateMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const view = selectAppUpdateView(snapshot);
  // The prompt shows exactly while a newer version waits or runs in another tab.
  if (snapshot.matches('current') || snapshot.matches('dismissed')) expect(view).toEqual({ prompt: 'none' });
  if (snapshot.matches('offered')) expect(view).toEqual({ prompt: 'offered', busy: false, failed: snapshot.context.error === 'activationFailed' });
  // While the new version takes over, the button is busy: a second press does not send a second request.
  if (snapshot.matches('activating')) expect(view).toEqual({ prompt: 'offered', busy: true, failed: false });
  if (snapshot.matches('takenOverElsewhere')) expect(view).toEqual({ prompt: 'takenOverElsewhere' });
  // An error belongs to the offer that shows it.
  if (snapshot.context.error !== undefined) expect(snapshot.matches('offered')).toBe(true);
  // The page reloads only from the customer's press: reloading is reached through accept alone.
  expect(snapshot.status === 'done').toBe(snapshot.matches('reloading'));
}

const [run] = runModel(appUpdateModel).runs;

describe('app-update machine, model-based (xstate/graph)', () => {
  it('reaches the reload only through the customer’s press, in this tab and after another tab took over', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → update.waiting → update.accept → xstate.done.actor.activateWaiting');
    expect(ends).toContain('xstate.init → update.takenOverElsewhere → update.accept');
    for (const path of run!.paths) {
      if (path.state.matches('reloading')) expect(path.steps.map((step) => step.event.type)).toContain('update.accept');
    }
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    replayPath(appUpdateMachine, path, appUpdateMachine.resolveState({ value: 'current', context: { error: undefined } }), (snapshot) =>
      checkInvariants(snapshot),
    );
  });
});

describe('app-update machine, run as the app runs it', () => {
  function start(activate: () => Promise<void>) {
    const reloads: number[] = [];
    let activations = 0;
    const actor = createActor(
      appUpdateMachine.provide({
        actors: {
          activateWaiting: fromPromise(async () => {
            activations += 1;
            await activate();
          }),
        },
        actions: { reloadPage: () => void reloads.push(Date.now()) },
      }),
    ).start();
    return { actor, reloads, activations: () => activations };
  }

  it('a double press activates once and reloads once', async () => {
    const { actor, reloads, activations } = start(async () => undefined);
    actor.send({ type: 'update.waiting' });
    actor.send({ type: 'update.accept' });
    actor.send({ type: 'update.accept' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(activations()).toBe(1);
    expect(reloads).toHaveLength(1);
  });

  it('a failed activation keeps the page and offers the reload again, with the failure shown', async () => {
    const { actor, reloads } = start(async () => {
      throw new Error('no controller');
    });
    actor.send({ type: 'update.waiting' });
    actor.send({ type: 'update.accept' });
    await waitFor(actor, (snapshot) => snapshot.matches('offered') && snapshot.context.error !== undefined);
    expect(selectAppUpdateView(actor.getSnapshot())).toEqual({ prompt: 'offered', busy: false, failed: true });
    expect(reloads).toHaveLength(0);
  });

  it('"Later" hides the prompt without reloading; a newer version is offered again', () => {
    const { actor, reloads } = start(async () => undefined);
    actor.send({ type: 'update.waiting' });
    actor.send({ type: 'update.dismiss' });
    expect(selectAppUpdateView(actor.getSnapshot())).toEqual({ prompt: 'none' });
    actor.send({ type: 'update.waiting' });
    expect(selectAppUpdateView(actor.getSnapshot()).prompt).toBe('offered');
    expect(reloads).toHaveLength(0);
  });
});

// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { changeStaffNumberMachine, type StaffNumberToChange } from '#machines/change-staff-number/change-staff-number.machine';
import { selectChangeStaffNumberView } from '#machines/change-staff-number/change-staff-number.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  changeStaffNumberModel,
  joti,
  machine,
  newNumber,
  notAllowed,
  notChangeable,
  offline,
  rejected,
  serverError,
  taken,
} from './change-staff-number.model';

type Snapshot = SnapshotFrom<typeof changeStaffNumberMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectChangeStaffNumberView(snapshot);

  // The form is offered only where the product allows the change (SPEC.md 6.1), with the current number and the company's field.
  if (snapshot.matches('editing') || snapshot.matches('changing')) {
    expect(context.current?.changeable).toBe(true);
    expect(view).toMatchObject({ step: 'form', staffNumber: joti.changeable && joti.staffNumber, companyId: 'TDX9960', field: joti.changeable && joti.field });
  }
  // One request: while the change is sent, a second submit is not taken.
  if (view.step === 'form') {
    expect(view.canSubmit).toBe(snapshot.matches('editing'));
    expect(view.changing).toBe(!view.canSubmit);
    // A taken or refused number is at the field; the other failures are not.
    expect(view.fieldErrors.length > 0).toBe(view.error === 'staffNumberTaken' || view.error === 'staffNumberRejected');
  }
  if (snapshot.matches('changing')) expect(context.error).toBeUndefined();

  // The error code belongs to the state that shows it.
  if (snapshot.matches('loadFailed')) expect(view).toEqual({ step: 'loadFailed', canRetry: true });
  expect(context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  if (context.error && context.error !== 'loadFailed') expect(snapshot.matches('editing')).toBe(true);

  // Not changeable and the way back to My data end the flow.
  if (snapshot.matches('notChangeable')) expect(view).toEqual({ step: 'notChangeable' });
  if (snapshot.matches('done')) expect(view).toEqual({ step: 'done' });
  expect(snapshot.status === 'done').toBe(snapshot.matches('notChangeable') || snapshot.matches('done'));
  if (snapshot.matches('loading')) expect(view).toEqual({ step: 'loading' });
}

const [run] = runModel(changeStaffNumberModel).runs;

describe('change-staff-number machine, model-based (xstate/graph)', () => {
  it('reaches My data, and not changeable both on load and on a 403', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → xstate.done.actor.loadStaffNumber → staffNumber.change → xstate.done.actor.changeStaffNumber');
    expect(ends).toContain('xstate.init → xstate.done.actor.loadStaffNumber → staffNumber.change → xstate.error.actor.changeStaffNumber');
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    const initial = machine.resolveState({ value: 'loading', context: { current: undefined, error: undefined, fieldErrors: [] } });
    replayPath(machine, path, initial, (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors and a recording account page, run as the app runs it. */
function start(options: { load?: () => Promise<StaffNumberToChange>; change?: () => Promise<void> } = {}) {
  const calls = { load: 0, change: [] as string[], accountPage: 0 };
  const actor = createActor(
    changeStaffNumberMachine.provide({
      actors: {
        loadStaffNumber: fromPromise(async () => {
          calls.load += 1;
          return options.load ? options.load() : joti;
        }),
        changeStaffNumber: fromPromise(async ({ input }) => {
          calls.change.push(input.staffNumber);
          return options.change ? options.change() : undefined;
        }),
      },
      actions: { showAccountPage: () => void (calls.accountPage += 1) },
    }),
  );
  actor.start();
  return { actor, calls };
}

describe('change-staff-number machine, behaviour', () => {
  it('sends the new number once however often the customer submits, then goes back to My data', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'staffNumber.change', staffNumber: newNumber });
    actor.send({ type: 'staffNumber.change', staffNumber: newNumber });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ load: 1, change: [newNumber], accountPage: 1 });
  });

  it('deuti and seti (staffNumberChangeable false): no form, no request', async () => {
    const { actor, calls } = start({ load: async () => notChangeable });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectChangeStaffNumberView(end)).toEqual({ step: 'notChangeable' });
    expect(end.can({ type: 'staffNumber.change', staffNumber: newNumber })).toBe(false);
    expect(calls.change).toEqual([]);
  });

  it('409 staffNumberTaken and a 400 naming staff_number are at the field; the next submit tries again', async () => {
    let answer: () => Promise<void> = () => Promise.reject(taken);
    const { actor, calls } = start({ change: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'staffNumber.change', staffNumber: 'P-100777' });
    const takenView = await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.error !== undefined);
    expect(selectChangeStaffNumberView(takenView)).toMatchObject({
      step: 'form',
      canSubmit: true,
      error: 'staffNumberTaken',
      fieldErrors: [{ field: 'staffNumber', code: 'staffNumberTaken' }],
    });
    answer = () => Promise.reject(rejected);
    actor.send({ type: 'staffNumber.change', staffNumber: 'Q-100777' });
    const rejectedView = await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.error === 'staffNumberRejected');
    expect(selectChangeStaffNumberView(rejectedView)).toMatchObject({ fieldErrors: [{ field: 'staffNumber', code: 'customValidation' }] });
    answer = async () => undefined;
    actor.send({ type: 'staffNumber.change', staffNumber: newNumber });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.change).toEqual(['P-100777', 'Q-100777', newNumber]);
    expect(calls.accountPage).toBe(1);
  });

  it('a 403 staffNumberNotChangeable ends on not changeable; another failure keeps the form with its alert', async () => {
    const refused = start({ change: () => Promise.reject(notAllowed) });
    await waitFor(refused.actor, (snapshot) => snapshot.matches('editing'));
    refused.actor.send({ type: 'staffNumber.change', staffNumber: newNumber });
    expect((await waitFor(refused.actor, (snapshot) => snapshot.status === 'done')).value).toBe('notChangeable');
    expect(refused.calls.accountPage).toBe(0);

    const failing = start({ change: () => Promise.reject(offline) });
    await waitFor(failing.actor, (snapshot) => snapshot.matches('editing'));
    failing.actor.send({ type: 'staffNumber.change', staffNumber: newNumber });
    const failed = await waitFor(failing.actor, (snapshot) => snapshot.context.error !== undefined);
    expect(selectChangeStaffNumberView(failed)).toMatchObject({ step: 'form', error: 'changeFailed', fieldErrors: [], canSubmit: true });
  });

  it('a load failure shows the error; the retry loads again', async () => {
    let fail = true;
    const { actor, calls } = start({ load: async () => (fail ? Promise.reject(serverError) : joti) });
    const failedLoad = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(selectChangeStaffNumberView(failedLoad)).toEqual({ step: 'loadFailed', canRetry: true });
    fail = false;
    actor.send({ type: 'load.retry' });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(ready.context.error).toBeUndefined();
    expect(calls.load).toBe(2);
  });
});

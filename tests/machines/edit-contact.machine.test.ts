// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { type EditContactData, editContactMachine, type EditContactValues } from '#machines/edit-contact/edit-contact.machine';
import { selectEditContactView } from '#machines/edit-contact/edit-contact.selectors';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  billingData,
  billingValues,
  conflict,
  editContactModel,
  id,
  invalidZip,
  machine,
  notFound,
  offline,
  serverError,
  subscriptionEnded,
  travelerData,
  travelerValues,
} from './edit-contact.model';

type Snapshot = SnapshotFrom<typeof editContactMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectEditContactView(snapshot);
  expect(context.id).toBe(id);

  // One request per press: while saving, no second save is taken, and the button says it is busy.
  if (view.step === 'form') {
    expect(view.canSave).toBe(!view.saving);
    expect(view.data).toBe(context.data);
    // What the customer sent is kept across a failure, for the form to start from.
    if (view.error !== undefined) expect(view.values).toBeDefined();
    // Field errors come only with a 400 naming fields, and stay until the next save.
    expect(view.fieldErrors.length > 0).toBe(view.error === 'invalidFields');
  }
  if (snapshot.matches('saving')) {
    expect(context.error).toBeUndefined();
    expect(context.fieldErrors).toEqual([]);
    expect(context.values).toBeDefined();
    expect(context.values?.kind).toBe(context.data?.kind);
  }
  // The load error belongs to the state that shows it.
  expect(context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  if (snapshot.matches('loadFailed')) expect(view).toEqual({ step: 'loadFailed', canRetry: true });
  if (snapshot.matches('loading')) expect(view).toEqual({ step: 'loading' });
  // Saved and cancelled end the flow; nothing is shown of the form then.
  expect(snapshot.status === 'done').toBe(snapshot.matches('done') || snapshot.matches('cancelled'));
  if (snapshot.matches('done')) expect(view).toEqual({ step: 'done' });
  if (snapshot.matches('cancelled')) expect(view).toEqual({ step: 'cancelled' });
}

const { runs } = runModel(editContactModel);

describe('edit-contact machine, model-based (xstate/graph)', () => {
  for (const run of runs) {
    describe(`variant ${run.coverage.name}`, () => {
      it('reaches the done page, the cancel and every failure of the save', () => {
        const ends = run.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
        expect(ends).toContain('xstate.init → xstate.done.actor.load → changes.save → xstate.done.actor.save');
        expect(ends.some((end) => end.endsWith('edit.cancel'))).toBe(true);
      });

      it.each(run.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))(
        'path %s keeps the invariants',
        (_name, path) => {
          replayPath(machine, path, createActor(machine, { input: { id } }).getSnapshot(), (snapshot) => checkInvariants(snapshot));
        },
      );
    });
  }
});

/** The machine with fake actors and recording navigation, run as the app runs it. */
function start(options: { data?: EditContactData; load?: () => Promise<EditContactData>; save?: (values: EditContactValues) => Promise<void> } = {}) {
  const calls = { load: 0, save: [] as EditContactValues[], donePage: [] as string[], left: [] as string[] };
  const actor = createActor(
    editContactMachine.provide({
      actors: {
        load: fromPromise(async () => {
          calls.load += 1;
          return options.load ? options.load() : (options.data ?? travelerData);
        }),
        save: fromPromise(async ({ input }) => {
          calls.save.push(input.values);
          return options.save ? options.save(input.values) : undefined;
        }),
      },
      actions: {
        showDonePage: (_, params) => void calls.donePage.push(params.id),
        leave: (_, params) => void calls.left.push(params.id),
      },
    }),
    { input: { id } },
  );
  actor.start();
  return { actor, calls };
}

const failedSave = (snapshot: Snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined;

describe('edit-contact machine, behaviour', () => {
  it('saves the traveler once however often the customer presses Save, then shows the done page', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'changes.save', values: travelerValues });
    actor.send({ type: 'changes.save', values: travelerValues });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ load: 1, save: [travelerValues], donePage: [id], left: [] });
  });

  it('a 400 naming the zip code marks that field and keeps every value; the next save sends again', async () => {
    let answer: () => Promise<void> = () => Promise.reject(invalidZip);
    const { actor, calls } = start({ data: billingData, save: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'changes.save', values: billingValues });
    const refused = await waitFor(actor, failedSave);
    expect(selectEditContactView(refused)).toEqual({
      step: 'form',
      data: billingData,
      values: billingValues,
      canSave: true,
      saving: false,
      error: 'invalidFields',
      fieldErrors: [{ field: 'zipCode', code: 'countryFormat' }],
    });
    answer = async () => undefined;
    actor.send({ type: 'changes.save', values: billingValues });
    const saving = actor.getSnapshot();
    expect(selectEditContactView(saving)).toMatchObject({ saving: true, canSave: false, error: undefined, fieldErrors: [] });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.save).toEqual([billingValues, billingValues]);
    expect(calls.donePage).toEqual([id]);
  });

  it('a server path like billing_address.zip_code is shown at the form field of the same name', async () => {
    const nested = { status: 400, code: 'validationFailed', fieldErrors: [{ field: 'body.zipCode', code: 'maxLimit.zipCode' }] };
    const { actor } = start({ data: billingData, save: () => Promise.reject(nested) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'changes.save', values: billingValues });
    const refused = await waitFor(actor, failedSave);
    expect(selectEditContactView(refused)).toMatchObject({ fieldErrors: [{ field: 'zipCode', code: 'maxLimit.zipCode' }] });
  });

  it.each([
    ['409', conflict],
    ['400 subscriptionNotActive (it ended meanwhile)', subscriptionEnded],
    ['404', notFound],
  ])('a %s says it changed meanwhile, keeps the values, never the done page', async (_name, failure) => {
    const { actor, calls } = start({ save: () => Promise.reject(failure) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'changes.save', values: travelerValues });
    const refused = await waitFor(actor, failedSave);
    expect(selectEditContactView(refused)).toMatchObject({ step: 'form', error: 'changedMeanwhile', values: travelerValues, canSave: true });
    expect(calls.donePage).toEqual([]);
  });

  it.each([
    ['500', serverError],
    ['no answer', offline],
  ])('a %s shows the destructive alert and keeps the values', async (_name, failure) => {
    const { actor, calls } = start({ data: billingData, save: () => Promise.reject(failure) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'changes.save', values: billingValues });
    const refused = await waitFor(actor, failedSave);
    expect(selectEditContactView(refused)).toMatchObject({ step: 'form', error: 'saveFailed', values: billingValues, fieldErrors: [] });
    expect(calls.save).toHaveLength(1);
  });

  it('a load failure shows the load error; the retry loads again', async () => {
    let fail = true;
    const { actor, calls } = start({ load: async () => (fail ? Promise.reject(serverError) : travelerData) });
    const failedLoad = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(selectEditContactView(failedLoad)).toEqual({ step: 'loadFailed', canRetry: true });
    fail = false;
    actor.send({ type: 'load.retry' });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectEditContactView(ready)).toMatchObject({ step: 'form', data: travelerData, values: undefined, error: undefined });
    expect(calls.load).toBe(2);
  });

  it('Cancel leaves without saving, from the form and from the load error; not while saving', async () => {
    const fromForm = start({ data: billingData });
    await waitFor(fromForm.actor, (snapshot) => snapshot.matches('ready'));
    fromForm.actor.send({ type: 'edit.cancel' });
    expect(fromForm.actor.getSnapshot().value).toBe('cancelled');
    expect(fromForm.calls).toMatchObject({ save: [], donePage: [], left: [id] });

    const fromError = start({ load: () => Promise.reject(serverError) });
    await waitFor(fromError.actor, (snapshot) => snapshot.matches('loadFailed'));
    fromError.actor.send({ type: 'edit.cancel' });
    expect(fromError.calls.left).toEqual([id]);

    const whileSaving = start({ save: () => new Promise(() => undefined) });
    await waitFor(whileSaving.actor, (snapshot) => snapshot.matches('ready'));
    whileSaving.actor.send({ type: 'changes.save', values: travelerValues });
    whileSaving.actor.send({ type: 'edit.cancel' });
    expect(whileSaving.actor.getSnapshot().value).toBe('saving');
    expect(whileSaving.calls.left).toEqual([]);
  });
});

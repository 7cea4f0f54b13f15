// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import {
  sepaInformationMachine,
  type SepaInformationValues,
  type SepaSaveResult,
  type StoredSepaInformation,
} from '#machines/sepa-information/sepa-information.machine';
import { selectSepaInformationView } from '#machines/sepa-information/sepa-information.selectors';
import { messageKeys } from '#src/domain/failure';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  badRequestWithoutFields,
  blacklisted,
  information,
  invalidChecksum,
  invalidFields,
  machine,
  notFound,
  offline,
  saved,
  sepaInformationModel,
  serverError,
  stored,
  valid,
} from './sepa-information.model';

type Snapshot = SnapshotFrom<typeof sepaInformationMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectSepaInformationView(snapshot);
  // The IBAN is never kept: not in the context, in no form (electronic or grouped).
  const kept = JSON.stringify(context);
  expect(kept).not.toContain(information.iban);
  expect(kept).not.toContain('NL91 ABNA');
  expect(kept).not.toContain('0417164300');

  if (snapshot.matches('loading')) {
    expect(view).toEqual({ step: 'loading' });
    return;
  }
  if (snapshot.matches('loadFailed')) {
    expect(view).toEqual({ step: 'loadFailed', canRetry: true });
    return;
  }
  if (snapshot.matches('done')) {
    expect(snapshot.status).toBe('done');
    expect(view).toEqual({ step: 'done', saved });
    return;
  }
  expect(view.step).toBe('form');
  if (view.step !== 'form') return;
  // One request: while the information is sent, a second submit is not taken.
  expect(view.canSave).toBe(snapshot.matches('ready'));
  expect(view.saving).toBe(snapshot.matches('saving'));
  expect([undefined, stored]).toContainEqual(view.stored);
  if (snapshot.matches('saving')) expect(view).toMatchObject({ error: undefined, fieldErrors: [] });
  // Each error is shown where it belongs.
  switch (view.error) {
    case 'ibanBlacklist':
    case 'invalidPaymentInformation':
      expect(view.fieldErrors).toEqual([{ field: 'iban', code: view.error }]);
      break;
    case 'invalidFields':
      expect(view.fieldErrors.length).toBeGreaterThan(0);
      break;
    default:
      expect(view.fieldErrors).toEqual([]);
  }
}

const [run] = runModel(sepaInformationModel).runs;

describe('sepa-information machine, model-based (xstate/graph)', () => {
  it('reaches the confirmation with and without stored information, and the form again after each failure', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → xstate.done.actor.load → information.save → xstate.done.actor.save');
    expect(ends).toContain('xstate.init → xstate.error.actor.load → information.save → xstate.done.actor.save');
    expect(ends.some((end) => end.includes('xstate.error.actor.load → load.retry'))).toBe(true);
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    replayPath(machine, path, createActor(machine).getSnapshot(), (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors, run as the app runs it. */
function start({
  load = async () => stored,
  save = async () => valid,
}: { load?: () => Promise<StoredSepaInformation>; save?: (values: SepaInformationValues) => Promise<SepaSaveResult> } = {}) {
  const calls = { load: 0, save: [] as SepaInformationValues[] };
  const actor = createActor(
    sepaInformationMachine.provide({
      actors: {
        load: fromPromise(async () => {
          calls.load += 1;
          return load();
        }),
        save: fromPromise(async ({ input }) => {
          calls.save.push(input);
          return save(input);
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

const formShown = (snapshot: Snapshot) => snapshot.matches('ready');
const failedSave = (snapshot: Snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined;

describe('sepa-information machine, behaviour', () => {
  it('shows what is stored (masked), sends one request however often the customer submits, then confirms', async () => {
    const { actor, calls } = start();
    const ready = await waitFor(actor, formShown);
    expect(selectSepaInformationView(ready)).toEqual({ step: 'form', stored, canSave: true, saving: false, error: undefined, fieldErrors: [] });
    actor.send({ type: 'information.save', information });
    actor.send({ type: 'information.save', information });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.save).toEqual([information]);
    expect(selectSepaInformationView(end)).toEqual({ step: 'done', saved });
  });

  it('404: nothing stored yet, the empty form (not a load failure)', async () => {
    const { actor } = start({ load: () => Promise.reject(notFound) });
    const ready = await waitFor(actor, formShown);
    expect(selectSepaInformationView(ready)).toMatchObject({ step: 'form', stored: undefined, error: undefined });
  });

  it('another load failure: the alert with a retry, which loads again', async () => {
    let answer: () => Promise<StoredSepaInformation> = () => Promise.reject(serverError);
    const { actor, calls } = start({ load: () => answer() });
    const failedLoad = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(selectSepaInformationView(failedLoad)).toEqual({ step: 'loadFailed', canRetry: true });
    answer = async () => stored;
    actor.send({ type: 'load.retry' });
    await waitFor(actor, formShown);
    expect(calls.load).toBe(2);
  });

  it('Blacklist: ibanBlacklist at the IBAN (SPEC.md 8), then the next submit tries again', async () => {
    let answer: () => Promise<SepaSaveResult> = async () => blacklisted;
    const { actor, calls } = start({ save: () => answer() });
    await waitFor(actor, formShown);
    actor.send({ type: 'information.save', information });
    const refused = await waitFor(actor, failedSave);
    expect(refused.context.error).toBe(messageKeys.paymentInformation('Blacklist'));
    expect(selectSepaInformationView(refused)).toEqual({
      step: 'form',
      stored,
      canSave: true,
      saving: false,
      error: 'ibanBlacklist',
      fieldErrors: [{ field: 'iban', code: 'ibanBlacklist' }],
    });
    answer = async () => valid;
    actor.send({ type: 'information.save', information: { ...information, iban: 'DE02120300000000202051' } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.save.map((item) => item.iban)).toEqual([information.iban, 'DE02120300000000202051']);
  });

  it('any other invalid result: invalidPaymentInformation at the IBAN (SPEC.md 8)', async () => {
    const { actor } = start({ save: async () => invalidChecksum });
    await waitFor(actor, formShown);
    actor.send({ type: 'information.save', information });
    const refused = await waitFor(actor, failedSave);
    expect(refused.context.error).toBe(messageKeys.paymentInformation('InvalidChecksum'));
    expect(selectSepaInformationView(refused)).toMatchObject({
      error: 'invalidPaymentInformation',
      fieldErrors: [{ field: 'iban', code: 'invalidPaymentInformation' }],
    });
  });

  it('a 400 naming fields: each code at the form field of that name', async () => {
    const { actor } = start({ save: () => Promise.reject(invalidFields) });
    await waitFor(actor, formShown);
    actor.send({ type: 'information.save', information });
    const refused = await waitFor(actor, failedSave);
    expect(selectSepaInformationView(refused)).toMatchObject({
      error: 'invalidFields',
      fieldErrors: [
        { field: 'accountName', code: 'textFormatAccountHolder' },
        { field: 'bic', code: 'bicFormat' },
      ],
    });
  });

  it.each([
    ['a 500', serverError],
    ['a 400 without fields', badRequestWithoutFields],
    ['no answer', offline],
  ])('%s: saveFailed, the form stays and may be sent again', async (_name, error) => {
    let answer: () => Promise<SepaSaveResult> = () => Promise.reject(error);
    const { actor, calls } = start({ save: () => answer() });
    await waitFor(actor, formShown);
    actor.send({ type: 'information.save', information });
    const failedOnce = await waitFor(actor, failedSave);
    expect(selectSepaInformationView(failedOnce)).toEqual({ step: 'form', stored, canSave: true, saving: false, error: 'saveFailed', fieldErrors: [] });
    answer = async () => valid;
    actor.send({ type: 'information.save', information });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.save).toHaveLength(2);
  });
});

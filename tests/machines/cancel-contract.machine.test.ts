// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import {
  cancelContractMachine,
  type TerminationCandidate,
  type TerminationChoice,
  type TerminationConfirmation,
  type TerminationIdentity,
} from '#machines/cancel-contract/cancel-contract.machine';
import { selectCancelContractView } from '#machines/cancel-contract/cancel-contract.selectors';
import { messageKeys } from '#src/domain/failure';
import { dataWithRetryAt } from '#src/api/retry-at';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  alreadyTerminated,
  cancelContractModel,
  candidate,
  confirmation,
  dateNotOffered,
  identity,
  laterCandidate,
  machine,
  notFound,
  offline,
  serverError,
  tooManyAttempts,
} from './cancel-contract.model';

type Snapshot = SnapshotFrom<typeof cancelContractMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectCancelContractView(snapshot);

  // The form always starts with what was sent last: nothing typed is lost.
  if (view.step === 'identify') {
    expect(view.identity).toEqual(context.identity);
    // One request per submit: while the lookup runs, no second submit is taken.
    expect(view.canSubmit).toBe(!view.lookingUp);
    if (view.error === 'tooManyAttempts') expect(view.retryAt).toBe(tooManyAttempts.retryAt);
  }
  if (snapshot.matches('identify')) expect([undefined, 'contractNotFound', 'tooManyAttempts', 'lookupFailed']).toContain(context.error);
  if (snapshot.matches('lookingUp')) {
    expect(context.identity).toEqual(identity);
    expect([undefined, 'dateNoLongerOffered']).toContain(context.error);
    expect(view.step).toBe(context.error ? 'checkingDates' : 'identify');
  }
  // Dates are chosen and confirmed only for an identified subscription, from its own dates.
  if (view.step === 'choose' || view.step === 'confirm') {
    expect(context.identity).toEqual(identity);
    expect(view.candidate).toBe(context.candidate);
  }
  if (view.step === 'confirm') {
    expect(view.candidate.terminationDates).toContain(view.terminateDate);
    expect(view.isNextPossibleDate).toBe(view.terminateDate === view.candidate.terminationDates[0]);
    expect(view.email).toBe(identity.email);
    // One termination per press of "jetzt kündigen".
    expect(view.canConfirm).toBe(!view.terminating);
    expect(view.failed).toBe(context.error === 'terminationFailed');
    if (view.terminating) expect(context.error).toBeUndefined();
  }
  if (context.error === 'terminationFailed') expect(snapshot.matches('confirm')).toBe(true);
  if (context.error === 'dateNoLongerOffered') expect(snapshot.matches('lookingUp') || snapshot.matches('choose')).toBe(true);
  if (snapshot.matches('alreadyTerminated')) {
    expect(view).toEqual({ step: 'alreadyTerminated', number: identity.number });
    expect(context.error).toBeUndefined();
  }
  // Only the received notice ends the flow, with its confirmation.
  expect(snapshot.status === 'done').toBe(snapshot.matches('done'));
  if (snapshot.matches('done')) expect(view).toEqual({ step: 'done', confirmation });
}

const [run] = runModel(cancelContractModel).runs;

describe('cancel-contract machine, model-based (xstate/graph)', () => {
  it('reaches the confirmation, and every failure back to where the visitor can go on', () => {
    const paths = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(paths).toContain(
      'xstate.init → identity.submit → xstate.done.actor.findTerminationDates → termination.choose → termination.confirm → xstate.done.actor.requestTermination',
    );
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    replayPath(machine, path, createActor(machine).getSnapshot(), (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors, run as the app runs it. */
function start(options: { find?: () => Promise<TerminationCandidate>; terminate?: () => Promise<TerminationConfirmation> } = {}) {
  const calls = { find: [] as TerminationIdentity[], terminate: [] as TerminationChoice[] };
  const actor = createActor(
    cancelContractMachine.provide({
      actors: {
        findTerminationDates: fromPromise(async ({ input }) => {
          calls.find.push(input.identity);
          return options.find ? options.find() : candidate;
        }),
        requestTermination: fromPromise(async ({ input }) => {
          calls.terminate.push(input.choice);
          return options.terminate ? options.terminate() : confirmation;
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls };
}

describe('cancel-contract machine, behaviour', () => {
  it('identifies once and terminates once however often the visitor presses, then confirms', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'identity.submit', identity });
    actor.send({ type: 'identity.submit', identity });
    await waitFor(actor, (snapshot) => snapshot.matches('choose'));
    actor.send({ type: 'termination.choose', choice: '2026-06-30' });
    expect(selectCancelContractView(actor.getSnapshot())).toMatchObject({ step: 'confirm', terminateDate: '2026-06-30', isNextPossibleDate: false });
    actor.send({ type: 'termination.confirm' });
    actor.send({ type: 'termination.confirm' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectCancelContractView(end)).toEqual({ step: 'done', confirmation });
    expect(calls).toEqual({ find: [identity], terminate: ['2026-06-30'] });
  });

  it('a wrong detail shows contractNotFound with what was typed; a correction goes on', async () => {
    let answer: () => Promise<TerminationCandidate> = () => Promise.reject(notFound);
    const { actor } = start({ find: () => answer() });
    const wrong = { ...identity, birthdate: '1964-08-13' };
    actor.send({ type: 'identity.submit', identity: wrong });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('identify') && snapshot.context.error !== undefined);
    expect(selectCancelContractView(failedOnce)).toMatchObject({ step: 'identify', error: 'contractNotFound', identity: wrong, canSubmit: true });
    answer = async () => candidate;
    actor.send({ type: 'identity.submit', identity });
    expect(selectCancelContractView(actor.getSnapshot())).toMatchObject({ step: 'identify', error: undefined, lookingUp: true });
    await waitFor(actor, (snapshot) => snapshot.matches('choose'));
  });

  it('429 says when to try again: the time the Retry-After header names', async () => {
    const response = new Response(JSON.stringify({ status: 429, code: 'tooManyAttempts', title: 'Too many failed attempts' }), {
      status: 429,
      headers: { 'Retry-After': '600' },
    });
    let failure: unknown;
    try {
      dataWithRetryAt({ error: { status: 429, code: 'tooManyAttempts' }, response }, () => Date.parse('2026-05-12T08:00:00Z'));
    } catch (error) {
      failure = error;
    }
    expect(failure).toMatchObject({ status: 429, code: 'tooManyAttempts', retryAt: '2026-05-12T08:10:00.000Z' });
    const { actor } = start({ find: () => Promise.reject(failure) });
    actor.send({ type: 'identity.submit', identity });
    const refused = await waitFor(actor, (snapshot) => snapshot.matches('identify') && snapshot.context.error !== undefined);
    expect(selectCancelContractView(refused)).toMatchObject({ step: 'identify', error: 'tooManyAttempts', retryAt: '2026-05-12T08:10:00.000Z', identity });
  });

  it('already terminated (400) is SPEC.md 8 isAlreadyTerminated, at the lookup and when terminated meanwhile', async () => {
    expect(messageKeys.termination(alreadyTerminated)).toBe('isAlreadyTerminated');
    const atLookup = start({ find: () => Promise.reject(alreadyTerminated) });
    atLookup.actor.send({ type: 'identity.submit', identity });
    await waitFor(atLookup.actor, (snapshot) => snapshot.matches('alreadyTerminated'));
    atLookup.actor.send({ type: 'identity.edit' });
    expect(selectCancelContractView(atLookup.actor.getSnapshot())).toMatchObject({ step: 'identify', identity });

    const meanwhile = start({ terminate: () => Promise.reject(alreadyTerminated) });
    meanwhile.actor.send({ type: 'identity.submit', identity });
    await waitFor(meanwhile.actor, (snapshot) => snapshot.matches('choose'));
    meanwhile.actor.send({ type: 'termination.choose', choice: 'next' });
    meanwhile.actor.send({ type: 'termination.confirm' });
    await waitFor(meanwhile.actor, (snapshot) => snapshot.matches('alreadyTerminated'));
  });

  it('a date that passed meanwhile reads the dates again and asks to choose again, with the next possible date selected', async () => {
    let dates = candidate;
    const { actor, calls } = start({ find: async () => dates, terminate: () => Promise.reject(dateNotOffered) });
    actor.send({ type: 'identity.submit', identity });
    await waitFor(actor, (snapshot) => snapshot.matches('choose'));
    actor.send({ type: 'termination.choose', choice: '2026-05-31' });
    dates = laterCandidate;
    actor.send({ type: 'termination.confirm' });
    const again = await waitFor(actor, (snapshot) => snapshot.matches('choose'));
    expect(selectCancelContractView(again)).toEqual({ step: 'choose', candidate: laterCandidate, choice: 'next', dateNoLongerOffered: true });
    expect(calls.find).toHaveLength(2);
  });

  it('another failure keeps the confirmation step with its alert; the next press tries again', async () => {
    let answer: () => Promise<TerminationConfirmation> = () => Promise.reject(serverError);
    const { actor, calls } = start({ terminate: () => answer() });
    actor.send({ type: 'identity.submit', identity });
    await waitFor(actor, (snapshot) => snapshot.matches('choose'));
    actor.send({ type: 'termination.choose', choice: 'next' });
    actor.send({ type: 'termination.confirm' });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('confirm') && snapshot.context.error !== undefined);
    expect(selectCancelContractView(failedOnce)).toMatchObject({ step: 'confirm', failed: true, canConfirm: true, terminateDate: '2026-05-31' });
    answer = () => Promise.reject(offline);
    actor.send({ type: 'termination.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('confirm') && snapshot.context.error !== undefined);
    answer = async () => confirmation;
    actor.send({ type: 'termination.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.terminate).toEqual(['next', 'next', 'next']);
  });
});

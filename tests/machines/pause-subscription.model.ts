import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type PauseData, type PauseState, pauseSubscriptionMachine } from '#machines/pause-subscription/pause-subscription.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The pause machine's model (docs/guides/model-based-tests.md): what can happen in each state, the
 * customer's events and the actors' results as the API can answer them. Used by
 * pause-subscription.machine.test.ts, the coverage table (coverage.test.ts) and
 * `npm run paths -- pause-subscription`.
 */

type Machine = typeof pauseSubscriptionMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const subscriptionId = 'sub-test-pause-active';
export const thisMonth = '2026-06';
const pausableMonths = ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06'];

/** A running subscription without a pause (the test customer's `orders.active`). */
export const pausable: PauseData = { canPause: true, pausableMonths, pause: undefined, thisMonth, monthlyPrice: 63, terminateDate: null };
/** The same after pausing August to October (planned). */
export const planned: PauseData = { ...pausable, canPause: false, pausableMonths: [], pause: { pauseFrom: '2026-08', pauseUntil: '2026-10' } };
/** A pause that is running this month. */
export const running: PauseData = { ...planned, pause: { pauseFrom: '2026-05', pauseUntil: '2026-08' } };
/** A terminated subscription: nothing can be paused. */
export const terminated: PauseData = { ...pausable, canPause: false, pausableMonths: [], terminateDate: '2026-07-31' };

export const answers = {
  paused: { canPause: false, pausableMonths: [], pause: { pauseFrom: '2026-08', pauseUntil: '2026-10' }, thisMonth } satisfies PauseState,
  shortened: { canPause: false, pausableMonths: [], pause: { pauseFrom: '2026-08', pauseUntil: '2026-08' }, thisMonth } satisfies PauseState,
  removed: { canPause: true, pausableMonths, pause: undefined, thisMonth } satisfies PauseState,
  removedNothingPausable: { canPause: false, pausableMonths: [], pause: undefined, thisMonth } satisfies PauseState,
};

export const { done, failed } = actorResults(pauseSubscriptionMachine);
/** The API's answers as the app's actors reject with them (src/api/failure.ts), and a network failure. */
export const monthNotPausable = new ApiFailure(400, {
  status: 400,
  code: 'monthNotPausable',
  title: 'Not every month can be paused',
  errors: [{ field: 'pauseFrom', code: 'monthNotPausable' }],
});
export const pauseNotPossible = new ApiFailure(409, { status: 409, code: 'pauseNotPossible', title: 'The subscription cannot be paused: it is terminated' });
export const invalidPauseDate = new ApiFailure(400, { status: 400, code: 'invalidPauseDate', title: 'A pause cannot end in the past' });
export const pauseNotFound = new ApiFailure(404, { status: 404, code: 'pauseNotFound', title: 'No pause covers that month' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const notFound = new ApiFailure(404, { status: 404, code: 'notFound', title: 'No such subscription' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('loading')) {
    return [
      done('loadPause', pausable),
      done('loadPause', planned),
      done('loadPause', running),
      done('loadPause', terminated),
      failed('loadPause', serverError),
      failed('loadPause', notFound),
      failed('loadPause', offline),
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snapshot.matches('choosing')) {
    return [
      { type: 'pauseStart.choose', month: '2026-08' },
      { type: 'pauseEnd.choose', month: '2026-10' },
      // Not offered by the screen: refused by the guards.
      { type: 'pauseStart.choose', month: thisMonth },
      { type: 'pause.review' },
      { type: 'pause.retry' },
      { type: 'subscription.reload' },
    ];
  }
  if (snapshot.matches('confirmingPause')) return [{ type: 'pause.confirm' }, { type: 'pause.cancel' }];
  if (snapshot.matches('pausing')) {
    return [
      done('pauseSubscription', answers.paused),
      failed('pauseSubscription', monthNotPausable),
      failed('pauseSubscription', pauseNotPossible),
      failed('pauseSubscription', serverError),
      failed('pauseSubscription', offline),
    ];
  }
  if (snapshot.matches('paused')) {
    return [
      { type: 'resumeMonth.choose', month: '2026-09' },
      { type: 'resumeMonth.choose', month: '2026-08' },
      // Not offered by the screen: a month before this one.
      { type: 'resumeMonth.choose', month: '2026-01' },
      { type: 'resume.review' },
      { type: 'resume.retry' },
      { type: 'subscription.reload' },
    ];
  }
  if (snapshot.matches('confirmingResume')) return [{ type: 'resume.confirm' }, { type: 'resume.cancel' }];
  if (snapshot.matches('resuming')) {
    return [
      done('resumeSubscription', answers.shortened),
      done('resumeSubscription', answers.removed),
      done('resumeSubscription', answers.removedNothingPausable),
      failed('resumeSubscription', invalidPauseDate),
      failed('resumeSubscription', pauseNotFound),
      failed('resumeSubscription', serverError),
      failed('resumeSubscription', offline),
    ];
  }
  return [];
}

/** The context decides what is shown: an error, a result, the choice and whether a pause exists are model states of their own. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.error ?? null,
    snapshot.context.result?.kind ?? null,
    snapshot.context.data?.pause ? 'pause' : null,
    snapshot.context.choice ?? null,
    snapshot.context.resumeMonth ?? null,
  ]);

export const machine = withInput(pauseSubscriptionMachine, { subscriptionId });

export const pauseSubscriptionModel: MachineModel<Machine> = {
  file: 'machines/pause-subscription/pause-subscription.machine.ts',
  machine: pauseSubscriptionMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

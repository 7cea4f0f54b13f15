import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type SubscriptionToTerminate, terminateSubscriptionMachine } from '#machines/terminate-subscription/terminate-subscription.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The terminate-subscription machine's model (docs/guides/model-based-tests.md): in each state, what
 * the customer can do (pick a date, confirm, close the dialog, press twice) and what the API can
 * answer. Used by terminate-subscription.machine.test.ts, the coverage table (coverage.test.ts) and
 * `npm run paths -- terminate-subscription`.
 */

type Machine = typeof terminateSubscriptionMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const subscriptionId = 'sub-test-active';
export const dates = ['2026-07-31', '2026-08-31', '2026-09-30'] as const;
/** An active subscription with its offered dates (the earliest first), as a fresh test customer's `orders.active`. */
export const terminable: SubscriptionToTerminate = {
  subscriptionNumber: 'S-T000001',
  status: 'active',
  terminationDates: dates,
  terminateDate: null,
  canWithdrawTermination: false,
  monthlyPrice: 63,
};
/** Terminated already (the customer's own termination, withdrawable), as `orders.withdrawable`. */
export const terminated: SubscriptionToTerminate = { ...terminable, terminationDates: [], terminateDate: '2026-08-31', canWithdrawTermination: true };
/** SPEC.md 4.3: revoked and canceled are already cancelled. */
export const revoked: SubscriptionToTerminate = { ...terminable, status: 'revoked', terminationDates: [] };
export const canceled: SubscriptionToTerminate = { ...terminable, status: 'canceled', terminationDates: [], terminateDate: '2026-05-31' };
/** The dates a day later, after the 10th: the first one is no longer offered. */
export const movedOn: SubscriptionToTerminate = { ...terminable, terminationDates: ['2026-08-31', '2026-09-30', '2026-10-31'] };

export const { done, failed } = actorResults(terminateSubscriptionMachine);
/** The API's answers as the app's actors reject with them (src/api/failure.ts), and a network failure. */
export const alreadyTerminated = new ApiFailure(400, { status: 400, code: 'isAlreadyTerminated', title: 'The subscription is already terminated' });
export const invalidDate = new ApiFailure(400, {
  status: 400,
  code: 'invalidTerminationDate',
  title: 'The date is not one of the offered termination dates',
  errors: [{ field: 'terminate_date', code: 'invalidTerminationDate' }],
});
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const notFound = new ApiFailure(404, { status: 404, code: 'notFound', title: 'No such subscription' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('loading')) {
    return [
      done('loadTermination', terminable),
      done('loadTermination', movedOn),
      done('loadTermination', terminated),
      done('loadTermination', revoked),
      done('loadTermination', canceled),
      failed('loadTermination', serverError),
      failed('loadTermination', notFound),
      failed('loadTermination', offline),
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snapshot.matches('choosing')) {
    const offered = snapshot.context.subscription?.terminationDates ?? [];
    return [
      { type: 'termination.request', terminateDate: offered[0] ?? '' },
      { type: 'termination.request', terminateDate: offered[1] ?? '' },
      // Not offered (a stale form): ignored.
      { type: 'termination.request', terminateDate: '2020-01-31' },
    ];
  }
  if (snapshot.matches('confirming')) return [{ type: 'termination.confirm' }, { type: 'termination.cancel' }];
  if (snapshot.matches('terminating')) {
    return [
      // A second press and a close while the request runs: ignored.
      { type: 'termination.confirm' },
      { type: 'termination.cancel' },
      done('terminateSubscription'),
      failed('terminateSubscription', alreadyTerminated),
      failed('terminateSubscription', invalidDate),
      failed('terminateSubscription', serverError),
      failed('terminateSubscription', offline),
    ];
  }
  return [];
}

/** What decides the next events and what is shown: the state, the error, the choice and what was loaded. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.error ?? null,
    snapshot.context.chosenDate ?? null,
    snapshot.context.subscription?.terminationDates[0] ?? null,
  ]);

export const machine = withInput(terminateSubscriptionMachine, { subscriptionId });

export const terminateSubscriptionModel: MachineModel<Machine> = {
  file: 'machines/terminate-subscription/terminate-subscription.machine.ts',
  machine: terminateSubscriptionMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

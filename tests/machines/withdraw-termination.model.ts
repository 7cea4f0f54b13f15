import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type SubscriptionToWithdraw, withdrawTerminationMachine } from '#machines/withdraw-termination/withdraw-termination.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The withdraw-termination machine's model (docs/guides/model-based-tests.md): what can happen in
 * each state, the customer's events and the actors' results as the API can answer them. Used by
 * withdraw-termination.machine.test.ts, the coverage table (coverage.test.ts) and
 * `npm run paths -- withdraw-termination`.
 */

type Machine = typeof withdrawTerminationMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const subscriptionId = 'sub-deuti-term-w';
/** A subscription whose termination can be withdrawn (seeded A-100002) and one whose cannot (A-100003). */
export const withdrawable: SubscriptionToWithdraw = { canWithdrawTermination: true, terminateDate: '2026-12-31', monthlyPrice: 63 };
export const notWithdrawable: SubscriptionToWithdraw = { canWithdrawTermination: false, terminateDate: '2026-11-30', monthlyPrice: 63 };

export const { done, failed } = actorResults(withdrawTerminationMachine);
/** The API's answers as the app's actors reject with them (src/api/failure.ts), and a network failure. */
export const conflict = new ApiFailure(409, { status: 409, code: 'terminationNotWithdrawable', title: 'The termination can no longer be withdrawn' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const notFound = new ApiFailure(404, { status: 404, code: 'notFound', title: 'No such subscription' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('loading')) {
    return [
      done('loadSubscription', withdrawable),
      done('loadSubscription', notWithdrawable),
      failed('loadSubscription', serverError),
      failed('loadSubscription', notFound),
      failed('loadSubscription', offline),
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snapshot.matches('ready')) return [{ type: 'withdrawal.confirm' }];
  if (snapshot.matches('withdrawing')) {
    return [
      done('withdrawTermination', undefined),
      failed('withdrawTermination', conflict),
      failed('withdrawTermination', serverError),
      failed('withdrawTermination', offline),
    ];
  }
  return [];
}

/** The context decides what is shown: a failed attempt's alert is another model state than a fresh one. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.error ?? null, snapshot.context.subscription?.canWithdrawTermination ?? null]);

export const machine = withInput(withdrawTerminationMachine, { subscriptionId });

export const withdrawTerminationModel: MachineModel<Machine> = {
  file: 'machines/withdraw-termination/withdraw-termination.machine.ts',
  machine: withdrawTerminationMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

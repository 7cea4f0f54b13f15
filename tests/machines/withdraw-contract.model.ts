import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type ContractToWithdraw, withdrawContractMachine } from '#machines/withdraw-contract/withdraw-contract.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The withdraw-contract machine's model (docs/guides/model-based-tests.md): what can happen in
 * each state, the customer's events and the actors' results as the API can answer them. Used by
 * withdraw-contract.machine.test.ts, the coverage table (coverage.test.ts) and
 * `npm run paths -- withdraw-contract`.
 */

type Machine = typeof withdrawContractMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const subscriptionId = 'sub-test-recent';
/** A contract inside its 14 days (a test customer's `recent` order) and one whose period is over (`active`). */
export const withdrawable: ContractToWithdraw = { withdrawableUntil: '2026-12-09', subscriptionNumber: 'S-A100020', monthlyPrice: 63 };
export const notWithdrawable: ContractToWithdraw = { withdrawableUntil: null, subscriptionNumber: 'S-A100017', monthlyPrice: 63 };

export const { done, failed } = actorResults(withdrawContractMachine);
/** The API's answers as the app's actors reject with them (src/api/failure.ts), and a network failure. */
export const conflict = new ApiFailure(409, {
  status: 409,
  code: 'subscriptionNotCancellable',
  title: 'The subscription can no longer be cancelled; terminate it instead',
});
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
  if (snapshot.matches('ready')) return [{ type: 'withdrawal.request' }];
  if (snapshot.matches('confirming')) return [{ type: 'withdrawal.confirm' }, { type: 'withdrawal.cancel' }];
  if (snapshot.matches('withdrawing')) {
    return [
      done('withdrawContract', undefined),
      failed('withdrawContract', conflict),
      failed('withdrawContract', serverError),
      failed('withdrawContract', offline),
    ];
  }
  return [];
}

/** The context decides what is shown: a failed attempt's alert is another model state than a fresh one. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.error ?? null, snapshot.context.subscription?.withdrawableUntil ?? null]);

export const machine = withInput(withdrawContractMachine, { subscriptionId });

export const withdrawContractModel: MachineModel<Machine> = {
  file: 'machines/withdraw-contract/withdraw-contract.machine.ts',
  machine: withdrawContractMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

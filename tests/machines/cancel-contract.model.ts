import type { EventFromLogic, SnapshotFrom } from 'xstate';

import {
  cancelContractMachine,
  type TerminationCandidate,
  type TerminationConfirmation,
  type TerminationIdentity,
} from '#machines/cancel-contract/cancel-contract.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The cancel-contract machine's model (docs/guides/model-based-tests.md): in each state, what the
 * visitor can do and what the anonymous termination's calls can answer (decision 22). Used by
 * cancel-contract.machine.test.ts, the coverage table and `npm run paths -- cancel-contract`.
 */

type Machine = typeof cancelContractMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

/** The seeded A-100001 (Erika Mustermann), as the visitor types it. */
export const identity: TerminationIdentity = {
  number: 'A-100001',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthdate: '1964-08-12',
  email: 'erika@example.org',
};
export const candidate: TerminationCandidate = {
  subscriptionNumber: 'S-A100001',
  orderNumber: 'A-100001',
  terminationDates: ['2026-05-31', '2026-06-30', '2026-07-31'],
};
/** The dates read again after the first one passed. */
export const laterCandidate: TerminationCandidate = { ...candidate, terminationDates: ['2026-07-31', '2026-08-31', '2026-09-30'] };
export const confirmation: TerminationConfirmation = {
  subscriptionNumber: 'S-A100001',
  orderNumber: 'A-100001',
  receivedAt: '2026-05-12T08:15:00.000Z',
  terminateDate: '2026-05-31',
  email: 'erika@example.org',
};

export const { done, failed } = actorResults(cancelContractMachine);
/** The API's answers as the app's actors reject with them (src/api/failure.ts), and a network failure. */
export const notFound = new ApiFailure(404, { status: 404, code: 'contractNotFound', title: 'We could not find a contract with these details' });
export const alreadyTerminated = new ApiFailure(400, { status: 400, code: 'isAlreadyTerminated', title: 'The subscription is already terminated' });
export const dateNotOffered = new ApiFailure(400, {
  status: 400,
  code: 'invalidTerminationDate',
  title: 'The date is not one of the offered termination dates',
});
export const tooManyAttempts = Object.assign(new ApiFailure(429, { status: 429, code: 'tooManyAttempts', title: 'Too many failed attempts' }), {
  retryAt: '2026-05-12T08:30:00.000Z',
});
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('identify')) return [{ type: 'identity.submit', identity }];
  if (snapshot.matches('lookingUp')) {
    return [
      done('findTerminationDates', candidate),
      done('findTerminationDates', laterCandidate),
      failed('findTerminationDates', notFound),
      failed('findTerminationDates', alreadyTerminated),
      failed('findTerminationDates', tooManyAttempts),
      failed('findTerminationDates', serverError),
      failed('findTerminationDates', offline),
    ];
  }
  if (snapshot.matches('choose'))
    return [{ type: 'termination.choose', choice: 'next' }, { type: 'termination.choose', choice: '2026-06-30' }, { type: 'identity.edit' }];
  if (snapshot.matches('confirm')) return [{ type: 'termination.confirm' }, { type: 'choice.edit' }];
  if (snapshot.matches('terminating')) {
    return [
      done('requestTermination', confirmation),
      failed('requestTermination', alreadyTerminated),
      failed('requestTermination', dateNotOffered),
      failed('requestTermination', notFound),
      failed('requestTermination', tooManyAttempts),
      failed('requestTermination', serverError),
    ];
  }
  if (snapshot.matches('alreadyTerminated')) return [{ type: 'identity.edit' }];
  return [];
}

/** What decides the next events and what is shown: the state, the error, the choice, and which dates are offered. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.error ?? null,
    snapshot.context.choice,
    snapshot.context.candidate?.terminationDates[0] ?? null,
    snapshot.context.identity !== undefined,
  ]);

export const machine = cancelContractMachine;

export const cancelContractModel: MachineModel<Machine> = {
  file: 'machines/cancel-contract/cancel-contract.machine.ts',
  machine: cancelContractMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

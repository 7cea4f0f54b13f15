import { fromPromise } from 'xstate';

import {
  cancelContractMachine,
  type TerminationCandidate,
  type TerminationChoice,
  type TerminationConfirmation,
  type TerminationIdentity,
} from '#machines/cancel-contract/cancel-contract.machine';
import { dataWithRetryAt } from '#src/api/retry-at';
import type { FlowServices } from '#src/flows/use-flow';

/**
 * The cancel-contract machine with the app's actors: the anonymous termination's two calls
 * (decision 22) through the typed client. A failed call rejects with an ApiFailure the machine's
 * guards read; a 429 also carries `retryAt`, the time its Retry-After header names.
 */
export function provideCancelContract({ api }: FlowServices) {
  return cancelContractMachine.provide({
    actors: {
      findTerminationDates: fromPromise<TerminationCandidate, { identity: TerminationIdentity }>(async ({ input }) => {
        const { number, firstName, lastName, birthdate } = input.identity;
        return dataWithRetryAt(await api.POST('/api/v2/subscription/terminations/dates', { body: { number, firstName, lastName, birthdate } }));
      }),
      requestTermination: fromPromise<TerminationConfirmation, { identity: TerminationIdentity; choice: TerminationChoice }>(async ({ input }) => {
        return dataWithRetryAt(await api.POST('/api/v2/subscription/terminations', { body: { ...input.identity, date: input.choice } }));
      }),
    },
  });
}

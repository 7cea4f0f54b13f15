import { fromPromise } from 'xstate';

import {
  cancelContractMachine,
  type TerminationCandidate,
  type TerminationChoice,
  type TerminationConfirmation,
  type TerminationIdentity,
} from '#machines/cancel-contract/cancel-contract.machine';
import { type CallResult, dataOf } from '#src/api/failure';
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

/** `dataOf`, and on a 429 the failure gets `retryAt` (now plus Retry-After seconds), which the machine keeps. */
export function dataWithRetryAt<T>(result: CallResult<T>, now: () => number = Date.now): T {
  try {
    return dataOf(result);
  } catch (failure) {
    const seconds = Number(result.response.headers.get('Retry-After'));
    if (result.response.status === 429 && Number.isFinite(seconds) && seconds > 0) {
      Object.assign(failure as object, { retryAt: new Date(now() + seconds * 1000).toISOString() });
    }
    throw failure;
  }
}

import { fromPromise } from 'xstate';

import { type ContractToWithdraw, withdrawContractMachine } from '#machines/withdraw-contract/withdraw-contract.machine';
import { dataOf } from '#src/api/failure';
import type { FlowServices } from '#src/flows/use-flow';
import { ordersQuery } from '#src/api/queries/orders';
import { subscriptionDetailsQuery, subscriptionQuery, ticketsQuery } from '#src/api/queries/subscriptions';

/**
 * The withdraw-contract machine with the app's actors and actions: the read goes through React
 * Query (the route's loader has usually filled it), the write through the typed client. A failed
 * call rejects with an ApiFailure (src/api/failure.ts), which the machine's guards read.
 */
export function provideWithdrawContract({ api, queries, queryClient, navigate }: FlowServices) {
  return withdrawContractMachine.provide({
    actors: {
      loadSubscription: fromPromise<ContractToWithdraw, { subscriptionId: string }>(async ({ input }) => {
        const details = await queryClient.fetchQuery(subscriptionDetailsQuery(queries, input.subscriptionId));
        return { withdrawableUntil: details.withdrawableUntil ?? null, subscriptionNumber: details.subscriptionNumber, monthlyPrice: details.monthlyPrice };
      }),
      withdrawContract: fromPromise<void, { subscriptionId: string }>(async ({ input }) => {
        try {
          dataOf(await api.POST('/api/v2/subscription/subscriptions/{id}/cancel', { params: { path: { id: input.subscriptionId } } }));
        } finally {
          // Withdrawn (its tickets withdrawn too), or changed meanwhile (409): the tickets list and the subscription are read again.
          for (const { queryKey } of [
            ordersQuery(queries),
            ticketsQuery(queries),
            subscriptionQuery(queries, input.subscriptionId),
            subscriptionDetailsQuery(queries, input.subscriptionId),
          ]) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }
      }),
    },
    actions: {
      showSuccessPage: (_, { subscriptionId }) =>
        void navigate({ to: '/app/dashboard/subscription/$subscriptionId/withdraw-contract/success', params: { subscriptionId }, replace: true }),
    },
  });
}

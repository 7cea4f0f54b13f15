import { fromPromise } from 'xstate';

import { type SubscriptionToWithdraw, withdrawTerminationMachine } from '#machines/withdraw-termination/withdraw-termination.machine';
import { dataOf } from '#src/api/failure';
import type { FlowServices } from '#src/flows/use-flow';
import { ordersQuery } from '#src/api/queries/orders';
import { subscriptionDetailsQuery, subscriptionQuery } from '#src/api/queries/subscriptions';

/**
 * The withdraw-termination machine with the app's actors and actions: the read goes through React
 * Query (the route's loader has usually filled it), the write through the typed client. A failed
 * call rejects with an ApiFailure (src/api/failure.ts), which the machine's guards read.
 */
export function provideWithdrawTermination({ api, queries, queryClient, navigate }: FlowServices) {
  return withdrawTerminationMachine.provide({
    actors: {
      loadSubscription: fromPromise<SubscriptionToWithdraw, { subscriptionId: string }>(async ({ input }) => {
        const details = await queryClient.fetchQuery(subscriptionDetailsQuery(queries, input.subscriptionId));
        return { canWithdrawTermination: details.canWithdrawTermination, terminateDate: details.terminate_date ?? null, monthlyPrice: details.monthlyPrice };
      }),
      withdrawTermination: fromPromise<void, { subscriptionId: string }>(async ({ input }) => {
        try {
          dataOf(await api.POST('/api/v2/subscription/subscriptions/{id}/withdraw-termination', { params: { path: { id: input.subscriptionId } } }));
        } finally {
          // Withdrawn, or changed meanwhile (409): the tickets list and the subscription are read again.
          for (const { queryKey } of [
            ordersQuery(queries),
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
        void navigate({ to: '/app/dashboard/subscription/$subscriptionId/withdraw-termination/success', params: { subscriptionId }, replace: true }),
    },
  });
}

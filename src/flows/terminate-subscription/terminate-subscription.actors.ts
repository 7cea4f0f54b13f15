import { fromPromise } from 'xstate';

import { type SubscriptionToTerminate, terminateSubscriptionMachine } from '#machines/terminate-subscription/terminate-subscription.machine';
import { dataOf } from '#src/api/failure';
import type { FlowServices } from '#src/flows/use-flow';
import { ordersQuery } from '#src/api/queries/orders';
import { subscriptionDetailsQuery, subscriptionQuery, terminationQuery } from '#src/api/queries/subscriptions';

/**
 * The terminate-subscription machine with the app's actors and actions: the reads go through React
 * Query (the route's loader has usually filled them), the write through the typed client. A failed
 * call rejects with an ApiFailure (src/api/failure.ts), which the machine's guards read.
 */
export function provideTerminateSubscription({ api, queries, queryClient, navigate }: FlowServices) {
  return terminateSubscriptionMachine.provide({
    actors: {
      loadTermination: fromPromise<SubscriptionToTerminate, { subscriptionId: string }>(async ({ input }) => {
        const [termination, details] = await Promise.all([
          queryClient.fetchQuery(terminationQuery(queries, input.subscriptionId)),
          queryClient.fetchQuery(subscriptionDetailsQuery(queries, input.subscriptionId)),
        ]);
        return {
          subscriptionNumber: details.subscriptionNumber,
          monthlyPrice: details.monthlyPrice,
          status: termination.status,
          terminationDates: [...termination.terminationDates].sort(),
          terminateDate: termination.terminate_date ?? null,
          canWithdrawTermination: termination.canWithdrawTermination,
        };
      }),
      terminateSubscription: fromPromise<void, { subscriptionId: string; terminateDate: string }>(async ({ input }) => {
        try {
          dataOf(
            await api.PUT('/api/v2/subscription/subscriptions/{id}/terminate', {
              params: { path: { id: input.subscriptionId } },
              body: { terminate_date: input.terminateDate },
            }),
          );
        } finally {
          // Terminated, or changed meanwhile (400): the tickets list, the subscription and its dates are read again.
          for (const { queryKey } of [
            ordersQuery(queries),
            subscriptionQuery(queries, input.subscriptionId),
            subscriptionDetailsQuery(queries, input.subscriptionId),
            terminationQuery(queries, input.subscriptionId),
          ]) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }
      }),
    },
    actions: {
      showSuccessPage: (_, { subscriptionId, terminateDate }) =>
        void navigate({
          to: '/app/dashboard/subscription/$subscriptionId/terminate/success',
          params: { subscriptionId },
          search: { date: terminateDate },
          replace: true,
        }),
    },
  });
}

import { fromPromise } from 'xstate';

import { type PauseData, type PauseState, pauseSubscriptionMachine } from '#machines/pause-subscription/pause-subscription.machine';
import { dataOf } from '#src/api/failure';
import { currentPauseOf, firstDayOf, monthOf, type PausePeriod } from '#src/domain/pause';
import type { FlowServices } from '#src/flows/use-flow';
import type { components } from '#openapi/schema.gen';
import { ordersQuery } from '#src/api/queries/orders';
import { subscriptionDetailsQuery, subscriptionPauseQuery, subscriptionQuery } from '#src/api/queries/subscriptions';

/** The contract's SubscriptionPause as the machine reads it, in the month it was read. */
function pauseStateOf(answer: components['schemas']['SubscriptionPause'], thisMonth: string): PauseState {
  return { canPause: answer.canPause, pausableMonths: answer.pausableMonths, pause: currentPauseOf(answer.pauses, thisMonth), thisMonth };
}

/**
 * The pause machine with the app's actors: the reads go through React Query (the route's loader has
 * usually filled them; a retry or reload reads afresh), the writes through the typed client, whose
 * failures reject with an ApiFailure the machine's guards read. After a write, the tickets list,
 * the subscription and its pause are read again wherever they are shown.
 */
export function providePauseSubscription({ api, queries, queryClient }: FlowServices) {
  const invalidate = (subscriptionId: string) => {
    for (const { queryKey } of [
      ordersQuery(queries),
      subscriptionQuery(queries, subscriptionId),
      subscriptionDetailsQuery(queries, subscriptionId),
      subscriptionPauseQuery(queries, subscriptionId),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };

  return pauseSubscriptionMachine.provide({
    actors: {
      loadPause: fromPromise<PauseData, { subscriptionId: string }>(async ({ input }) => {
        const [pause, details] = await Promise.all([
          queryClient.fetchQuery(subscriptionPauseQuery(queries, input.subscriptionId)),
          queryClient.fetchQuery(subscriptionDetailsQuery(queries, input.subscriptionId)),
        ]);
        return { ...pauseStateOf(pause, monthOf(new Date())), monthlyPrice: details.monthlyPrice, terminateDate: details.terminate_date ?? null };
      }),
      pauseSubscription: fromPromise<PauseState, { subscriptionId: string; pause: PausePeriod }>(async ({ input }) => {
        try {
          const answer = dataOf(
            await api.PUT('/api/v2/subscription/subscriptions/{id}/pause', {
              params: { path: { id: input.subscriptionId } },
              body: { pauseFrom: input.pause.pauseFrom, pauseUntil: input.pause.pauseUntil },
            }),
          );
          return pauseStateOf(answer, monthOf(new Date()));
        } finally {
          // Paused, or refused because it changed meanwhile: every view of it is read again.
          invalidate(input.subscriptionId);
        }
      }),
      resumeSubscription: fromPromise<PauseState, { subscriptionId: string; month: string }>(async ({ input }) => {
        try {
          const answer = dataOf(
            await api.DELETE('/api/v2/subscription/subscriptions/{id}/pause', {
              params: { path: { id: input.subscriptionId }, query: { pauseDate: firstDayOf(input.month) } },
            }),
          );
          return pauseStateOf(answer, monthOf(new Date()));
        } finally {
          invalidate(input.subscriptionId);
        }
      }),
    },
  });
}

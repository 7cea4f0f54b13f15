import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { PauseSubscriptionScreen } from '#src/flows/pause-subscription/pause-subscription-screen';
import { subscriptionDetailsQuery, subscriptionPauseQuery } from '#src/api/queries/subscriptions';
import { useSubscriptionNumber } from '#src/flows/use-subscription-number';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Pause a subscription and end a pause early (SPEC.md 1, 4.4, 7.3). The loader fills the cache with
 * the subscription's details and pause state, so the title has its number and the flow starts
 * without a wait. A failure is not the router's to show: the flow loads again and says so, with a retry.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/pause/')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(subscriptionDetailsQuery(queries, params.subscriptionId)).catch(() => undefined),
      queryClient.ensureQueryData(subscriptionPauseQuery(queries, params.subscriptionId)).catch(() => undefined),
    ]);
  },
  component: PauseSubscriptionPage,
});

function PauseSubscriptionPage() {
  const { subscriptionId } = Route.useParams();
  const subscriptionNumber = useSubscriptionNumber(subscriptionId);
  return (
    <>
      <PageHeading>
        {subscriptionNumber ? (
          <Trans id="dashboard:pauseSubscription.titleWithNumber">Pause subscription {subscriptionNumber}</Trans>
        ) : (
          <Trans id="dashboard:pauseSubscription.title">Pause your subscription</Trans>
        )}
      </PageHeading>
      <PauseSubscriptionScreen key={subscriptionId} subscriptionId={subscriptionId} />
    </>
  );
}

import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { TerminateSubscriptionScreen } from '#src/flows/terminate-subscription/terminate-subscription-screen';
import { subscriptionDetailsQuery, terminationQuery } from '#src/api/queries/subscriptions';
import { useSubscriptionNumber } from '#src/flows/use-subscription-number';
import { PageHeading } from '#src/ui/page-heading';

/**
 * End a subscription (SPEC.md 2.3, 4.4). The loader fills the cache with the subscription's details
 * and termination dates, so the title has its number and the flow starts without a wait. A failure
 * is not the router's to show: the flow loads again and shows its load error with a retry.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/terminate/')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(subscriptionDetailsQuery(queries, params.subscriptionId)).catch(() => undefined),
      queryClient.ensureQueryData(terminationQuery(queries, params.subscriptionId)).catch(() => undefined),
    ]);
  },
  component: TerminateSubscriptionPage,
});

function TerminateSubscriptionPage() {
  const { subscriptionId } = Route.useParams();
  const subscriptionNumber = useSubscriptionNumber(subscriptionId);
  return (
    <>
      <PageHeading>
        {subscriptionNumber ? (
          <Trans id="terminationRequest:titleWithNumber">End subscription {subscriptionNumber}</Trans>
        ) : (
          <Trans id="terminationRequest:title">End your subscription</Trans>
        )}
      </PageHeading>
      <TerminateSubscriptionScreen key={subscriptionId} subscriptionId={subscriptionId} />
    </>
  );
}

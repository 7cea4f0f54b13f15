import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { WithdrawTerminationScreen } from '#src/flows/withdraw-termination/withdraw-termination-screen';
import { subscriptionDetailsQuery } from '#src/api/queries/subscriptions';
import { useSubscriptionNumber } from '#src/flows/use-subscription-number';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Withdraw a termination (SPEC.md 2.2, 2.3, 4.4). The loader fills the cache with the subscription's
 * details (docs/architecture.md#data-and-state), so the title has its number and the flow starts without a wait. A failure
 * is not the router's to show: the flow loads again and shows withdrawTermination.error with a retry.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/withdraw-termination/')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await queryClient.ensureQueryData(subscriptionDetailsQuery(queries, params.subscriptionId)).catch(() => undefined);
  },
  component: WithdrawTerminationPage,
});

function WithdrawTerminationPage() {
  const { subscriptionId } = Route.useParams();
  const subscriptionNumber = useSubscriptionNumber(subscriptionId);
  return (
    <>
      <PageHeading>
        {subscriptionNumber ? (
          <Trans id="dashboard:withdrawTermination.titleWithNumber">Withdraw the termination of subscription {subscriptionNumber}</Trans>
        ) : (
          <Trans id="dashboard:withdrawTermination.title">Withdraw your termination</Trans>
        )}
      </PageHeading>
      <WithdrawTerminationScreen key={subscriptionId} subscriptionId={subscriptionId} />
    </>
  );
}

import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { WithdrawContractScreen } from '#src/flows/withdraw-contract/withdraw-contract-screen';
import { subscriptionDetailsQuery } from '#src/api/queries/subscriptions';
import { useSubscriptionNumber } from '#src/flows/use-subscription-number';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Withdraw from a new contract within its 14 days (§ 355 BGB, issue 30, decision 29). The loader fills the cache with the subscription's
 * details (docs/architecture.md#data-and-state), so the title has its number and the flow starts without a wait. A failure
 * is not the router's to show: the flow loads again and shows withdrawContract.error with a retry.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/withdraw-contract/')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await queryClient.ensureQueryData(subscriptionDetailsQuery(queries, params.subscriptionId)).catch(() => undefined);
  },
  component: WithdrawContractPage,
});

function WithdrawContractPage() {
  const { subscriptionId } = Route.useParams();
  const subscriptionNumber = useSubscriptionNumber(subscriptionId);
  return (
    <>
      <PageHeading>
        {subscriptionNumber ? (
          <Trans id="dashboard:withdrawContract.titleWithNumber">Withdraw from subscription {subscriptionNumber}</Trans>
        ) : (
          <Trans id="dashboard:withdrawContract.title">Withdraw from your contract</Trans>
        )}
      </PageHeading>
      <WithdrawContractScreen key={subscriptionId} subscriptionId={subscriptionId} />
    </>
  );
}

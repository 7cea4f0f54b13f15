import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { SubscriptionDetailsScreen } from '#src/flows/tickets/subscription-details-screen';
import { subscriptionDetailsQuery, ticketsQuery } from '#src/api/queries/subscriptions';
import { ordersQuery } from '#src/api/queries/orders';
import { useSubscriptionNumber } from '#src/flows/use-subscription-number';
import { PageHeading } from '#src/ui/page-heading';

/** Subscription details (issue 10): the loader fills the details, the orders (raw status) and the tickets. */
export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/details')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(subscriptionDetailsQuery(queries, params.subscriptionId)).catch(() => undefined),
      queryClient.ensureQueryData(ordersQuery(queries)).catch(() => undefined),
      queryClient.ensureQueryData(ticketsQuery(queries)).catch(() => undefined),
    ]);
  },
  component: SubscriptionDetailsPage,
});

function SubscriptionDetailsPage() {
  const { subscriptionId } = Route.useParams();
  const number = useSubscriptionNumber(subscriptionId);
  return (
    <>
      <PageHeading>
        {number ? <Trans id="tickets:details.titleWithNumber">Subscription {number}</Trans> : <Trans id="tickets:details.title">Your subscription</Trans>}
      </PageHeading>
      <SubscriptionDetailsScreen key={subscriptionId} subscriptionId={subscriptionId} />
    </>
  );
}

import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { ChangeTravelerScreen } from '#src/flows/edit-contact/change-traveler-screen';
import { subscriptionDetailsQuery, subscriptionTravelerQuery } from '#src/api/queries/subscriptions';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Change the traveler of a subscription (SPEC.md 2.3, 7.3). The loader fills the cache with the
 * traveler (its subscription number titles the page) and the details (the product's rule); a
 * failure is the flow's to show (traveler:form.errors.loading, with a retry), not the router's.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/traveler')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(subscriptionTravelerQuery(queries, params.subscriptionId)).catch(() => undefined),
      queryClient.ensureQueryData(subscriptionDetailsQuery(queries, params.subscriptionId)).catch(() => undefined),
    ]);
  },
  component: ChangeSubscriptionTravelerPage,
});

function ChangeSubscriptionTravelerPage() {
  const { subscriptionId } = Route.useParams();
  const { queries } = Route.useRouteContext();
  const number = useQuery(subscriptionTravelerQuery(queries, subscriptionId)).data?.subscriptionNumber;
  return (
    <>
      <PageHeading>
        {number ? (
          <Trans id="traveler:title.subscription">Change the traveler of subscription {number}</Trans>
        ) : (
          <Trans id="traveler:title">Change the traveler</Trans>
        )}
      </PageHeading>
      <ChangeTravelerScreen key={subscriptionId} owner="subscription" id={subscriptionId} />
    </>
  );
}

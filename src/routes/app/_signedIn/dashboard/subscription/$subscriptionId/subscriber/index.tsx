import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ChangeBillingAddressScreen } from '#src/flows/edit-contact/change-billing-address-screen';
import { subscriptionDetailsQuery } from '#src/api/queries/subscriptions';
import { useSubscriptionNumber } from '#src/flows/use-subscription-number';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Change the billing address (the subscriber) of a subscription (SPEC.md 2.3, 7.3). The loader
 * fills the cache with the subscription's details: its number titles the page, its subscriber fills
 * the form. A failure is the flow's to show (form.errors.loading, with a retry).
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/subscriber/')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await queryClient.ensureQueryData(subscriptionDetailsQuery(queries, params.subscriptionId)).catch(() => undefined);
  },
  component: ChangeSubscriberPage,
});

function ChangeSubscriberPage() {
  const { subscriptionId } = Route.useParams();
  const number = useSubscriptionNumber(subscriptionId);
  return (
    <>
      <PageHeading>
        {number ? (
          <Trans id="changeBillingAddress:title.subscription">Change the billing address of subscription {number}</Trans>
        ) : (
          <Trans id="changeBillingAddress:title">Change the billing address</Trans>
        )}
      </PageHeading>
      <ChangeBillingAddressScreen key={subscriptionId} owner="subscription" id={subscriptionId} />
    </>
  );
}

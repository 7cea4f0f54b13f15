import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { ChangeBillingAddressScreen } from '#src/flows/edit-contact/change-billing-address-screen';
import { orderQuery } from '#src/api/queries/orders';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Change the billing address (the orderer) of an order not yet started (SPEC.md 2.3, 7.1). The
 * loader fills the cache with the order: its number titles the page, its billing person fills the
 * form. A failure is the flow's to show (form.errors.loading, with a retry).
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/order/$orderId/billing-address')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await queryClient.ensureQueryData(orderQuery(queries, params.orderId)).catch(() => undefined);
  },
  component: ChangeOrdererPage,
});

function ChangeOrdererPage() {
  const { orderId } = Route.useParams();
  const { queries } = Route.useRouteContext();
  const number = useQuery(orderQuery(queries, orderId)).data?.orderNumber;
  return (
    <>
      <PageHeading>
        {number ? (
          <Trans id="changeBillingAddress:title.order">Change the billing address of order {number}</Trans>
        ) : (
          <Trans id="changeBillingAddress:title">Change the billing address</Trans>
        )}
      </PageHeading>
      <ChangeBillingAddressScreen key={orderId} owner="order" id={orderId} />
    </>
  );
}

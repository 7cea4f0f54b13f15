import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { ChangeTravelerScreen } from '#src/flows/edit-contact/change-traveler-screen';
import { orderQuery, orderTravelerQuery } from '#src/api/queries/orders';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Change the traveler of an order that is not a subscription yet (SPEC.md 2.3, 7.1). The loader
 * fills the cache with the traveler (its order number titles the page) and the order (its product);
 * a failure is the flow's to show (traveler:form.errors.loading, with a retry).
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/order/$orderId/traveler')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(orderTravelerQuery(queries, params.orderId)).catch(() => undefined),
      queryClient.ensureQueryData(orderQuery(queries, params.orderId)).catch(() => undefined),
    ]);
  },
  component: ChangeOrderTravelerPage,
});

function ChangeOrderTravelerPage() {
  const { orderId } = Route.useParams();
  const { queries } = Route.useRouteContext();
  const number = useQuery(orderTravelerQuery(queries, orderId)).data?.orderNumber;
  return (
    <>
      <PageHeading>
        {number ? <Trans id="traveler:title.order">Change the traveler of order {number}</Trans> : <Trans id="traveler:title">Change the traveler</Trans>}
      </PageHeading>
      <ChangeTravelerScreen key={orderId} owner="order" id={orderId} />
    </>
  );
}

import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { PaymentDetailsScreen } from '#src/flows/payment-details/payment-details-screen';
import { ordersQuery } from '#src/api/queries/orders';
import { paymentInstrumentQuery } from '#src/api/queries/payment';
import { PageHeading } from '#src/ui/page-heading';

/**
 * The payment details of an order (issue 12; SPEC.md 2.3, 4.6): the loader fills the orders (for the
 * order number) and the order's payment instrument; a failure is the screen's to show.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/order/$orderId/payment')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(ordersQuery(queries)).catch(() => undefined),
      queryClient.ensureQueryData(paymentInstrumentQuery(queries, params.orderId)).catch(() => undefined),
    ]);
  },
  component: PaymentDetailsPage,
});

function PaymentDetailsPage() {
  const { orderId } = Route.useParams();
  const { queries } = Route.useRouteContext();
  const number = useQuery(ordersQuery(queries)).data?.find((order) => order.id === orderId)?.order_number;
  return (
    <>
      <PageHeading>
        {number ? (
          <Trans id="payment:details.titleWithNumber">Payment method of order {number}</Trans>
        ) : (
          <Trans id="payment:details.title">Your payment method</Trans>
        )}
      </PageHeading>
      <PaymentDetailsScreen key={orderId} orderId={orderId} />
    </>
  );
}

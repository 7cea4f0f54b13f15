import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { CancelOrderScreen } from '#src/flows/cancel-order/cancel-order-screen';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Cancel an order that has not started (issue 10; SPEC.md 7.1). The flow reads the cancellation
 * state itself, fresh: whether the order can still be cancelled is what this page is about.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/order/$orderId/cancel')({
  component: CancelOrderPage,
});

function CancelOrderPage() {
  const { orderId } = Route.useParams();
  return (
    <>
      <PageHeading>
        <Trans id="dashboard:cancelOrder.title">Cancel your order</Trans>
      </PageHeading>
      <CancelOrderScreen key={orderId} orderId={orderId} />
    </>
  );
}

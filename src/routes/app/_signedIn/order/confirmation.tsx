import { createFileRoute } from '@tanstack/react-router';

import { OrderConfirmation, OrderConfirmationTitle } from '#src/flows/payment/order-confirmation';
import { confirmationSearchSchema } from '#src/search/search-schemas';
import { PageHeading } from '#src/ui/page-heading';

/** The order confirmation (SPEC.md 2.2, 2.3): email sent, account verification, ticket available. */
export const Route = createFileRoute('/app/_signedIn/order/confirmation')({
  validateSearch: confirmationSearchSchema,
  component: OrderConfirmationPage,
});

function OrderConfirmationPage() {
  const { orderNumber } = Route.useSearch();
  return (
    <>
      <PageHeading>
        <OrderConfirmationTitle />
      </PageHeading>
      <OrderConfirmation orderNumber={orderNumber} />
    </>
  );
}

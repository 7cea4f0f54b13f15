import { createFileRoute } from '@tanstack/react-router';

import { OrderConfirmation } from '#src/flows/payment/order-confirmation';
import { parseConfirmationSearch } from '#src/flows/payment/payment-search';
import { PageHeading } from '#src/routes/-shell/page-heading';

/** The order confirmation (SPEC.md 2.2, 2.3): email sent, account verification, ticket available. */
export const Route = createFileRoute('/app/_signedIn/order/confirmation')({
  validateSearch: parseConfirmationSearch,
  component: OrderConfirmationPage,
});

function OrderConfirmationPage() {
  const { orderNumber } = Route.useSearch();
  return <OrderConfirmation orderNumber={orderNumber} heading={PageHeading} />;
}

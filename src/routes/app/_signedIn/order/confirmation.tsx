import { createFileRoute } from '@tanstack/react-router';

import { OrderConfirmation } from '#src/flows/payment/order-confirmation';
import { confirmationSearchSchema } from '#src/flows/payment/payment-search';

/** The order confirmation (SPEC.md 2.2, 2.3): email sent, account verification, ticket available. */
export const Route = createFileRoute('/app/_signedIn/order/confirmation')({
  validateSearch: confirmationSearchSchema,
  component: OrderConfirmationPage,
});

function OrderConfirmationPage() {
  const { orderNumber } = Route.useSearch();
  return <OrderConfirmation orderNumber={orderNumber} />;
}

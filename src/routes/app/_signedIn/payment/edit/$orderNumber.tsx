import { createFileRoute } from '@tanstack/react-router';

import { PaymentScreen } from '#src/flows/payment/payment-screen';
import { paymentSearchSchema, providerResultOf } from '#src/search/search-schemas';

/**
 * Change of the payment instrument of an order (SPEC.md 2.2, 4.6 payment edit flow): it takes
 * orderId (and orderNumber) from the query; the payment is posted without an order number, and the
 * provider returns here with its result. Success shows a change confirmation linking to the tickets.
 */
export const Route = createFileRoute('/app/_signedIn/payment/edit/$orderNumber')({
  validateSearch: paymentSearchSchema,
  component: PaymentEditPage,
});

function PaymentEditPage() {
  const { orderNumber } = Route.useParams();
  const search = Route.useSearch();
  return <PaymentScreen key={orderNumber} variant="edit" orderNumber={orderNumber} orderId={search.orderId} providerResult={providerResultOf(search)} />;
}

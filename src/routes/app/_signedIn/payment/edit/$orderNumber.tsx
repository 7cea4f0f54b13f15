import { createFileRoute } from '@tanstack/react-router';

import { PaymentFlow } from '#src/flows/payment/payment-flow';
import { parsePaymentSearch, providerResultOf } from '#src/flows/payment/payment-search';
import { PageHeading } from '#src/routes/-shell/page-heading';

/**
 * Change of the payment instrument of an order (SPEC.md 2.2, 4.6 payment edit flow): it takes
 * orderId (and orderNumber) from the query; the payment is posted without an order number, and the
 * provider returns here with its result. Success shows a change confirmation linking to the tickets.
 */
export const Route = createFileRoute('/app/_signedIn/payment/edit/$orderNumber')({
  validateSearch: parsePaymentSearch,
  component: PaymentEditPage,
});

function PaymentEditPage() {
  const { orderNumber } = Route.useParams();
  const search = Route.useSearch();
  return <PaymentFlow key={orderNumber} variant="edit" orderNumber={orderNumber} orderId={search.orderId} providerResult={providerResultOf(search)} heading={PageHeading} />;
}

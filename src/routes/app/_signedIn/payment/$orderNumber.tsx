import { createFileRoute } from '@tanstack/react-router';

import { PaymentScreen } from '#src/flows/payment/payment-screen';
import { paymentSearchSchema, providerResultOf } from '#src/search/search-schemas';

/**
 * Payment after an order (SPEC.md 2.2, 4.6). The same route is the provider's return: the hosted
 * page moves the whole window here with orderId, transactionId, paymentMethod and
 * paymentInstrumentId in the query (docs/decisions/0009-hosted-payment-page.md), and the flow
 * confirms instead of starting a new payment.
 */
export const Route = createFileRoute('/app/_signedIn/payment/$orderNumber')({
  validateSearch: paymentSearchSchema,
  component: PaymentPage,
});

function PaymentPage() {
  const { orderNumber } = Route.useParams();
  const search = Route.useSearch();
  return <PaymentScreen key={orderNumber} variant="order" orderNumber={orderNumber} orderId={search.orderId} providerResult={providerResultOf(search)} />;
}

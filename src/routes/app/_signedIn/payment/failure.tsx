import { createFileRoute } from '@tanstack/react-router';

import { failureViewFromQuery } from '#machines/payment/payment.selectors';
import { PaymentFailure, PaymentFailureTitle } from '#src/flows/payment/payment-failure';
import { failureSearchSchema } from '#src/search/search-schemas';
import { PageHeading } from '#src/ui/page-heading';

/**
 * The payment failure page (SPEC.md 2.2, 8): /app/payment/failure?orderNumber=&hasShopError=. The
 * payment machine's rule decides about retry: not after a shop error, and only with an order number.
 */
export const Route = createFileRoute('/app/_signedIn/payment/failure')({
  validateSearch: failureSearchSchema,
  component: PaymentFailurePage,
});

function PaymentFailurePage() {
  const { orderNumber, hasShopError = false } = Route.useSearch();
  return (
    <>
      <PageHeading>
        <PaymentFailureTitle />
      </PageHeading>
      <PaymentFailure view={failureViewFromQuery({ orderNumber, hasShopError })} />
    </>
  );
}

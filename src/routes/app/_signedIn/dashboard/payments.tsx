import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { PaymentHistoryScreen } from '#src/flows/payment-history/payment-history-screen';
import { paymentAccountQuery, paymentsQuery } from '#src/api/queries/payment';
import { PageHeading } from '#src/ui/page-heading';

export const Route = createFileRoute('/app/_signedIn/dashboard/payments')({
  // The data is in the cache before the page renders; a failure is the page's to show (its alert).
  loader: async ({ context: { queryClient, queries } }) => {
    await Promise.all([
      queryClient.ensureQueryData(paymentsQuery(queries)).catch(() => undefined),
      queryClient.ensureQueryData(paymentAccountQuery(queries)).catch(() => undefined),
    ]);
  },
  component: PaymentsPage,
});

/** The payment history (SPEC.md 7.4; src/flows/payment-history/payment-history-screen.tsx). */
function PaymentsPage() {
  return (
    <>
      <PageHeading>
        <Trans id="payments:title">My payments</Trans>
      </PageHeading>
      <PaymentHistoryScreen />
    </>
  );
}

import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '../../../-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/payment/failure')({
  component: PaymentFailureTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function PaymentFailureTitlePage() {
  return <ComingPage title={<Trans id="payment:failure.title">The payment did not go through</Trans>} />;
}

import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '../../../-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/payment/$orderNumber')({
  component: PaymentTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function PaymentTitlePage() {
  return <ComingPage title={<Trans id="payment:title">Payment</Trans>} />;
}

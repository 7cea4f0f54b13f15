import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '../../../../-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/payment/edit/$orderNumber')({
  component: PaymentEditTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function PaymentEditTitlePage() {
  return <ComingPage title={<Trans id="payment:edit.title">Change payment method</Trans>} />;
}

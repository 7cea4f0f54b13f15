import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '../../../-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/order/confirmation')({
  component: OrderConfirmationTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function OrderConfirmationTitlePage() {
  return <ComingPage title={<Trans id="order:confirmation.title">Thank you for your order</Trans>} />;
}

import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '../../../-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/order/')({
  component: OrderTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function OrderTitlePage() {
  return <ComingPage title={<Trans id="order:title">Order your ticket</Trans>} />;
}

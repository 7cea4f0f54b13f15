import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '../../../-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/tickets')({
  component: TicketsTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function TicketsTitlePage() {
  return <ComingPage title={<Trans id="tickets:title">My tickets</Trans>} />;
}

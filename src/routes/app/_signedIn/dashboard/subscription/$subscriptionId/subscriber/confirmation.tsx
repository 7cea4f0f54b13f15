import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '#src/routes/-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/subscriber/confirmation')({
  component: DashboardSubscriberConfirmationTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function DashboardSubscriberConfirmationTitlePage() {
  return <ComingPage audience="customer" title={<Trans id="dashboard:subscriber.confirmation.title">The subscriber has been changed</Trans>} />;
}

import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '#src/routes/-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/withdraw-termination/success')({
  component: DashboardWithdrawterminationSuccessTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function DashboardWithdrawterminationSuccessTitlePage() {
  return <ComingPage title={<Trans id="dashboard:withdrawTermination.success.title">Your termination has been withdrawn</Trans>} />;
}

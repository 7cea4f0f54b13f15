import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '#src/routes/-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/withdraw-termination/')({
  component: DashboardWithdrawterminationTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function DashboardWithdrawterminationTitlePage() {
  return <ComingPage title={<Trans id="dashboard:withdrawTermination.title">Withdraw your termination</Trans>} />;
}

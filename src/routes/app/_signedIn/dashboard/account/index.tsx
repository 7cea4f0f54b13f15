import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '#src/routes/-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/account/')({
  component: AccountTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function AccountTitlePage() {
  return <ComingPage audience="customer" title={<Trans id="account:title">My data</Trans>} />;
}

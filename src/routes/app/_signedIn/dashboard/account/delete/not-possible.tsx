import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '#src/routes/-shell/coming-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/account/delete/not-possible')({
  component: AccountDeleteNotpossibleTitlePage,
});

/** A later issue builds this screen; the route exists and is guarded. */
function AccountDeleteNotpossibleTitlePage() {
  return <ComingPage audience="customer" title={<Trans id="account:delete.notPossible.title">Your account cannot be deleted at the moment</Trans>} />;
}

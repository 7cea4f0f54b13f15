import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { DonePage } from '#src/ui/done-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/withdraw-termination/success')({
  component: WithdrawTerminationSuccessPage,
});

/** The withdrawal went through (SPEC.md 2.2): the flow's `showSuccessPage` comes here. */
function WithdrawTerminationSuccessPage() {
  return (
    <DonePage
      title={<Trans id="dashboard:withdrawTermination.success.title">Your termination has been withdrawn</Trans>}
      linkHref="/app/dashboard/tickets"
      linkLabel={<Trans id="dashboard:withdrawTermination.success.toTickets">Go to my tickets</Trans>}
    >
      <p>
        <Trans id="dashboard:withdrawTermination.success.description">
          Your subscription continues with its monthly price and your current payment method. You do not need to do anything else.
        </Trans>
      </p>
    </DonePage>
  );
}

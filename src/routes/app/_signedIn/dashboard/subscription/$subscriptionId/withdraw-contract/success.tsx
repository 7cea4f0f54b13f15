import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { DonePage } from '#src/ui/done-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/withdraw-contract/success')({
  component: WithdrawContractSuccessPage,
});

/** The withdrawal from the contract went through (decision 29): the flow's `showSuccessPage` comes here. */
function WithdrawContractSuccessPage() {
  return (
    <DonePage
      title={<Trans id="dashboard:withdrawContract.success.title">You have withdrawn from your contract</Trans>}
      linkHref="/app/dashboard/tickets"
      linkLabel={<Trans id="dashboard:withdrawContract.success.toTickets">Go to my tickets</Trans>}
    >
      <p>
        <Trans id="dashboard:withdrawContract.success.description">
          Your subscription has ended and its tickets are no longer valid. No further monthly price is charged; you do not need to do anything else.
        </Trans>
      </p>
    </DonePage>
  );
}

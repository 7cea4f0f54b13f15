import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { DonePage } from '#src/ui/done-page';

export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/subscriber/confirmation')({
  component: SubscriberConfirmationPage,
});

/** The billing address (subscriber) was changed (SPEC.md 2.2, 7.3): the flow's `showDonePage` comes here. */
function SubscriberConfirmationPage() {
  return (
    <DonePage
      title={<Trans id="dashboard:subscriber.confirmation.title">The subscriber has been changed</Trans>}
      linkHref="/app/dashboard/tickets"
      linkLabel={<Trans id="dashboard:subscriber.confirmation.toTickets">Go to my tickets</Trans>}
    >
      <p>
        <Trans id="dashboard:subscriber.confirmation.description">
          Your new billing address is saved. The next invoices of this subscription go to it; you do not need to do anything else.
        </Trans>
      </p>
    </DonePage>
  );
}

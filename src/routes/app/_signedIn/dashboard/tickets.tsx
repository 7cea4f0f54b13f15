import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { BackLink, overviewHref } from '#src/flows/back-link';
import { TicketsNoticeAlert } from '#src/flows/change-email/email-changed-notice';
import { ticketsSearchSchema } from '#src/search/search-schemas';
import { TicketsList } from '#src/flows/tickets/tickets-list';
import { ordersQuery } from '#src/api/queries/orders';
import { ticketsQuery } from '#src/api/queries/subscriptions';
import { PageHeading } from '#src/ui/page-heading';

export const Route = createFileRoute('/app/_signedIn/dashboard/tickets')({
  // ?notice=emailChanged: the confirmation a flow leaves here when it ends (SPEC.md 2.2).
  validateSearch: ticketsSearchSchema,
  // The list's data is in the cache before the page renders (docs/architecture.md#data-and-state); a failure is the page's
  // to show (its alert), not the router's error page.
  loader: async ({ context: { queryClient, queries } }) => {
    await Promise.all([
      queryClient.ensureQueryData(ordersQuery(queries)).catch(() => undefined),
      queryClient.ensureQueryData(ticketsQuery(queries)).catch(() => undefined),
    ]);
  },
  component: TicketsPage,
});

/**
 * My tickets (SPEC.md 2.2, 4.3, 4.4, 4.6): every order and subscription with its status, traveler,
 * period, monthly price, payment badge and the actions its state allows (src/flows/tickets/).
 */
function TicketsPage() {
  const { notice } = Route.useSearch();
  return (
    <>
      <PageHeading>
        <Trans id="tickets:title">My tickets</Trans>
      </PageHeading>
      <TicketsNoticeAlert notice={notice} />
      <p>
        <BackLink to={overviewHref} standalone={false} />
      </p>
      <TicketsList />
    </>
  );
}

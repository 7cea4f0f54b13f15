import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { useKeptTickets } from '#src/flows/offline-ticket/kept-tickets';
import { TicketScreen } from '#src/flows/tickets/ticket-screen';
import { ticketQuery } from '#src/api/queries/subscriptions';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Show a ticket (issue 10): its data and its Aztec code. The component, and with it the barcode
 * library (bwip-js), is this route's own chunk (autoCodeSplitting): the tickets list does not load it.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/ticket/$ticketId')({
  loader: async ({ context: { queryClient, queries }, params }) => {
    await queryClient.ensureQueryData(ticketQuery(queries, params.ticketId)).catch(() => undefined);
  },
  component: TicketPage,
});

function TicketPage() {
  const { ticketId } = Route.useParams();
  const { tickets, savedAt, online } = useKeptTickets();
  return (
    <>
      <PageHeading>
        <Trans id="tickets:ticket.title">Your ticket</Trans>
      </PageHeading>
      <TicketScreen key={ticketId} ticketId={ticketId} kept={{ ticket: tickets.find((kept) => kept.id === ticketId), savedAt, online }} />
    </>
  );
}

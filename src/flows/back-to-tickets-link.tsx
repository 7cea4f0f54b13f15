import { Trans } from '@lingui/react/macro';

import { Link } from '#src/ui/link';

/** The tickets list, where every self-service flow starts and ends. */
export const ticketsHref = '/app/dashboard/tickets';

/** "Back to my tickets": the way out of a self-service flow's screen (one text for all of them). */
export function BackToTicketsLink() {
  return (
    <Link href={ticketsHref} standalone>
      <Trans id="common:backToTickets">Back to my tickets</Trans>
    </Link>
  );
}

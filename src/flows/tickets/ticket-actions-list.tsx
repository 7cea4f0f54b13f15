import { Trans } from '@lingui/react/macro';

import type { TicketAction } from '#src/domain/ticket-actions';
import { Link } from '#src/ui/link';
import { type DownloadableTicket, TicketDownloadButton } from './ticket-download';
import { type TicketEntryIds, ticketActionHref } from './ticket-links';
import * as styles from './tickets.css';

/** The actions of an order or subscription as links (and the download as a button), in the domain's order. */
export function TicketActionsList({
  actions,
  ids,
  ticket,
  label,
}: {
  actions: readonly TicketAction[];
  ids: TicketEntryIds;
  ticket: DownloadableTicket | undefined;
  label: string;
}) {
  if (actions.length === 0) return null;
  return (
    <ul className={styles.actions} aria-label={label}>
      {actions.map((action) => {
        if (action === 'downloadTicket') {
          return ticket ? (
            <li key={action}>
              <TicketDownloadButton ticket={ticket} />
            </li>
          ) : null;
        }
        const href = ticketActionHref(action, ids);
        return href ? (
          <li key={action}>
            <Link href={href} standalone data-action={action}>
              <ActionText action={action} />
            </Link>
          </li>
        ) : null;
      })}
    </ul>
  );
}

function ActionText({ action }: { action: Exclude<TicketAction, 'downloadTicket'> }) {
  switch (action) {
    case 'showTicket':
      return <Trans id="tickets:action.show">Show ticket</Trans>;
    case 'details':
      return <Trans id="tickets:action.details">Subscription details</Trans>;
    case 'terminate':
      return <Trans id="tickets:action.terminate">End subscription</Trans>;
    case 'withdrawContract':
      return <Trans id="tickets:action.withdrawContract">Withdraw from contract</Trans>;
    case 'withdrawTermination':
      return <Trans id="tickets:list.withdrawTermination">Withdraw termination</Trans>;
    case 'pause':
      return <Trans id="tickets:action.pause">Pause subscription</Trans>;
    case 'resume':
      return <Trans id="tickets:action.resume">Resume subscription</Trans>;
    case 'changeTraveler':
      return <Trans id="tickets:action.changeTraveler">Change traveler</Trans>;
    case 'changeBillingAddress':
      return <Trans id="tickets:action.changeBillingAddress">Change billing address</Trans>;
    case 'paymentDetails':
      return <Trans id="tickets:action.paymentDetails">Payment method</Trans>;
    case 'cancelOrder':
      return <Trans id="tickets:action.cancelOrder">Cancel order</Trans>;
    case 'newOrder':
      return <Trans id="tickets:action.newOrder">Order a new ticket</Trans>;
  }
}

import type { TicketAction } from '#src/domain/ticket-actions';
import { paymentDetailsHref } from '#src/flows/back-link';

/**
 * The paths of the actions of "My tickets" (the routes agreed between the flows, issue 10). The
 * download is not a path: the list fetches the PDF itself (ticket-download.ts).
 */
export interface TicketEntryIds {
  orderId: string;
  subscriptionId?: string | null | undefined;
  ticketId?: string | undefined;
}

const enc = encodeURIComponent;

/** The href of a linked action, or undefined for the download and when an id it needs is missing. */
export function ticketActionHref(action: TicketAction, { orderId, subscriptionId, ticketId }: TicketEntryIds): string | undefined {
  const subscription = subscriptionId ? `/app/dashboard/subscription/${enc(subscriptionId)}` : undefined;
  const order = `/app/dashboard/order/${enc(orderId)}`;
  switch (action) {
    case 'downloadTicket':
      return undefined;
    case 'showTicket':
      return ticketId ? `/app/dashboard/ticket/${enc(ticketId)}` : undefined;
    case 'details':
      return subscription && `${subscription}/details`;
    case 'terminate':
      return subscription && `${subscription}/terminate`;
    case 'withdrawContract':
      return subscription && `${subscription}/withdraw-contract`;
    case 'withdrawTermination':
      return subscription && `${subscription}/withdraw-termination`;
    case 'pause':
    case 'resume':
      return subscription && `${subscription}/pause`;
    case 'changeTraveler':
      return subscription ? `${subscription}/traveler` : `${order}/traveler`;
    case 'changeBillingAddress':
      return subscription ? `${subscription}/subscriber` : `${order}/billing-address`;
    case 'paymentDetails':
      return paymentDetailsHref(orderId);
    case 'cancelOrder':
      return `${order}/cancel`;
    case 'newOrder':
      return '/app/order';
  }
}

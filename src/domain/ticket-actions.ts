import { displayedStatus, type DisplayedStatus, isAlreadyCancelled, orderType } from './order-status';
import { resolveProduct } from './product';

/**
 * What a customer can do with one entry of "My tickets" (SPEC.md 2.2, 4.3, 4.4 and the sandbox's
 * rules in sandbox/tickets/subscription-lifecycle.ts and sandbox/handlers/orders.ts): the actions
 * its state allows, and no others. Pure, so the list, the details page and the tests share it.
 *
 * - An order not yet a subscription (displayed "ordered") can be cancelled, and its traveler and
 *   billing address changed (the order routes).
 * - A running subscription shows its ticket (when one is downloadable), its details, and:
 *   termination while termination dates are offered (none once terminated: SPEC.md 4.3/4.4), the
 *   withdrawal while canWithdrawTermination (SPEC.md 4.4), the withdrawal from the contract while
 *   its 14 days run (withdrawableUntil, decision 29), pause while it has no pause and is not
 *   terminated, resume while it has one, and the changes of traveler and billing address.
 * - The traveler can be changed only where the product allows another traveler (SPEC.md 6.1: not
 *   for joti and seti, whose traveler is the subscriber).
 * - A subscription whose status is revoked or canceled is shown as ended: its details and a new
 *   order, no termination (SPEC.md 4.3, and 4.4's call to action to /app/order). An order that is neither (revoked, cancelled, an unknown status)
 *   offers nothing.
 * - Every entry that has or may have a payment instrument (an order not yet a subscription, every
 *   subscription, running or ended: a revoked one's failed payment is worth seeing) links its
 *   payment details (SPEC.md 2.3, 4.6); an order that went nowhere has nothing to pay.
 */

export const ticketActions = [
  'downloadTicket',
  'showTicket',
  'details',
  'terminate',
  'withdrawContract',
  'withdrawTermination',
  'pause',
  'resume',
  'changeTraveler',
  'changeBillingAddress',
  'paymentDetails',
  'cancelOrder',
  'newOrder',
] as const;
export type TicketAction = (typeof ticketActions)[number];

/** The subscription as GET /api/v2/subscription/subscriptions/{id} answers it (the fields that decide). */
export interface SubscriptionState {
  status: string;
  terminationDates: readonly string[];
  terminate_date?: string | null | undefined;
  canWithdrawTermination: boolean;
  /** The last day the contract can be withdrawn (14 days, decision 29); null or absent when it cannot be. */
  withdrawableUntil?: string | null | undefined;
  /** Running and planned pauses (at most one). */
  pauses?: readonly unknown[] | undefined;
}

export interface TicketEntryState {
  /** The raw order status (SPEC.md 4.3). */
  orderStatus: string;
  /** The product ordered (RawOrder.product); deuti when absent (SPEC.md 6.1). */
  product?: string | undefined;
  /** Whether the order has a subscription (RawOrder.subscription_id): a revoked one keeps it. */
  hasSubscription?: boolean | undefined;
  /** The order's subscription; undefined for an order, or while it is loading. */
  subscription?: SubscriptionState | undefined;
  /** The ticket the entry offers (ticketToOffer); undefined when none can be downloaded. */
  ticket?: { isDownloadable: boolean } | undefined;
}

/** Whether the subscription still runs: not revoked, not canceled (a terminated one runs until its date). */
export function isSubscriptionRunning(subscription: SubscriptionState): boolean {
  return !isAlreadyCancelled(subscription.status);
}

/** A subscription (fulfilled, terminated), or an order that has one (a revoked subscription's order). */
function isSubscriptionEntry(state: TicketEntryState): boolean {
  return orderType(state.orderStatus) === 'subscription' || Boolean(state.hasSubscription) || state.subscription !== undefined;
}

/** Whether the entry is shown as ended (SPEC.md 4.3): a revoked or canceled subscription, or an order that went nowhere. */
export function isEnded(state: TicketEntryState): boolean {
  const status: DisplayedStatus = displayedStatus(state.orderStatus);
  if (status === 'revoked') return true;
  if (!isSubscriptionEntry(state)) return status !== 'ordered';
  return state.subscription !== undefined && !isSubscriptionRunning(state.subscription);
}

/** The actions the entry's state allows, in the order the screen shows them. */
export function ticketActionsOf(state: TicketEntryState): TicketAction[] {
  const changes: TicketAction[] = resolveProduct(state.product).travelerMustBeSubscriber
    ? ['changeBillingAddress']
    : ['changeTraveler', 'changeBillingAddress'];
  if (!isSubscriptionEntry(state)) {
    return displayedStatus(state.orderStatus) === 'ordered' ? [...changes, 'paymentDetails', 'cancelOrder'] : [];
  }
  const { subscription } = state;
  // The subscription's state decides; until it is known, only what needs none of it.
  if (!subscription) return ['details', 'paymentDetails'];
  // Ended: nothing to withdraw any more, so the way on is a new order (SPEC.md 4.4's call to action).
  if (!isSubscriptionRunning(subscription)) return ['details', 'paymentDetails', 'newOrder'];
  const actions: TicketAction[] = [];
  if (state.ticket?.isDownloadable) actions.push('downloadTicket', 'showTicket');
  actions.push('details');
  const terminated = Boolean(subscription.terminate_date);
  if (!terminated && subscription.terminationDates.length > 0) actions.push('terminate');
  if (!terminated && subscription.withdrawableUntil) actions.push('withdrawContract');
  if (subscription.canWithdrawTermination) actions.push('withdrawTermination');
  const paused = (subscription.pauses?.length ?? 0) > 0;
  if (paused) actions.push('resume');
  else if (!terminated) actions.push('pause');
  actions.push(...changes, 'paymentDetails');
  return actions;
}

/** A ticket as the tickets list answers it (the contract's Ticket, the fields that decide). */
export interface TicketLike {
  id: string;
  subscriptionId: string;
  validity: 'current' | 'upcoming' | 'expired';
  validFrom: string;
  isDownloadable: boolean;
}

/**
 * The ticket an entry offers to download and show: the current month's, else the next upcoming
 * one; only a downloadable one (an expired or revoked ticket cannot be downloaded).
 */
export function ticketToOffer<T extends TicketLike>(tickets: readonly T[], subscriptionId: string): T | undefined {
  return ticketsToOffer(tickets).get(subscriptionId);
}

/**
 * `ticketToOffer` for every subscription at once, by subscription id, in one pass over the tickets:
 * a list of many entries (issue 14: 500 orders) no longer filters all tickets for each entry.
 */
export function ticketsToOffer<T extends TicketLike>(tickets: readonly T[]): ReadonlyMap<string, T> {
  const offers = new Map<string, T>();
  for (const ticket of tickets) {
    if (!ticket.isDownloadable || ticket.validity === 'expired') continue;
    const held = offers.get(ticket.subscriptionId);
    if (held === undefined || offeredBefore(ticket, held)) offers.set(ticket.subscriptionId, ticket);
  }
  return offers;
}

/** Whether `ticket` is offered rather than `held`: a current one first (the first of them), else the earliest upcoming one. */
function offeredBefore(ticket: TicketLike, held: TicketLike): boolean {
  if (held.validity === 'current') return false;
  if (ticket.validity === 'current') return true;
  return ticket.validFrom < held.validFrom;
}

const fileProductNames: Record<string, string> = { deuti: 'Deutschlandticket', joti: 'Deutschlandticket-Job', seti: 'Deutschlandsemesterticket' };

/** The file name a downloaded ticket is saved as: product, subscription number, month (`Deutschlandticket-S-A100001-2026-11.pdf`). */
export function ticketFileName(ticket: { product: string; subscriptionNumber: string; validFrom: string }): string {
  const product = fileProductNames[ticket.product] ?? 'Ticket';
  const safe = ticket.subscriptionNumber.replace(/[^A-Za-z0-9-]/g, '');
  return `${product}-${safe}-${ticket.validFrom.slice(0, 7)}.pdf`;
}

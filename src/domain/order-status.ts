/**
 * Order and subscription status as displayed (SPEC.md 4.3).
 */
export type DisplayedStatus = 'active' | 'ordered' | 'canceled' | 'revoked';
export type OrderType = 'subscription' | 'order';

const ordered = new Set(['inprogress', 'submitted', 'verified', 'approved', 'accepted']);

/** inprogress … accepted → ordered; fulfilled → active; terminated → canceled; anything else → revoked. */
export function displayedStatus(rawStatus: string): DisplayedStatus {
  if (ordered.has(rawStatus)) return 'ordered';
  if (rawStatus === 'fulfilled') return 'active';
  if (rawStatus === 'terminated') return 'canceled';
  return 'revoked';
}

/** A subscription once fulfilled or terminated; an order before. */
export function orderType(rawStatus: string): OrderType {
  return rawStatus === 'terminated' || rawStatus === 'fulfilled' ? 'subscription' : 'order';
}

const statusRank: Record<DisplayedStatus, number> = { active: 0, ordered: 1, canceled: 2, revoked: 3 };

/** The list order: active, ordered, canceled, revoked (stable within a status). */
export function byDisplayedStatus<T extends { status: DisplayedStatus }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => statusRank[a.status] - statusRank[b.status]);
}

/** A subscription shown as already cancelled offers no termination (SPEC.md 4.3). */
export function isAlreadyCancelled(subscriptionStatus: string): boolean {
  return subscriptionStatus === 'revoked' || subscriptionStatus === 'canceled';
}

export interface RawOrderLike {
  id: string;
  order_items: { buy_on?: string | null }[];
  terminated_at?: string | null;
  order_status: string;
  order_number: string;
  traveler_first_name: string;
  traveler_last_name: string;
}

/** SPEC.md 3, "order list item as displayed". */
export interface OrderListItem {
  id: string;
  buyOn: string | undefined;
  terminatedAt: string | undefined;
  status: DisplayedStatus;
  type: OrderType;
  number: string;
  travelerFirstName: string;
  travelerLastName: string;
}

export function toOrderListItem(order: RawOrderLike): OrderListItem {
  return {
    id: order.id,
    buyOn: order.order_items[0]?.buy_on ?? undefined,
    terminatedAt: order.terminated_at ?? undefined,
    status: displayedStatus(order.order_status),
    type: orderType(order.order_status),
    number: order.order_number,
    travelerFirstName: order.traveler_first_name,
    travelerLastName: order.traveler_last_name,
  };
}

import type { InStatement } from '@libsql/client';

import type { components } from '#openapi/schema.gen';
import { isWithdrawable, withdrawableUntil } from '#src/domain/contract-withdrawal';
import { toIsoDate } from '#src/domain/personal-fields';
import { all, type Database, one, run } from '../db/database';

/**
 * The life of an order and its subscription in the sandbox, shared by the order and subscription
 * handlers and the seed:
 *
 * - An order is created 'submitted'. It becomes 'fulfilled' at once when no payment is due (the
 *   quote's customerPrice is 0), otherwise when the payment success call moves it there. Moving an
 *   order to 'fulfilled' makes it a subscription (the trigger of migration 003), whoever does it:
 *   the helpers coordinate through orders.order_status only.
 * - A subscription has one ticket a month, issued lazily on each read (`syncUser`): from two months
 *   back (not before the start) to next month, not in paused months and not after the termination.
 * - Termination sets terminate_date (the end of a month) and the order's status 'terminated'; once
 *   the date has passed the subscription reads as 'canceled'. Revocation ends it at once ('revoked').
 *
 * Dates are local calendar dates (YYYY-MM-DD), months YYYY-MM.
 */

type Schemas = components['schemas'];
export type Contact = Schemas['Contact'];
export type Product = Schemas['Product'];

// ---------------------------------------------------------------- calendar

export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonths(month: string, count: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function lastDayOf(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return `${month}-${String(new Date(year, monthNumber, 0).getDate()).padStart(2, '0')}`;
}

/** The months from `from` to `to`, both included; empty when `to` is before `from`. */
export function monthsFromTo(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

const maxMonth = (a: string, b: string) => (a > b ? a : b);
const minMonth = (a: string, b: string) => (a < b ? a : b);

// ---------------------------------------------------------------- rows

export interface OrderRow {
  id: string;
  order_number: string;
  user_id: string;
  product: Product;
  company_id: string;
  staff_number: string | null;
  order_status: string;
  buy_on: string;
  terminated_at: string | null;
  subscription_starts_at: string;
  billing_address: string;
  traveler: string;
  quote_id: string | null;
  customer_price: number;
  total_price: number;
  affiliate: string | null;
  created_at: string;
  cancelled_at: string | null;
}

export interface SubscriptionRow {
  id: string;
  order_id: string;
  user_id: string;
  subscription_number: string;
  status: string;
  terminate_date: string | null;
  can_withdraw_termination: number;
  pause_from: string | null;
  pause_until: string | null;
  subscriber: string | null;
  created_at: string;
}

export interface TicketRow {
  id: string;
  subscription_id: string;
  valid_from: string;
  valid_until: string;
}

/** orders.billing_address: the submit payload's billing_address (snake_case). */
export interface StoredBilling {
  gender: Contact['gender'];
  first_name: string;
  last_name: string;
  street: string;
  house_number: string;
  city: string;
  zip_code: string;
  addition?: string | undefined;
  birthdate: string;
  country: string;
}

/** orders.traveler: the traveler, and whether the subscriber is the traveler. */
export interface StoredTraveler {
  is_traveler: boolean;
  first_name: string;
  last_name: string;
  gender: Contact['gender'];
  birthdate: string;
}

/** Raw statuses of an order that is not (yet) a subscription and can still be cancelled (SPEC.md 4.3: "ordered"). */
export const openOrderStatuses = ['inprogress', 'submitted', 'verified', 'approved', 'accepted'];

export async function orderOfUser(db: Database, userId: string, orderId: string): Promise<OrderRow | undefined> {
  return one<OrderRow>(db, 'SELECT * FROM orders WHERE id = ? AND user_id = ?', [orderId, userId]);
}

export async function subscriptionOfUser(db: Database, userId: string, subscriptionId: string): Promise<{ sub: SubscriptionRow; order: OrderRow } | undefined> {
  const sub = await one<SubscriptionRow>(db, 'SELECT * FROM subscriptions WHERE id = ? AND user_id = ?', [subscriptionId, userId]);
  if (!sub) return undefined;
  const order = await one<OrderRow>(db, 'SELECT * FROM orders WHERE id = ?', [sub.order_id]);
  return order ? { sub, order } : undefined;
}

export async function subscriptionOfOrder(db: Database, orderId: string): Promise<SubscriptionRow | undefined> {
  return one<SubscriptionRow>(db, 'SELECT * FROM subscriptions WHERE order_id = ?', [orderId]);
}

// ---------------------------------------------------------------- people

export function billingToContact(billing: StoredBilling): Contact {
  return {
    gender: billing.gender,
    firstName: billing.first_name,
    lastName: billing.last_name,
    birthdate: billing.birthdate,
    zipCode: billing.zip_code,
    city: billing.city,
    street: billing.street,
    houseNumber: billing.house_number,
    ...(billing.addition ? { addition: billing.addition } : {}),
    country: billing.country,
  };
}

export function contactToBilling(contact: Contact): StoredBilling {
  return {
    gender: contact.gender,
    first_name: contact.firstName,
    last_name: contact.lastName,
    street: contact.street,
    house_number: contact.houseNumber,
    city: contact.city,
    zip_code: contact.zipCode,
    ...(contact.addition ? { addition: contact.addition } : {}),
    birthdate: contact.birthdate,
    country: contact.country,
  };
}

export function billingOf(order: OrderRow): StoredBilling {
  return JSON.parse(order.billing_address) as StoredBilling;
}

/** The subscriber: the last change-subscriber body, else the orderer (billing person). */
export function subscriberOf(order: OrderRow, sub: SubscriptionRow | undefined): Contact {
  return sub?.subscriber ? (JSON.parse(sub.subscriber) as Contact) : billingToContact(billingOf(order));
}

export interface TravelerPerson {
  isTraveler: boolean;
  firstName: string;
  lastName: string;
  gender: Contact['gender'];
  birthdate: string;
}

/** The traveler; when the subscriber travels (isTraveler), the subscriber's current data. */
export function travelerOf(order: OrderRow, sub: SubscriptionRow | undefined): TravelerPerson {
  const stored = JSON.parse(order.traveler) as StoredTraveler;
  if (stored.is_traveler) {
    const subscriber = subscriberOf(order, sub);
    return { isTraveler: true, firstName: subscriber.firstName, lastName: subscriber.lastName, gender: subscriber.gender, birthdate: subscriber.birthdate };
  }
  return { isTraveler: false, firstName: stored.first_name, lastName: stored.last_name, gender: stored.gender, birthdate: stored.birthdate };
}

// ---------------------------------------------------------------- subscription state

/** The stored status, except that a terminated subscription reads 'canceled' once its date has passed and 'paused' in a paused month. */
export function effectiveStatus(sub: SubscriptionRow, today: string): string {
  if (sub.status !== 'active') return sub.status;
  if (sub.terminate_date && sub.terminate_date < today) return 'canceled';
  if (isPausedMonth(sub, monthOf(today))) return 'paused';
  return 'active';
}

/** Running: not revoked, not canceled (a paused subscription runs). */
export function isRunning(sub: SubscriptionRow, today: string): boolean {
  const status = effectiveStatus(sub, today);
  return status === 'active' || status === 'paused';
}

/** Day of the month up to which the current month can still be chosen as the end (termination) month. */
export const terminationDeadlineDay = 10;
export const terminationDateCount = 6;

/**
 * The termination dates offered: the last day of each of the next 6 possible months. The current
 * month is possible up to the 10th; never a month before the subscription starts. None for a
 * subscription that is already terminated, revoked or canceled.
 */
export function terminationDatesOf(sub: SubscriptionRow, order: OrderRow, today: string): string[] {
  if (sub.terminate_date || !isRunning(sub, today)) return [];
  const current = monthOf(today);
  const earliest = Number(today.slice(8, 10)) <= terminationDeadlineDay ? current : addMonths(current, 1);
  const first = maxMonth(earliest, monthOf(order.subscription_starts_at));
  return monthsFromTo(first, addMonths(first, terminationDateCount - 1)).map(lastDayOf);
}

/** A termination can be withdrawn while it was the customer's own (flag) and its date has not passed. */
export function canWithdrawTermination(sub: SubscriptionRow, today: string): boolean {
  return sub.status === 'active' && sub.terminate_date !== null && sub.terminate_date >= today && sub.can_withdraw_termination === 1;
}

/**
 * The last day the subscription can be withdrawn from (revoked, cancelSubscription): the 14-day
 * right of withdrawal from the day it was concluded, or until the day before it starts when that is
 * later (src/domain/contract-withdrawal.ts, decision 29); null once terminated or not running.
 */
export function withdrawableUntilOf(sub: SubscriptionRow, order: OrderRow, today: string): string | null {
  if (!isRunning(sub, today) || sub.terminate_date) return null;
  const until = withdrawableUntil({ concludedOn: todayIso(new Date(sub.created_at)), startsOn: order.subscription_starts_at });
  return isWithdrawable(until, today) ? until : null;
}

/** A subscription can be cancelled (revoked) while its withdrawal period runs (withdrawableUntilOf). */
export function canRevoke(sub: SubscriptionRow, order: OrderRow, today: string): boolean {
  return withdrawableUntilOf(sub, order, today) !== null;
}

export type SubscriptionView = Schemas['Subscription'] & { pauses: Schemas['PauseRequest'][] };

export function subscriptionView(sub: SubscriptionRow, order: OrderRow, today: string): SubscriptionView {
  return {
    id: sub.id,
    status: effectiveStatus(sub, today),
    terminationDates: terminationDatesOf(sub, order, today),
    terminate_date: sub.terminate_date,
    canWithdrawTermination: canWithdrawTermination(sub, today),
    withdrawableUntil: withdrawableUntilOf(sub, order, today),
    // Not (yet) in the contract's Subscription schema, which allows further properties: the
    // current and future pauses, the same list as getSubscriptionPause.
    pauses: pausesOf(sub, today),
  };
}

// ---------------------------------------------------------------- pause

export const pausableMonthCount = 12;

export function isPausedMonth(sub: SubscriptionRow, month: string): boolean {
  return Boolean(sub.pause_from && sub.pause_until && sub.pause_from <= month && month <= sub.pause_until);
}

/** The pause that is running or ahead (a subscription has at most one); past pauses are history. */
export function pausesOf(sub: SubscriptionRow, today: string): Schemas['PauseRequest'][] {
  if (!sub.pause_from || !sub.pause_until || sub.pause_until < monthOf(today)) return [];
  return [{ pauseFrom: sub.pause_from, pauseUntil: sub.pause_until }];
}

/**
 * Whole months can be paused from next month on (this month's ticket is issued), for the next 12
 * months, not before the start; none while the subscription is terminated, not running, or has a
 * running or planned pause (one pause at a time: resume it first).
 */
export function pausableMonthsOf(sub: SubscriptionRow, order: OrderRow, today: string): string[] {
  if (!isRunning(sub, today) || sub.terminate_date || pausesOf(sub, today).length > 0) return [];
  const first = maxMonth(addMonths(monthOf(today), 1), monthOf(order.subscription_starts_at));
  return monthsFromTo(first, addMonths(monthOf(today), pausableMonthCount));
}

export function pauseView(sub: SubscriptionRow, order: OrderRow, today: string): Schemas['SubscriptionPause'] {
  const pausableMonths = pausableMonthsOf(sub, order, today);
  return { subscriptionId: sub.id, canPause: pausableMonths.length > 0, pausableMonths, pauses: pausesOf(sub, today) };
}

// ---------------------------------------------------------------- tickets

export const ticketMonthsBack = 2;

/**
 * The months a subscription has a ticket for: from two months back (not before the start) to next
 * month, but not after the month of its termination, not in paused months, none when revoked.
 */
export function ticketMonthsOf(sub: SubscriptionRow, order: OrderRow, today: string): string[] {
  if (sub.status === 'revoked') return [];
  const current = monthOf(today);
  const from = maxMonth(monthOf(order.subscription_starts_at), addMonths(current, -ticketMonthsBack));
  let to = addMonths(current, 1);
  if (sub.terminate_date) to = minMonth(to, monthOf(sub.terminate_date));
  else if (sub.status === 'canceled') to = minMonth(to, addMonths(current, -1));
  return monthsFromTo(from, to).filter((month) => !isPausedMonth(sub, month));
}

export function ticketIdFor(sub: SubscriptionRow, month: string): string {
  return `ticket-${sub.subscription_number}-${month}`;
}

/** Issues the missing tickets of a subscription and withdraws upcoming ones no longer due (pause, termination). */
export async function syncTickets(db: Database, sub: SubscriptionRow, order: OrderRow, today: string): Promise<void> {
  const months = ticketMonthsOf(sub, order, today);
  for (const month of months) {
    await run(db, 'INSERT OR IGNORE INTO tickets (id, subscription_id, valid_from, valid_until) VALUES (?, ?, ?, ?)', [
      ticketIdFor(sub, month),
      sub.id,
      firstDayOf(month),
      lastDayOf(month),
    ]);
  }
  const due = new Set(months.map((month) => ticketIdFor(sub, month)));
  const upcoming = await all<{ id: string }>(db, 'SELECT id FROM tickets WHERE subscription_id = ? AND valid_from > ?', [sub.id, today]);
  for (const ticket of upcoming) if (!due.has(ticket.id)) await run(db, 'DELETE FROM tickets WHERE id = ?', [ticket.id]);
}

/**
 * Brings a customer's world up to date before a read: a fulfilled order without a subscription
 * (one written to the database without the trigger's UPDATE) gets one, and every subscription gets
 * the tickets that are due today.
 */
export async function syncUser(db: Database, userId: string, today: string = todayIso()): Promise<void> {
  const orphans = await all<OrderRow>(
    db,
    "SELECT * FROM orders o WHERE o.user_id = ? AND o.order_status = 'fulfilled' AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.order_id = o.id)",
    [userId],
  );
  for (const order of orphans) await createSubscription(db, order);
  // What syncTickets does for each subscription, in three reads and at most one write: a customer
  // with hundreds of subscriptions (the bulk test customer) is read as fast as one with three.
  const subs = await all<SubscriptionRow>(db, 'SELECT * FROM subscriptions WHERE user_id = ?', [userId]);
  const orders = new Map((await all<OrderRow>(db, 'SELECT * FROM orders WHERE user_id = ?', [userId])).map((order) => [order.id, order]));
  const issued = await all<{ id: string; subscription_id: string; valid_from: string }>(
    db,
    'SELECT t.id, t.subscription_id, t.valid_from FROM tickets t JOIN subscriptions s ON s.id = t.subscription_id WHERE s.user_id = ?',
    [userId],
  );
  const issuedIds = new Set(issued.map((ticket) => ticket.id));
  const due = new Set<string>();
  const statements: InStatement[] = [];
  for (const sub of subs) {
    const order = orders.get(sub.order_id);
    if (!order) continue;
    for (const month of ticketMonthsOf(sub, order, today)) {
      const id = ticketIdFor(sub, month);
      due.add(id);
      if (!issuedIds.has(id))
        statements.push({
          sql: 'INSERT OR IGNORE INTO tickets (id, subscription_id, valid_from, valid_until) VALUES (?, ?, ?, ?)',
          args: [id, sub.id, firstDayOf(month), lastDayOf(month)],
        });
    }
  }
  const synced = new Set(subs.filter((sub) => orders.has(sub.order_id)).map((sub) => sub.id));
  for (const ticket of issued) {
    if (synced.has(ticket.subscription_id) && ticket.valid_from > today && !due.has(ticket.id))
      statements.push({ sql: 'DELETE FROM tickets WHERE id = ?', args: [ticket.id] });
  }
  if (statements.length > 0) await db.batch(statements, 'write');
}

/** The subscription of a fulfilled order, as the trigger of migration 003 makes it. */
export async function createSubscription(db: Database, order: OrderRow): Promise<void> {
  await run(
    db,
    `INSERT OR IGNORE INTO subscriptions (id, order_id, user_id, subscription_number, status, created_at)
     VALUES (?, ?, ?, ?, 'active', ?)`,
    [`sub-${order.id}`, order.id, order.user_id, `S-${order.order_number.replace('-', '')}`, new Date().toISOString()],
  );
}

/** Moves an order to 'fulfilled' (the trigger makes the subscription) and issues its tickets. */
export async function fulfillOrder(db: Database, orderId: string, today: string = todayIso()): Promise<void> {
  await run(db, "UPDATE orders SET order_status = 'fulfilled' WHERE id = ?", [orderId]);
  const order = await one<OrderRow>(db, 'SELECT * FROM orders WHERE id = ?', [orderId]);
  const sub = await subscriptionOfOrder(db, orderId);
  if (order && sub) await syncTickets(db, sub, order, today);
}

// ---------------------------------------------------------------- ticket view

export const productLabels: Record<Product, { 'de-DE': string; 'en-US': string }> = {
  deuti: { 'de-DE': 'Deutschlandticket', 'en-US': 'Deutschlandticket' },
  joti: { 'de-DE': 'Deutschlandticket Job', 'en-US': 'Deutschlandticket (job ticket)' },
  seti: { 'de-DE': 'Deutschlandsemesterticket', 'en-US': 'Deutschlandticket (semester ticket)' },
};

export function ticketValidity(ticket: TicketRow, today: string): Schemas['TicketValidity'] {
  if (ticket.valid_until < today) return 'expired';
  if (ticket.valid_from > today) return 'upcoming';
  return 'current';
}

export function ticketNumberOf(ticket: TicketRow, sub: SubscriptionRow): string {
  return `${sub.subscription_number}-${ticket.valid_from.slice(0, 7).replace('-', '')}`;
}

/** A ticket as the API shows it; the handlers add its barcode's content (signed with the sandbox's secret). */
export function ticketView(
  ticket: TicketRow,
  sub: SubscriptionRow,
  order: OrderRow,
  companyName: string | null,
  today: string,
): Omit<Schemas['Ticket'], 'barcode'> {
  const traveler = travelerOf(order, sub);
  const validity = ticketValidity(ticket, today);
  return {
    id: ticket.id,
    ticketNumber: ticketNumberOf(ticket, sub),
    subscriptionId: sub.id,
    subscriptionNumber: sub.subscription_number,
    product: order.product,
    validity,
    validFrom: ticket.valid_from,
    validUntil: ticket.valid_until,
    holder: { firstName: traveler.firstName, lastName: traveler.lastName, birthdate: traveler.birthdate },
    companyName,
    isDownloadable: validity !== 'expired' && sub.status !== 'revoked',
  };
}

import type { components } from '#openapi/schema.gen';
import { parseDate } from '#src/domain/personal-fields';
import { products } from '#src/domain/product';
import { all, one, run } from '../db/database';
import { bodyOf, type HandlerContext, type Handlers, requireSession } from '../handler';
import { json, noContent, problem, type Reply } from '../http';
import {
  addMonths,
  canRevoke,
  canWithdrawTermination,
  isRunning,
  monthOf,
  monthsFromTo,
  type OrderRow,
  pausableMonthsOf,
  pausesOf,
  pauseView,
  subscriberOf,
  subscriptionOfUser,
  type SubscriptionRow,
  subscriptionView,
  syncTickets,
  syncUser,
  terminationDatesOf,
  ticketMonthsOf,
  type TicketRow,
  ticketView,
  todayIso,
  travelerOf,
} from '../tickets/subscription-lifecycle';
import { alreadyTerminatedProblem, applyTermination, invalidTerminationDateProblem } from '../tickets/termination';
import { renderTicketPdf, ticketBarcodeText } from '../tickets/ticket-pdf';
import { changeTraveler, checkContact, travelerResponse, validationProblem } from './contact-checks';

type Schemas = components['schemas'];

/**
 * Operations of the contract's "subscriptions" and "tickets" areas (SPEC.md 7.3, 4.4). The rules
 * (termination dates, withdrawal, revocation, pauses, ticket months) live in
 * sandbox/tickets/subscription-lifecycle.ts.
 */

const subscriptionNotFound = () => problem(404, 'notFound', 'No such subscription');
const ticketNotFound = () => problem(404, 'notFound', 'No such ticket');

async function ownSubscription(
  ctx: HandlerContext,
  id: string = String(ctx.request.params.id),
): Promise<{ sub: SubscriptionRow; order: OrderRow } | undefined> {
  const { userId } = requireSession(ctx);
  await syncUser(ctx.db, userId);
  return subscriptionOfUser(ctx.db, userId, id);
}

/** Re-reads a subscription and its order after a change. */
async function reload(ctx: HandlerContext, subscriptionId: string): Promise<{ sub: SubscriptionRow; order: OrderRow }> {
  const found = await subscriptionOfUser(ctx.db, requireSession(ctx).userId, subscriptionId);
  if (!found) throw new Error(`subscription ${subscriptionId} vanished`);
  return found;
}

async function getSubscription(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  return json(200, subscriptionView(found.sub, found.order, todayIso()));
}

async function getSubscriptionDetails(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  const { sub, order } = found;
  const traveler = travelerOf(order, sub);
  const details: Schemas['SubscriptionDetails'] = {
    ...subscriptionView(sub, order, todayIso()),
    subscriptionNumber: sub.subscription_number,
    product: order.product,
    startsOn: order.subscription_starts_at,
    orderId: order.id,
    orderNumber: order.order_number,
    subscriber: subscriberOf(order, sub),
    traveler,
    monthlyPrice: order.customer_price,
    ...(order.staff_number ? { companyUserInfo: { company_id: order.company_id, staff_number: order.staff_number } } : {}),
  };
  return json(200, details);
}

/**
 * The termination state and dates. The optional birthdate query is a proof of identity: when given,
 * it must be the subscriber's birthdate (DD.MM.YYYY or YYYY-MM-DD), else 400 birthDateMismatch and
 * nothing is disclosed. Without it the signed-in session is proof enough.
 */
async function getTermination(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  const birthdate = ctx.request.query.birthdate;
  if (typeof birthdate === 'string' && parseDate(birthdate) !== subscriberOf(found.order, found.sub).birthdate) {
    return problem(400, 'birthDateMismatch', 'The birthdate is not the subscriber’s', { errors: [{ field: 'query.birthdate', code: 'birthDateMismatch' }] });
  }
  return json(200, subscriptionView(found.sub, found.order, todayIso()));
}

/**
 * Terminates at one of the offered dates (end of a month). Already terminated, revoked or canceled:
 * 400 isAlreadyTerminated (SPEC.md 8). The customer's own termination can be withdrawn until its date.
 */
async function terminateSubscription(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  const { sub, order } = found;
  const today = todayIso();
  const terminated = alreadyTerminatedProblem(sub, today);
  if (terminated) return terminated;
  const { terminate_date: date } = bodyOf<'terminateSubscription'>(ctx);
  const offered = terminationDatesOf(sub, order, today);
  if (!offered.includes(date)) return invalidTerminationDateProblem(offered, 'terminate_date');
  const updated = await applyTermination(ctx.db, sub, order, date, today);
  const user = await one<{ email: string }>(ctx.db, 'SELECT email FROM users WHERE id = ?', [sub.user_id]);
  if (user) {
    await ctx.outbox.send({
      to: user.email,
      kind: 'other',
      subject: `Kündigungsbestätigung ${sub.subscription_number} / Termination confirmed`,
      body: `Ihr Abonnement ${sub.subscription_number} endet am ${date}. Your subscription ${sub.subscription_number} ends on ${date}.`,
      link: `${ctx.config.portalOrigin}/app/dashboard/subscription/${encodeURIComponent(sub.id)}/withdraw-termination`,
    });
  }
  return json(200, subscriptionView(updated.sub, updated.order, today));
}

async function withdrawTermination(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  const { sub, order } = found;
  const today = todayIso();
  if (!canWithdrawTermination(sub, today)) {
    return problem(409, 'terminationNotWithdrawable', sub.terminate_date ? 'The termination can no longer be withdrawn' : 'The subscription is not terminated');
  }
  await run(ctx.db, 'UPDATE subscriptions SET terminate_date = NULL, can_withdraw_termination = 0 WHERE id = ?', [sub.id]);
  await run(ctx.db, "UPDATE orders SET order_status = 'fulfilled', terminated_at = NULL WHERE id = ?", [order.id]);
  const updated = await reload(ctx, sub.id);
  await syncTickets(ctx.db, updated.sub, updated.order, today);
  return json(200, subscriptionView(updated.sub, updated.order, today));
}

/**
 * Cancellation (revocation, the customer's withdrawal from the contract, § 355 BGB): possible while
 * the subscription's withdrawableUntil has not passed (within 14 days of its conclusion, or before
 * it starts; decision 29), and not once terminated; else 409 subscriptionNotCancellable. The
 * subscription and its order become 'revoked'; its current and upcoming tickets are withdrawn.
 */
async function cancelSubscription(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  const { sub, order } = found;
  const today = todayIso();
  if (!canRevoke(sub, order, today)) {
    return problem(409, 'subscriptionNotCancellable', 'The subscription can no longer be cancelled; terminate it instead');
  }
  await run(ctx.db, "UPDATE subscriptions SET status = 'revoked' WHERE id = ?", [sub.id]);
  await run(ctx.db, "UPDATE orders SET order_status = 'revoked' WHERE id = ?", [order.id]);
  await run(ctx.db, 'DELETE FROM tickets WHERE subscription_id = ? AND valid_until >= ?', [sub.id, today]);
  if (order.product === 'seti' && order.staff_number) {
    await run(ctx.db, 'UPDATE students SET taken_by_user_id = NULL WHERE matriculation_number = ? AND taken_by_user_id = ?', [
      order.staff_number,
      order.user_id,
    ]);
  }
  const updated = await reload(ctx, sub.id);
  return json(200, subscriptionView(updated.sub, updated.order, today));
}

// ---------------------------------------------------------------- pause

async function getSubscriptionPause(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  return json(200, pauseView(found.sub, found.order, todayIso()));
}

/**
 * Pauses whole months, pauseFrom to pauseUntil: each must be one of pausableMonths (from next month
 * on, 12 months ahead). One pause at a time; none for a terminated or ended subscription (409
 * pauseNotPossible). The paused months get no ticket.
 */
async function pauseSubscription(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  const { sub, order } = found;
  const today = todayIso();
  const { pauseFrom, pauseUntil } = bodyOf<'pauseSubscription'>(ctx);
  if (pauseFrom > pauseUntil) {
    return problem(400, 'invalidPauseRange', 'The pause ends before it begins', { errors: [{ field: 'pauseUntil', code: 'invalidPauseRange' }] });
  }
  const pausable = pausableMonthsOf(sub, order, today);
  if (pausable.length === 0) {
    const why = pausesOf(sub, today).length > 0 ? 'it already has a pause' : sub.terminate_date ? 'it is terminated' : 'it is not running';
    return problem(409, 'pauseNotPossible', `The subscription cannot be paused: ${why}`);
  }
  const months = monthsFromTo(pauseFrom, pauseUntil);
  const outside = months.filter((month) => !pausable.includes(month));
  if (outside.length > 0) {
    return problem(400, 'monthNotPausable', 'Not every month can be paused', {
      detail: `Pausable: ${pausable[0]} to ${pausable.at(-1)}`,
      errors: [{ field: outside.includes(pauseFrom) ? 'pauseFrom' : 'pauseUntil', code: 'monthNotPausable' }],
    });
  }
  await run(ctx.db, 'UPDATE subscriptions SET pause_from = ?, pause_until = ? WHERE id = ?', [pauseFrom, pauseUntil, sub.id]);
  const updated = await reload(ctx, sub.id);
  await syncTickets(ctx.db, updated.sub, updated.order, today);
  return json(200, pauseView(updated.sub, updated.order, today));
}

/**
 * Resumes from pauseDate's month: the pause then ends the month before (or is removed when it had
 * not begun by then). 404 when no pause covers that month; 400 for a month in the past.
 */
async function resumeSubscription(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  const { sub } = found;
  const today = todayIso();
  const month = monthOf(String(ctx.request.query.pauseDate));
  if (month < monthOf(today)) {
    return problem(400, 'invalidPauseDate', 'A pause cannot end in the past', { errors: [{ field: 'query.pauseDate', code: 'invalidPauseDate' }] });
  }
  const pause = pausesOf(sub, today)[0];
  if (!pause || month < pause.pauseFrom || month > pause.pauseUntil) return problem(404, 'pauseNotFound', 'No pause covers that month');
  const until = addMonths(month, -1);
  if (until < pause.pauseFrom) await run(ctx.db, 'UPDATE subscriptions SET pause_from = NULL, pause_until = NULL WHERE id = ?', [sub.id]);
  else await run(ctx.db, 'UPDATE subscriptions SET pause_until = ? WHERE id = ?', [until, sub.id]);
  const updated = await reload(ctx, sub.id);
  await syncTickets(ctx.db, updated.sub, updated.order, today);
  return json(200, pauseView(updated.sub, updated.order, today));
}

// ---------------------------------------------------------------- subscriber and traveler

/** The new subscriber, checked with the shared rules; for seti the names cannot change (billingNameChangeNotAllowed). */
async function changeSubscriber(ctx: HandlerContext): Promise<Reply> {
  const { subscriptionId, ...input } = bodyOf<'changeSubscriber'>(ctx);
  const found = await ownSubscription(ctx, subscriptionId);
  if (!found) return subscriptionNotFound();
  const { sub, order } = found;
  const checked = checkContact(input, new Date());
  if (!checked.ok) return validationProblem(checked.errors);
  if (!isRunning(sub, todayIso())) return problem(400, 'subscriptionNotActive', 'The subscription has ended');
  const current = subscriberOf(order, sub);
  if (!products[order.product].billingNameChangeable && (checked.value.firstName !== current.firstName || checked.value.lastName !== current.lastName)) {
    return problem(400, 'billingNameChangeNotAllowed', 'For this product the names cannot be changed', {
      errors: [{ field: checked.value.firstName !== current.firstName ? 'firstName' : 'lastName', code: 'billingNameChangeNotAllowed' }],
    });
  }
  await run(ctx.db, 'UPDATE subscriptions SET subscriber = ? WHERE id = ?', [JSON.stringify(checked.value), sub.id]);
  return noContent();
}

async function getSubscriptionTraveler(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  return json(200, travelerResponse(found.order, found.sub));
}

async function updateSubscriptionTraveler(ctx: HandlerContext): Promise<Reply> {
  const found = await ownSubscription(ctx);
  if (!found) return subscriptionNotFound();
  if (!isRunning(found.sub, todayIso())) return problem(400, 'subscriptionNotActive', 'The subscription has ended');
  return changeTraveler(ctx.db, found.order, found.sub, bodyOf<'updateSubscriptionTraveler'>(ctx));
}

// ---------------------------------------------------------------- tickets

interface TicketContext {
  ticket: TicketRow;
  sub: SubscriptionRow;
  order: OrderRow;
  companyName: string | null;
}

async function ticketsOfUser(ctx: HandlerContext, ticketId?: string): Promise<TicketContext[]> {
  const { userId } = requireSession(ctx);
  await syncUser(ctx.db, userId);
  const rows = await all<TicketRow & { company_name: string | null; product: string }>(
    ctx.db,
    `SELECT t.*, c.name AS company_name, o.product FROM tickets t
       JOIN subscriptions s ON s.id = t.subscription_id
       JOIN orders o ON o.id = s.order_id
       LEFT JOIN companies c ON c.id = o.company_id
     WHERE s.user_id = ? ${ticketId ? 'AND t.id = ?' : ''}
     ORDER BY t.valid_from DESC, s.subscription_number`,
    ticketId ? [userId, ticketId] : [userId],
  );
  const result: TicketContext[] = [];
  // One read per subscription, not per ticket (a customer with 500 orders has thousands of tickets).
  const subscriptions = new Map<string, Promise<{ sub: SubscriptionRow; order: OrderRow } | undefined>>();
  for (const row of rows) {
    if (!subscriptions.has(row.subscription_id)) subscriptions.set(row.subscription_id, subscriptionOfUser(ctx.db, userId, row.subscription_id));
    const found = await subscriptions.get(row.subscription_id);
    if (!found) continue;
    // A revoked subscription keeps only its past tickets; a ticket of a month no longer due is not shown.
    if (row.valid_from > todayIso() && !ticketMonthsOf(found.sub, found.order, todayIso()).includes(monthOf(row.valid_from))) continue;
    const ticket: TicketRow = { id: row.id, subscription_id: row.subscription_id, valid_from: row.valid_from, valid_until: row.valid_until };
    result.push({ ticket, ...found, companyName: row.product === 'deuti' ? null : row.company_name });
  }
  return result;
}

/** The ticket with its barcode's content: the very text the PDF's Aztec code carries (ticketBarcodeText). */
function withBarcode(ctx: HandlerContext, view: Omit<Schemas['Ticket'], 'barcode'>): Schemas['Ticket'] {
  return { ...view, barcode: ticketBarcodeText(view, ctx.config.secret) };
}

async function listTickets(ctx: HandlerContext): Promise<Reply> {
  const today = todayIso();
  const validity = ctx.request.query.validity as Schemas['TicketValidity'] | undefined;
  const tickets = (await ticketsOfUser(ctx)).map(({ ticket, sub, order, companyName }) => withBarcode(ctx, ticketView(ticket, sub, order, companyName, today)));
  return json(
    200,
    tickets.filter((ticket) => !validity || ticket.validity === validity),
  );
}

async function getTicket(ctx: HandlerContext): Promise<Reply> {
  const [found] = await ticketsOfUser(ctx, String(ctx.request.params.id));
  if (!found) return ticketNotFound();
  return json(200, withBarcode(ctx, ticketView(found.ticket, found.sub, found.order, found.companyName, todayIso())));
}

/** The ticket as PDF (application/pdf) with its Aztec code; 400 ticketNotDownloadable for an expired or revoked one. */
async function downloadTicketPdf(ctx: HandlerContext): Promise<Reply> {
  const [found] = await ticketsOfUser(ctx, String(ctx.request.params.id));
  if (!found) return ticketNotFound();
  const view = ticketView(found.ticket, found.sub, found.order, found.companyName, todayIso());
  if (!view.isDownloadable) return problem(400, 'ticketNotDownloadable', 'This ticket can no longer be downloaded');
  const pdf = await renderTicketPdf(view, { secret: ctx.config.secret });
  return {
    status: 200,
    raw: pdf,
    contentType: 'application/pdf',
    headers: { 'Content-Disposition': `attachment; filename="ticket-${view.ticketNumber}.pdf"`, 'Cache-Control': 'private, no-store' },
  };
}

/** Operations of the contract's "subscriptions" and "tickets" areas. */
export const subscriptionHandlers: Handlers = {
  getSubscription,
  getSubscriptionDetails,
  getTermination,
  terminateSubscription,
  cancelSubscription,
  getSubscriptionPause,
  pauseSubscription,
  resumeSubscription,
  withdrawTermination,
  downloadTicketPdf,
  getTicket,
  listTickets,
  changeSubscriber,
  getSubscriptionTraveler,
  updateSubscriptionTraveler,
};

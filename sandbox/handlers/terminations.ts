import type { components } from '#openapi/schema.gen';
import { parseDate } from '#src/domain/personal-fields';
import { clientKeysOf, recordFailure, refusedFor, terminationAttemptLimit, tooManyAttempts } from '../attempt-limit';
import { one } from '../db/database';
import { bodyOf, type HandlerContext, type Handlers } from '../handler';
import { json, problem, type Reply } from '../http';
import {
  type Contact,
  type OrderRow,
  subscriberOf,
  subscriptionOfUser,
  type SubscriptionRow,
  syncUser,
  terminationDatesOf,
  todayIso,
} from '../tickets/subscription-lifecycle';
import { alreadyTerminatedProblem, applyTermination, invalidTerminationDateProblem } from '../tickets/termination';

type Schemas = components['schemas'];

/**
 * The anonymous termination (§ 312k BGB's cancellation button; decision 22): a visitor identifies a
 * subscription by its order or subscription number and the subscriber's names and birthdate, sees
 * its possible dates, and terminates it without signing in. The termination itself is the signed-in
 * one's (sandbox/tickets/termination.ts).
 *
 * Nothing here tells which numbers or people exist: a wrong number and a wrong name or birthdate get
 * the same 404 `contractNotFound`, after the same work. Failed identifications count against the
 * browser and the address (sandbox/attempt-limit.ts); past the limit every call is 429.
 */

const notFound = () => problem(404, 'contractNotFound', 'We could not find a contract with these details');

/** Compared as a person would: surrounding and repeated spaces, case and Unicode form do not matter. */
function sameName(stored: string, given: string): boolean {
  const normal = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-DE');
  return normal(stored) === normal(given);
}

/** Who a wrong number is compared with, so a wrong number costs the same comparisons as a wrong name. */
const nobody: Pick<Contact, 'firstName' | 'lastName' | 'birthdate'> = { firstName: '\u0000', lastName: '\u0000', birthdate: '0000-00-00' };

type Identity = Schemas['TerminationIdentity'];
type Found = { sub: SubscriptionRow; order: OrderRow };

/**
 * The subscription the details identify, or the refusal: 429 while the client is over the limit,
 * 404 (counted as a failure) when the number, a name or the birthdate does not fit.
 */
async function identify(ctx: HandlerContext, identity: Identity): Promise<{ ok: true; found: Found } | { ok: false; reply: Reply }> {
  const keys = clientKeysOf(ctx.c, ctx.config.secret);
  const wait = await refusedFor(ctx.db, keys);
  if (wait !== undefined) return { ok: false, reply: tooManyAttempts(wait) };
  const number = identity.number.trim().toUpperCase();
  const row = await one<{ id: string; user_id: string }>(
    ctx.db,
    'SELECT s.id, s.user_id FROM subscriptions s JOIN orders o ON o.id = s.order_id WHERE UPPER(o.order_number) = ? OR UPPER(s.subscription_number) = ?',
    [number, number],
  );
  const candidate = row ? await subscriptionOfUser(ctx.db, row.user_id, row.id) : undefined;
  const subscriber = candidate ? subscriberOf(candidate.order, candidate.sub) : nobody;
  const fits = [
    sameName(subscriber.firstName, identity.firstName),
    sameName(subscriber.lastName, identity.lastName),
    parseDate(identity.birthdate) === subscriber.birthdate,
  ];
  if (!candidate || fits.includes(false)) {
    await recordFailure(ctx.db, keys);
    return { ok: false, reply: notFound() };
  }
  // Statuses follow the calendar (a running month, an ended termination) before anything is decided.
  await syncUser(ctx.db, candidate.sub.user_id);
  const found = await subscriptionOfUser(ctx.db, candidate.sub.user_id, candidate.sub.id);
  return found ? { ok: true, found } : { ok: false, reply: notFound() };
}

function getTerminationPolicy(): Reply {
  const policy: Schemas['TerminationPolicy'] = { maxFailedAttempts: terminationAttemptLimit.perBrowser, windowSeconds: terminationAttemptLimit.windowSeconds };
  return json(200, policy);
}

async function findTerminationDates(ctx: HandlerContext): Promise<Reply> {
  const identified = await identify(ctx, bodyOf<'findTerminationDates'>(ctx));
  if (!identified.ok) return identified.reply;
  const { sub, order } = identified.found;
  const today = todayIso();
  const terminated = alreadyTerminatedProblem(sub, today);
  if (terminated) return terminated;
  const options: Schemas['TerminationOptions'] = {
    subscriptionNumber: sub.subscription_number,
    orderNumber: order.order_number,
    terminationDates: terminationDatesOf(sub, order, today),
  };
  return json(200, options);
}

/** A date as the confirmation writes it, and the time of receipt in German time. */
const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const berlin = (at: Date, locale: 'de-DE' | 'en-GB') =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    at,
  );

async function requestTermination(ctx: HandlerContext): Promise<Reply> {
  const body = bodyOf<'requestTermination'>(ctx);
  const identified = await identify(ctx, body);
  if (!identified.ok) return identified.reply;
  const { sub, order } = identified.found;
  const receivedAt = new Date();
  const today = todayIso(receivedAt);
  const terminated = alreadyTerminatedProblem(sub, today);
  if (terminated) return terminated;
  const offered = terminationDatesOf(sub, order, today);
  const date = !body.date || body.date === 'next' ? offered[0] : body.date;
  if (!date || !offered.includes(date)) return invalidTerminationDateProblem(offered, 'date');
  await applyTermination(ctx.db, sub, order, date, today);

  const confirmation: Schemas['TerminationConfirmation'] = {
    subscriptionNumber: sub.subscription_number,
    orderNumber: order.order_number,
    receivedAt: receivedAt.toISOString(),
    terminateDate: date,
    email: body.email.trim(),
  };
  const mail = {
    kind: 'other' as const,
    subject: `Kündigungsbestätigung ${sub.subscription_number} / Confirmation of your termination`,
    body:
      `Wir haben Ihre Kündigung am ${berlin(receivedAt, 'de-DE')} Uhr (deutsche Zeit) erhalten. ` +
      `Gekündigt: Abonnement ${sub.subscription_number} (Bestellung ${order.order_number}), ordentliche Kündigung. Es endet am ${germanDate(date)}. ` +
      `We received your notice of termination on ${berlin(receivedAt, 'en-GB')} (German time). ` +
      `Terminated: subscription ${sub.subscription_number} (order ${order.order_number}), ordinary termination. It ends on ${date}.`,
    link: `${ctx.config.portalOrigin}/app/dashboard/tickets`,
  };
  await ctx.outbox.send({ ...mail, to: confirmation.email });
  // The account holder learns of it too, when the confirmation went elsewhere.
  const account = await one<{ email: string }>(ctx.db, 'SELECT email FROM users WHERE id = ?', [sub.user_id]);
  if (account && account.email.toLowerCase() !== confirmation.email.toLowerCase()) await ctx.outbox.send({ ...mail, to: account.email });
  return json(201, confirmation);
}

/** Operations of the anonymous termination (tag "subscriptions", no session). */
export const terminationHandlers: Handlers = { getTerminationPolicy, findTerminationDates, requestTermination };

import type { InValue } from '@libsql/client';
import * as v from 'valibot';

import type { components } from '#openapi/schema.gen';
import { allowedPaymentMethods, paymentDueDate, type PaymentMethod } from '#src/domain/payment-methods';
import { checkIban, normalizeIban, paymentInformationSchema } from '#src/domain/payment-rules';
import { fieldIssues } from '#src/domain/personal-fields';
import { resolveProduct } from '#src/domain/product';
import { staffNumberSchema } from '#src/domain/staff-number';
import type { SandboxConfig } from '../config';
import { all, type Database, one, run } from '../db/database';
import { bodyOf, type HandlerContext, type Handlers, requireSession } from '../handler';
import { json, problem, type Reply } from '../http';
import { randomToken, sha256Hex } from '../security';
import { companyById, staffRules } from './order-catalog';

type Schemas = components['schemas'];

/**
 * Operations of the contract's "payment" area (SPEC.md 7.4), and the payment provider's side that
 * the hosted payment page (sandbox/pages/payment-page.ts) shares with them:
 *
 * upsertPaymentInstrument opens a payment session and answers the page's URL; the page records the
 * instrument (not yet linked to the order) and sends the browser back to the portal with the
 * transaction; confirmPaymentSuccess links the instrument to the order and, after an order, makes
 * the order a running subscription with tickets and its first payment.
 */

// ---------------------------------------------------------------- rows and shared helpers

export interface InstrumentRow {
  id: string;
  user_id: string;
  order_id: string | null;
  type: Schemas['PaymentInstrumentType'];
  account_holder: string | null;
  iban: string | null;
  bic: string | null;
  issuer: string | null;
  number: string | null;
  validity: string | null;
  status: Schemas['InstrumentStatus'];
  created_at: string;
  /** Migration 007 (decision 32): 1 when the operator locked the instrument; its explanation, if any. */
  locked?: number | null;
  locked_reason?: string | null;
}

export interface PaymentSessionRow {
  id: string;
  user_id: string;
  order_id: string | null;
  order_number: string | null;
  payload: string;
  status: 'open' | 'paid' | 'failed' | 'error';
  transaction_id: string | null;
  created_at: string;
  purpose: 'order' | 'edit';
  allowed_methods: string;
  payment_method: string | null;
  payment_instrument_id: string | null;
  confirmed_at: string | null;
}

interface OrderRow {
  id: string;
  order_number: string;
  user_id: string;
  order_status: string;
  subscription_starts_at: string;
  billing_address: string;
  customer_price: number;
}

/** A payment session is open for this long after the upsert. */
export const paymentSessionTtlMs = 60 * 60 * 1000;

/** Raw statuses before fulfilment (SPEC.md 4.3 "ordered"): a confirmed payment fulfils them. */
const statusesBeforeFulfilment = ['inprogress', 'submitted', 'verified', 'approved', 'accepted'];

/** "DE89 **** **** **** 3000": country and check digits, the last four; the length is not shown either. */
export function maskIban(iban: string): string {
  const electronic = normalizeIban(iban);
  return `${electronic.slice(0, 4)} **** **** **** ${electronic.slice(-4)}`;
}

/** "**** **** **** 4242". */
export function maskCardNumber(cardNumber: string): string {
  return `**** **** **** ${cardNumber.replace(/\D/g, '').slice(-4)}`;
}

export async function isBlacklistedIban(db: Database, iban: string): Promise<boolean> {
  return Boolean(await one(db, 'SELECT iban FROM blacklisted_ibans WHERE iban = ?', [normalizeIban(iban)]));
}

export async function loadPaymentSession(db: Database, id: string): Promise<PaymentSessionRow | undefined> {
  return one<PaymentSessionRow>(db, 'SELECT * FROM payment_sessions WHERE id = ?', [id]);
}

export function sessionAllowedMethods(session: PaymentSessionRow): PaymentMethod[] {
  return session.allowed_methods.split(',').filter((method): method is PaymentMethod => method === 'BANKACCOUNT' || method === 'CREDITCARD');
}

export function isSessionExpired(session: PaymentSessionRow, now = Date.now()): boolean {
  return Date.parse(session.created_at) + paymentSessionTtlMs < now;
}

/**
 * Where the page sends the top window back to (docs/decisions/0011-hosted-payment-page.md):
 * - paid after an order: /app/payment/{orderNumber}?orderId&transactionId&paymentMethod&paymentInstrumentId
 * - paid in an edit: /app/payment/edit/{orderNumber}?orderId&orderNumber&transactionId&paymentMethod&paymentInstrumentId
 * - declined: /app/payment/failure?orderNumber&hasShopError=false (no orderNumber after an edit: no retry)
 * A provider error returns like a payment (without instrument); the portal's success call then gets 500.
 */
export function returnUrl(config: SandboxConfig, session: Pick<PaymentSessionRow, 'purpose' | 'order_id' | 'order_number'>, outcome: ReturnOutcome): string {
  const orderNumber = session.order_number ?? '';
  if (outcome.kind === 'declined') {
    const query = new URLSearchParams(session.purpose === 'order' ? { orderNumber, hasShopError: 'false' } : { hasShopError: 'false' });
    return `${config.portalOrigin}/app/payment/failure?${query}`;
  }
  const result = { transactionId: outcome.transactionId, paymentMethod: outcome.paymentMethod, paymentInstrumentId: outcome.paymentInstrumentId ?? '' };
  if (session.purpose === 'edit') {
    const query = new URLSearchParams({ orderId: session.order_id ?? '', orderNumber, ...result });
    return `${config.portalOrigin}/app/payment/edit/${encodeURIComponent(orderNumber)}?${query}`;
  }
  const query = new URLSearchParams({ orderId: session.order_id ?? '', ...result });
  return `${config.portalOrigin}/app/payment/${encodeURIComponent(orderNumber)}?${query}`;
}

export type ReturnOutcome =
  { kind: 'declined' } | { kind: 'paid' | 'providerError'; transactionId: string; paymentMethod: PaymentMethod; paymentInstrumentId?: string };

/** The instrument as the contract shows it (masked; fields of the other type left out). */
export function instrumentReply(row: InstrumentRow): Schemas['PaymentInstrument'] {
  const reply: Schemas['PaymentInstrument'] = { paymentInstrumentType: row.type, instrumentStatus: row.status };
  if (row.account_holder) reply.accountHolder = row.account_holder;
  if (row.iban) reply.iban = row.iban;
  if (row.bic) reply.bic = row.bic;
  if (row.issuer) reply.issuer = row.issuer;
  if (row.number) reply.number = row.number;
  if (row.validity) reply.validity = row.validity;
  // Absent means not locked (decision 32): an operator that knows no lock sends neither field.
  if (row.locked) reply.locked = true;
  if (row.locked && row.locked_reason) reply.lockedReason = row.locked_reason;
  return reply;
}

/** The instrument an order pays with now: the one linked last. */
export async function currentInstrument(db: Database, orderId: string): Promise<InstrumentRow | undefined> {
  return one<InstrumentRow>(db, 'SELECT * FROM payment_instruments WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1', [orderId]);
}

/** A payment row whose due date follows SPEC.md 9 (start of the period, or the charge day when later). */
export async function insertPayment(
  db: Database,
  payment: {
    userId: string;
    orderId: string;
    amount: number;
    periodStart: string;
    chargedOn: string;
    status: Schemas['Payment']['status'];
    instrumentType: Schemas['PaymentInstrumentType'];
  },
): Promise<string> {
  const id = `pay-${randomToken(9)}`;
  await run(db, 'INSERT INTO payments (id, user_id, order_id, amount, due_date, status, created_at, instrument_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    id,
    payment.userId,
    payment.orderId,
    payment.amount,
    paymentDueDate(payment.periodStart, payment.chargedOn),
    payment.status,
    `${payment.chargedOn}T08:00:00.000Z`,
    payment.instrumentType,
  ]);
  return id;
}

function notFound(detail: string): Reply {
  return problem(404, 'notFound', 'Not Found', { detail });
}

async function orderOfUser(db: Database, orderId: string, userId: string): Promise<OrderRow | undefined> {
  return one<OrderRow>(db, 'SELECT * FROM orders WHERE id = ? AND user_id = ?', [orderId, userId]);
}

// ---------------------------------------------------------------- getPaymentInformation, updatePaymentInformation

async function getPaymentInformation(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const row = await one<{ account_name: string; iban: string; bic: string; has_agreed_to_sepa: number }>(
    ctx.db,
    'SELECT account_name, iban, bic, has_agreed_to_sepa FROM payment_information WHERE user_id = ?',
    [userId],
  );
  if (!row) return notFound('The customer has no direct-debit information yet.');
  return json(200, { account_name: row.account_name, iban: row.iban, bic: row.bic, has_agreed_to_sepa: true } satisfies Schemas['PaymentInformation']);
}

/**
 * Validates with the portal's own schemas (src/domain/payment-rules.ts). Field rules other than the
 * IBAN's (the account holder's Latin text) fail with 400 and field errors; the IBAN is the bank
 * check whose result the contract answers with 200: `Blacklist` (SPEC.md 8 ibanBlacklist), or
 * `CountryNotAllowed`/`InvalidLength`/`InvalidFormat`/`InvalidChecksum` (invalidPaymentInformation).
 */
async function updatePaymentInformation(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const body = bodyOf<'updatePaymentInformation'>(ctx);
  const parsed = v.safeParse(paymentInformationSchema, body);
  if (!parsed.success) {
    const errors = parsed.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', code: issue.message }));
    if (errors.some((error) => error.field !== 'iban')) return problem(400, 'validationFailed', 'The payment information has invalid fields', { errors });
    return json(200, { is_valid: false, iban_validation_result: checkIban(body.iban) } satisfies Schemas['PaymentValidation']);
  }
  const information = parsed.output;
  if (await isBlacklistedIban(ctx.db, information.iban)) {
    return json(200, { is_valid: false, iban_validation_result: 'Blacklist' } satisfies Schemas['PaymentValidation']);
  }
  await run(
    ctx.db,
    `INSERT INTO payment_information (user_id, account_name, iban, bic, has_agreed_to_sepa) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT (user_id) DO UPDATE SET account_name = excluded.account_name, iban = excluded.iban, bic = excluded.bic, has_agreed_to_sepa = 1`,
    [userId, information.account_name, information.iban, information.bic],
  );
  return json(200, { is_valid: true, iban_validation_result: 'Valid' } satisfies Schemas['PaymentValidation']);
}

// ---------------------------------------------------------------- instruments

async function getPaymentInstrument(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const orderId = ctx.request.params.id ?? '';
  if (!(await orderOfUser(ctx.db, orderId, userId))) return notFound('No such order.');
  const instrument = await currentInstrument(ctx.db, orderId);
  if (!instrument) return notFound('The order has no payment instrument.');
  return json(200, instrumentReply(instrument));
}

/**
 * Opens a payment session for an order of the signed-in customer and answers the hosted page's
 * URL. With orderNumber it pays an order; without, it edits the order's instrument (refused for a
 * TDX_Instrument, SPEC.md 6.1). The page offers credit card only when the traveler is someone else,
 * and speaks the payload's `locale` (German without one).
 */
async function upsertPaymentInstrument(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const body = bodyOf<'upsertPaymentInstrument'>(ctx);
  const order = await orderOfUser(ctx.db, body.orderId, userId);
  if (!order) return notFound('No such order.');
  if (body.orderNumber !== undefined && body.orderNumber !== order.order_number) {
    return problem(400, 'validationFailed', 'The order number does not belong to the order', {
      errors: [{ field: 'orderNumber', code: 'orderNumberMismatch' }],
    });
  }
  const purpose = body.orderNumber === undefined ? 'edit' : 'order';
  const current = purpose === 'edit' ? await currentInstrument(ctx.db, order.id) : undefined;
  if (current?.type === 'TDX_Instrument') {
    return problem(400, 'instrumentNotEditable', 'This payment instrument cannot be changed on the payment page');
  }
  // SPEC.md 6.1: a locked instrument cannot be edited (decision 32).
  if (current?.locked) return problem(409, 'instrumentLocked', 'This payment instrument is locked and cannot be changed');
  const id = randomToken(18);
  await run(
    ctx.db,
    `INSERT INTO payment_sessions (id, user_id, order_id, order_number, payload, status, created_at, purpose, allowed_methods)
     VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?)`,
    [id, userId, order.id, order.order_number, JSON.stringify(body), new Date().toISOString(), purpose, allowedPaymentMethods(body).join(',')],
  );
  // The page opens in the portal's language when the payload names it (decision 19).
  const language = body.locale ? `?lang=${body.locale}` : '';
  return json(200, { redirectUrl: `${ctx.config.portalOrigin}/sandbox/pay/${id}${language}` } satisfies Schemas['PaymentUpsertResponse']);
}

/**
 * The portal's call after the page sent it back: it must match a paid payment session of the
 * signed-in user (transaction, order, method and instrument). It links the instrument to the order;
 * after an order it fulfils the order and, when the order has no subscription yet, creates one with
 * its tickets and its first payment. Calling it again answers the same instrument and changes nothing.
 */
async function confirmPaymentSuccess(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const body = bodyOf<'confirmPaymentSuccess'>(ctx);
  const session = await one<PaymentSessionRow>(ctx.db, 'SELECT * FROM payment_sessions WHERE transaction_id = ? AND user_id = ?', [body.transactionId, userId]);
  if (!session || session.order_id !== body.orderId) return problem(404, 'paymentNotFound', 'No payment of this customer has this transaction');
  if (session.status === 'error') return problem(500, 'paymentProviderError', 'The payment provider failed (simulated)');
  if (session.status !== 'paid' || session.payment_method !== body.paymentMethod || session.payment_instrument_id !== body.paymentInstrumentId) {
    return problem(404, 'paymentNotFound', 'No paid payment matches this transaction');
  }
  const instrument = await one<InstrumentRow>(ctx.db, 'SELECT * FROM payment_instruments WHERE id = ? AND user_id = ?', [body.paymentInstrumentId, userId]);
  const order = await orderOfUser(ctx.db, session.order_id, userId);
  if (!instrument || !order) return problem(404, 'paymentNotFound', 'The payment instrument or the order no longer exists');
  if (session.confirmed_at) return json(200, instrumentReply(instrument));

  const now = new Date().toISOString();
  const statements: { sql: string; args: InValue[] }[] = [
    { sql: 'UPDATE payment_instruments SET order_id = ? WHERE id = ?', args: [order.id, instrument.id] },
    { sql: 'UPDATE payment_sessions SET confirmed_at = ? WHERE id = ?', args: [now, session.id] },
  ];
  if (session.purpose === 'order' && statusesBeforeFulfilment.includes(order.order_status)) statements.push(...fulfilment(order, instrument.type, now));
  await ctx.db.batch(statements, 'write');
  return json(200, instrumentReply({ ...instrument, order_id: order.id }));
}

/**
 * After a paid order: the order becomes 'fulfilled' and a subscription with its tickets and first
 * payment. The helpers coordinate through the tables only: migration 003's trigger makes the
 * subscription when the status changes (the fallback insert below does the same where it is
 * missing, with the same id and number), and the tickets use the ids and the window of the
 * subscription lifecycle (`ticket-<subscription number>-<YYYY-MM>`, from two months back, not before
 * the start, to next month), so a later ticket sync finds them and adds nothing twice.
 */
function fulfilment(order: OrderRow, instrumentType: InstrumentRow['type'], now: string): { sql: string; args: InValue[] }[] {
  const chargedOn = now.slice(0, 10);
  const statements: { sql: string; args: InValue[] }[] = [
    { sql: "UPDATE orders SET order_status = 'fulfilled' WHERE id = ?", args: [order.id] },
    {
      sql: `INSERT OR IGNORE INTO subscriptions (id, order_id, user_id, subscription_number, status, created_at)
            SELECT 'sub-' || o.id, o.id, o.user_id, 'S-' || replace(o.order_number, '-', ''), 'active', ? FROM orders o
            WHERE o.id = ? AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.order_id = o.id)`,
      args: [now, order.id],
    },
  ];
  for (const month of ticketMonths(order.subscription_starts_at.slice(0, 7), chargedOn.slice(0, 7))) {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
    statements.push({
      sql: `INSERT OR IGNORE INTO tickets (id, subscription_id, valid_from, valid_until)
            SELECT 'ticket-' || s.subscription_number || '-' || ?, s.id, ?, ? FROM subscriptions s WHERE s.order_id = ?`,
      args: [month, `${month}-01`, last, order.id],
    });
  }
  statements.push({
    sql: `INSERT INTO payments (id, user_id, order_id, amount, due_date, status, created_at, instrument_type)
          SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM payments WHERE order_id = ?)`,
    args: [
      `pay-${randomToken(9)}`,
      order.user_id,
      order.id,
      order.customer_price,
      paymentDueDate(order.subscription_starts_at.slice(0, 10), chargedOn),
      // A card is charged at once; a direct debit is open until its due date.
      instrumentType === 'CREDITCARD' ? 'paid' : 'open',
      now,
      instrumentType,
      order.id,
    ],
  });
  return statements;
}

/** The months a new subscription has tickets for: from two months back (not before the start) to next month. */
function ticketMonths(startMonth: string, currentMonth: string): string[] {
  const index = (month: string) => {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    return year * 12 + monthNumber - 1;
  };
  const months: string[] = [];
  for (let at = Math.max(index(startMonth), index(currentMonth) - 2); at <= index(currentMonth) + 1; at += 1) {
    months.push(`${String(Math.floor(at / 12)).padStart(4, '0')}-${String((at % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

// ---------------------------------------------------------------- account, payments, company, insurer

/** A stable customer number derived from the user id (the users table has none). */
export function customerNumberOf(userId: string): string {
  return `K${String(Number.parseInt(sha256Hex(userId).slice(0, 8), 16) % 100_000_000).padStart(8, '0')}`;
}

/** The contact of the latest order's billing address, or null before the first order. */
function contactFromBillingAddress(raw: string | undefined): Schemas['Contact'] | null {
  if (!raw) return null;
  let address: Record<string, unknown>;
  try {
    address = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  const text = (key: string) => (typeof address[key] === 'string' && address[key] !== '' ? (address[key] as string) : undefined);
  const gender = text('gender');
  const [firstName, lastName, birthdate, zipCode, city, street, houseNumber] = [
    'first_name',
    'last_name',
    'birthdate',
    'zip_code',
    'city',
    'street',
    'house_number',
  ].map(text);
  if (!gender || !firstName || !lastName || !birthdate || !zipCode || !city || !street || !houseNumber) return null;
  if (!['Male', 'Female', 'NotSpecified'].includes(gender)) return null;
  const contact: Schemas['Contact'] = {
    gender: gender as Schemas['Gender'],
    firstName,
    lastName,
    birthdate,
    zipCode,
    city,
    street,
    houseNumber,
    country: text('country') ?? 'DE',
  };
  const addition = text('addition');
  if (addition) contact.addition = addition;
  return contact;
}

async function getPaymentAccount(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const user = await one<{ email: string }>(ctx.db, 'SELECT email FROM users WHERE id = ?', [userId]);
  if (!user) return problem(500, 'internalError', 'The signed-in user does not exist');
  const latest = await one<{ billing_address: string }>(
    ctx.db,
    'SELECT billing_address FROM orders WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    [userId],
  );
  return json(200, {
    userMail: user.email,
    customerNumber: customerNumberOf(userId),
    contact: contactFromBillingAddress(latest?.billing_address),
  } satisfies Schemas['PaymentAccount']);
}

const paymentStatuses = new Set(['open', 'paid', 'failed', 'refunded']);
const instrumentTypes = new Set(['BANKACCOUNT', 'CREDITCARD', 'TDX_Instrument']);

/** The customer's payments, the latest due date first; the due date is the one computed when charged. */
async function listPayments(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const rows = await all<{
    id: string;
    order_number: string;
    subscription_number: string | null;
    amount: number;
    due_date: string;
    status: string;
    instrument_type: string | null;
    current_type: string | null;
  }>(
    ctx.db,
    `SELECT p.id, o.order_number, s.subscription_number, p.amount, p.due_date, p.status, p.instrument_type,
       (SELECT i.type FROM payment_instruments i WHERE i.order_id = p.order_id ORDER BY i.created_at DESC, i.rowid DESC LIMIT 1) AS current_type
     FROM payments p JOIN orders o ON o.id = p.order_id LEFT JOIN subscriptions s ON s.order_id = p.order_id
     WHERE p.user_id = ? ORDER BY p.due_date DESC, p.created_at DESC`,
    [userId],
  );
  const payments: Schemas['Payment'][] = rows.map((row) => {
    const type = [row.instrument_type, row.current_type].find((candidate) => candidate && instrumentTypes.has(candidate)) ?? 'BANKACCOUNT';
    return {
      id: row.id,
      orderNumber: row.order_number,
      subscriptionNumber: row.subscription_number,
      amount: Number(row.amount),
      currency: 'EUR',
      dueDate: row.due_date,
      status: (paymentStatuses.has(row.status) ? row.status : 'open') as Schemas['Payment']['status'],
      paymentInstrumentType: type as Schemas['PaymentInstrumentType'],
    };
  });
  return json(200, payments);
}

async function getCompanyUserInfo(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const user = await one<{ company_id: string | null; staff_number: string | null }>(ctx.db, 'SELECT company_id, staff_number FROM users WHERE id = ?', [
    userId,
  ]);
  if (!user?.company_id || !user.staff_number || /\s/.test(user.staff_number)) return notFound('The customer is not linked to a company.');
  return json(200, { company_id: user.company_id, staff_number: user.staff_number } satisfies Schemas['CompanyUserInfo']);
}

/**
 * SPEC.md 6.1, decision 32: joti may change the staff number at its employer, under the company's
 * staff-number rules (the company form's minLength, maxLength and pattern, as on order submit);
 * deuti and seti may not (403 staffNumberNotChangeable). A number another customer of the same
 * company has is 409 staffNumberTaken. The company stays; the orders keep the number they were made with.
 */
async function changeStaffNumber(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const body = bodyOf<'changeStaffNumber'>(ctx);
  const user = await one<{ product: string; company_id: string | null; staff_number: string | null }>(
    ctx.db,
    'SELECT product, company_id, staff_number FROM users WHERE id = ?',
    [userId],
  );
  if (!user) return problem(500, 'internalError', 'The signed-in user does not exist');
  if (!resolveProduct(user.product).staffNumberChangeable) {
    return problem(403, 'staffNumberNotChangeable', 'The staff number of this product cannot be changed');
  }
  const company = user.company_id ? await companyById(ctx.db, user.company_id) : undefined;
  if (!company || !user.staff_number) return notFound('The customer is not linked to a company.');
  const staff = v.safeParse(staffNumberSchema(staffRules(company)), body.staff_number);
  if (!staff.success) {
    return problem(400, 'validationFailed', 'The staff number breaks the company rules', {
      errors: fieldIssues(staff.issues).map((issue) => ({ field: 'staff_number', code: issue.code })),
    });
  }
  const taken = await one<{ id: string }>(ctx.db, 'SELECT id FROM users WHERE company_id = ? AND staff_number = ? AND id <> ?', [
    company.id,
    staff.output,
    userId,
  ]);
  if (taken) {
    return problem(409, 'staffNumberTaken', 'Another customer of the company has this staff number', {
      errors: [{ field: 'staff_number', code: 'staffNumberTaken' }],
    });
  }
  await run(ctx.db, 'UPDATE users SET staff_number = ? WHERE id = ?', [staff.output, userId]);
  return json(200, { company_id: company.id, staff_number: staff.output } satisfies Schemas['CompanyUserInfo']);
}

/** The insurer of a zip code: the row whose zip prefix is the longest one the code starts with. */
async function findTransportationCompany(ctx: HandlerContext): Promise<Reply> {
  const zipCode = String(ctx.request.query.zipCode ?? '').replace(/\s+/g, '');
  const country = typeof ctx.request.query.country === 'string' ? ctx.request.query.country : 'DE';
  const insurer = await one<{ company_name: string; address_and_web: string }>(
    ctx.db,
    `SELECT company_name, address_and_web FROM insurers
     WHERE country = ? AND zip_prefix <> '' AND substr(?, 1, length(zip_prefix)) = zip_prefix
     ORDER BY length(zip_prefix) DESC LIMIT 1`,
    [country, zipCode],
  );
  if (!insurer) return notFound('No transport company serves this zip code.');
  return json(200, { company_name: insurer.company_name, address_and_web: insurer.address_and_web } satisfies Schemas['Insurer']);
}

/** Operations of the contract's "payment" area. */
export const paymentHandlers: Handlers = {
  getPaymentInformation,
  updatePaymentInformation,
  getPaymentInstrument,
  upsertPaymentInstrument,
  confirmPaymentSuccess,
  getPaymentAccount,
  listPayments,
  getCompanyUserInfo,
  changeStaffNumber,
  findTransportationCompany,
};

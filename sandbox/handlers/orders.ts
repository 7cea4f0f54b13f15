import { createHmac } from 'node:crypto';

import * as v from 'valibot';

import type { components } from '#openapi/schema.gen';
import { billingAddressSchema, travelerSchema } from '#src/domain/address';
import { fieldIssues } from '#src/domain/personal-fields';
import { defaultCompanyId, products } from '#src/domain/product';
import { staffNumberSchema } from '#src/domain/staff-number';
import { all, type Database, one, run } from '../db/database';
import { bodyOf, type HandlerContext, type Handlers, requireSession } from '../handler';
import { type FieldProblem, json, noContent, problem, type Reply } from '../http';
import { randomToken } from '../security';
import {
  addMonths,
  billingOf,
  type Contact,
  contactToBilling,
  firstDayOf,
  fulfillOrder,
  monthOf,
  openOrderStatuses,
  type OrderRow,
  orderOfUser,
  type Product,
  type StoredTraveler,
  type SubscriptionRow,
  subscriberOf,
  subscriptionOfOrder,
  syncTickets,
  syncUser,
  todayIso,
  travelerOf,
} from '../tickets/subscription-lifecycle';

type Schemas = components['schemas'];

/**
 * Operations of the contract's "orders" and "quote" areas (SPEC.md 7.1, 7.2). The order lifecycle
 * (submitted → fulfilled → subscription) is described in sandbox/tickets/subscription-lifecycle.ts.
 */

// ---------------------------------------------------------------- companies and quotes

export interface CompanyRow {
  id: string;
  name: string;
  product: Product;
  customer_price: number;
  employer_price: number;
  total_price: number;
  staff_min_length: number | null;
  staff_max_length: number | null;
  staff_pattern: string | null;
  staff_hint_de: string | null;
  staff_hint_en: string | null;
  university_id: string | null;
  collected_by_company: number;
}

export async function companyById(db: Database, id: string): Promise<CompanyRow | undefined> {
  return one<CompanyRow>(db, 'SELECT * FROM companies WHERE id = ?', [id.trim()]);
}

/**
 * The quote of a company for a start date. The quoteId is signed (HMAC over company, start date and
 * prices), so the order submit can check that it fits without storing quotes; it changes when the
 * prices do.
 */
export function quoteFor(company: CompanyRow, startsOn: string, secret: string): Schemas['Quote'] {
  const customerPrice = company.collected_by_company ? 0 : company.customer_price;
  const content = ['quote', company.id, startsOn, company.customer_price, company.employer_price, company.total_price, customerPrice].join('|');
  const quoteId = `q_${createHmac('sha256', secret).update(content).digest('base64url').slice(0, 24)}`;
  return {
    customerRealPrice: company.customer_price,
    totalPrice: company.total_price,
    customerPrice,
    employerPrice: company.employer_price,
    quoteId,
  };
}

/**
 * The start dates offered (first days of months): deuti and seti from this month (SPEC.md 4.1 warns
 * when this month is chosen after the 10th) and the next 3; joti from next month, as the employer
 * confirms the job ticket first.
 */
export function startDatesFor(product: Product, today: string): string[] {
  const current = monthOf(today);
  const offsets = product === 'joti' ? [1, 2, 3] : [0, 1, 2, 3];
  return offsets.map((offset) => firstDayOf(addMonths(current, offset)));
}

/** Countries of addresses; `enabled` are those an address may be in (the others are listed but not offered). */
export const countries: { code: string; enabled: boolean }[] = [
  { code: 'DE', enabled: true },
  { code: 'AT', enabled: true },
  { code: 'CH', enabled: true },
  { code: 'NL', enabled: true },
  { code: 'BE', enabled: true },
  { code: 'LU', enabled: true },
  { code: 'FR', enabled: true },
  { code: 'DK', enabled: true },
  { code: 'PL', enabled: true },
  { code: 'CZ', enabled: true },
  { code: 'IT', enabled: false },
  { code: 'LI', enabled: false },
];
const enabledCountries = new Set(countries.filter((country) => country.enabled).map((country) => country.code));

const staffLabels: Record<Product, Schemas['LocalizedText']> = {
  deuti: { 'de-DE': 'Personalnummer', 'en-US': 'Staff number' },
  joti: { 'de-DE': 'Personalnummer', 'en-US': 'Staff number' },
  seti: { 'de-DE': 'Matrikelnummer', 'en-US': 'Matriculation number' },
};

function staffRules(company: CompanyRow) {
  return { minLength: company.staff_min_length ?? undefined, maxLength: company.staff_max_length ?? undefined, pattern: company.staff_pattern ?? undefined };
}

// ---------------------------------------------------------------- shared validation

const billingFieldNames: Record<string, string> = { firstName: 'first_name', lastName: 'last_name', houseNumber: 'house_number', zipCode: 'zip_code' };

/** A contact (camelCase) checked with the shared schema of SPEC.md 5.1; problems named `<prefix><field>`. */
export function checkContact(
  contact: Contact,
  today: Date,
  fieldName: (field: string) => string = (field) => field,
): { ok: true; value: Contact } | { ok: false; errors: FieldProblem[] } {
  const result = v.safeParse(billingAddressSchema(today), contact);
  if (!result.success) return { ok: false, errors: fieldIssues(result.issues).map((issue) => ({ field: fieldName(issue.field), code: issue.code })) };
  if (!enabledCountries.has(result.output.country)) return { ok: false, errors: [{ field: fieldName('country'), code: 'countryNotSupported' }] };
  const { addition, ...rest } = result.output;
  return { ok: true, value: { ...rest, ...(addition ? { addition } : {}) } };
}

/** A traveler body (TravelerData) checked with the shared schema, with the isTraveler rule. */
export function checkTraveler(
  data: Schemas['TravelerData'],
  today: Date,
  fieldName: (field: string) => string = (field) => field,
): { ok: true; value: v.InferOutput<ReturnType<typeof travelerSchema>> } | { ok: false; errors: FieldProblem[] } {
  const result = v.safeParse(travelerSchema(today), data);
  if (!result.success) return { ok: false, errors: fieldIssues(result.issues).map((issue) => ({ field: fieldName(issue.field || 'isTraveler'), code: issue.code })) };
  return { ok: true, value: result.output };
}

export function validationProblem(errors: FieldProblem[]): Reply {
  return problem(400, 'validationFailed', 'The request has invalid fields', { errors });
}

// ---------------------------------------------------------------- traveler of an order or subscription

export function travelerResponse(order: OrderRow, sub: SubscriptionRow | undefined): Schemas['Traveler'] {
  return {
    ...travelerOf(order, sub),
    subscriptionId: sub?.id ?? null,
    subscriptionNumber: sub?.subscription_number ?? null,
    orderId: order.id,
    orderNumber: order.order_number,
  };
}

/**
 * Changes the traveler of an order (and so of its subscription). Where the traveler must be the
 * subscriber (joti, seti), only isTraveler true is accepted (travelerMustBeSubscriber).
 */
export async function changeTraveler(db: Database, order: OrderRow, sub: SubscriptionRow | undefined, data: Schemas['TravelerData']): Promise<Reply> {
  const checked = checkTraveler(data, new Date());
  if (!checked.ok) return validationProblem(checked.errors);
  if (!checked.value.isTraveler && products[order.product].travelerMustBeSubscriber) {
    return problem(400, 'travelerMustBeSubscriber', 'For this product the subscriber is the traveler', { errors: [{ field: 'isTraveler', code: 'travelerMustBeSubscriber' }] });
  }
  let stored: StoredTraveler;
  if (checked.value.isTraveler) {
    const subscriber = subscriberOf(order, sub);
    stored = { is_traveler: true, first_name: subscriber.firstName, last_name: subscriber.lastName, gender: subscriber.gender, birthdate: subscriber.birthdate };
  } else {
    const { firstName, lastName, gender, birthdate } = checked.value;
    stored = { is_traveler: false, first_name: firstName, last_name: lastName, gender, birthdate };
  }
  await run(db, 'UPDATE orders SET traveler = ? WHERE id = ?', [JSON.stringify(stored), order.id]);
  const updated = (await one<OrderRow>(db, 'SELECT * FROM orders WHERE id = ?', [order.id])) ?? order;
  return json(200, travelerResponse(updated, sub));
}

// ---------------------------------------------------------------- orders

function rawOrder(order: OrderRow, sub: SubscriptionRow | undefined): Schemas['RawOrder'] {
  const traveler = travelerOf(order, sub);
  return {
    id: order.id,
    order_items: [{ buy_on: order.buy_on }],
    terminated_at: order.terminated_at,
    order_status: order.order_status,
    order_number: order.order_number,
    traveler_first_name: traveler.firstName,
    traveler_last_name: traveler.lastName,
    subscription_id: sub?.id ?? null,
  };
}

function cancellation(order: OrderRow): Schemas['OrderCancellation'] {
  return { order_id: order.id, order_number: order.order_number, is_cancellable: openOrderStatuses.includes(order.order_status), cancelled_at: order.cancelled_at };
}

const orderNotFound = () => problem(404, 'notFound', 'No such order');

async function ownOrder(ctx: HandlerContext): Promise<OrderRow | undefined> {
  return orderOfUser(ctx.db, requireSession(ctx).userId, String(ctx.request.params.id));
}

const orderNumberPrefixes: Record<Product, string> = { deuti: 'A', joti: 'B', seti: 'C' };

async function nextOrderNumber(db: Database, product: Product): Promise<string> {
  const prefix = orderNumberPrefixes[product];
  const numbers = await all<{ order_number: string }>(db, 'SELECT order_number FROM orders WHERE order_number LIKE ?', [`${prefix}-%`]);
  const highest = Math.max(100000 * (prefix.charCodeAt(0) - 64), ...numbers.map((row) => Number(row.order_number.slice(2)) || 0));
  return `${prefix}-${highest + 1}`;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('de-DE') === b.trim().toLocaleLowerCase('de-DE');
}

/** The student record behind a seti company's university, or why there is none. */
async function studentOf(db: Database, universityOrCompanyId: string, matriculationNumber: string) {
  const id = universityOrCompanyId.trim();
  const company = await one<{ university_id: string | null }>(db, "SELECT university_id FROM companies WHERE id = ? AND product = 'seti'", [id]);
  const universityId = company?.university_id ?? id;
  return one<{ university_id: string; matriculation_number: string; first_name: string; last_name: string; taken_by_user_id: string | null }>(
    db,
    'SELECT * FROM students WHERE university_id = ? AND matriculation_number = ?',
    [universityId, matriculationNumber],
  );
}

async function submitOrder(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const body = bodyOf<'submitOrder'>(ctx);
  const now = new Date();
  const today = todayIso(now);
  const product: Product = body.product ?? 'deuti';
  const rules = products[product];
  const errors: FieldProblem[] = [];

  // The shared rules of SPEC.md 5.1 for the billing address and the traveler.
  const billing = body.billing_address;
  const contact = checkContact(
    {
      gender: billing.gender,
      firstName: billing.first_name,
      lastName: billing.last_name,
      birthdate: billing.birthdate,
      zipCode: billing.zip_code,
      city: billing.city,
      street: billing.street,
      houseNumber: billing.house_number,
      ...(billing.addition !== undefined ? { addition: billing.addition } : {}),
      country: billing.country ?? 'DE',
    },
    now,
    (field) => `billing_address.${billingFieldNames[field] ?? field}`,
  );
  if (!contact.ok) errors.push(...contact.errors);
  const traveler = checkTraveler(
    { isTraveler: false, firstName: body.traveler.first_name, lastName: body.traveler.last_name, gender: body.traveler.gender, birthdate: body.traveler.birthdate },
    now,
    (field) => `traveler.${billingFieldNames[field] ?? field}`,
  );
  if (!traveler.ok) errors.push(...traveler.errors);

  // The company (SPEC.md 5.3): deuti uses DEU4900; joti and seti name an existing company of their product.
  const companyId = rules.hasCompanies ? body.company_user_info?.company_id.trim() : defaultCompanyId;
  const company = companyId ? await companyById(ctx.db, companyId) : undefined;
  if (rules.hasCompanies && !body.company_user_info) errors.push({ field: 'company_user_info', code: 'required' });
  else if (!company || company.product !== product) errors.push({ field: 'company_user_info.company_id', code: 'companyIdNotFound' });
  const staffNumber = rules.hasCompanies ? body.company_user_info?.staff_number : undefined;
  if (company && rules.hasCompanies && company.product === product) {
    const staff = v.safeParse(staffNumberSchema(staffRules(company)), staffNumber);
    if (!staff.success) errors.push(...fieldIssues(staff.issues).map((issue) => ({ field: 'company_user_info.staff_number', code: issue.code })));
  }

  // Where the traveler must be the subscriber (joti, seti), the traveler is the billing person.
  if (contact.ok && traveler.ok && !traveler.value.isTraveler && rules.travelerMustBeSubscriber) {
    const person = traveler.value;
    const subscriber = contact.value;
    if (!sameText(person.firstName, subscriber.firstName) || !sameText(person.lastName, subscriber.lastName) || person.birthdate !== subscriber.birthdate) {
      errors.push({ field: 'traveler', code: 'travelerMustBeSubscriber' });
    }
  }

  if (!startDatesFor(product, today).includes(body.subscription_starts_at)) errors.push({ field: 'subscription_starts_at', code: 'invalidStartDate' });

  if (errors.length > 0 || !contact.ok || !traveler.ok || !company) {
    const code = errors.some((error) => error.code === 'companyIdNotFound') ? 'companyIdNotFound' : 'validationFailed';
    return problem(400, code, 'The order has invalid fields', { errors });
  }

  // seti: the matriculation number must be a student of the university, free, and the names must match.
  if (product === 'seti' && staffNumber) {
    const student = await studentOf(ctx.db, company.id, staffNumber);
    if (!student) {
      return problem(400, 'staffNumberUnknown', 'The matriculation number is not known', { errors: [{ field: 'company_user_info.staff_number', code: 'staffNumberUnknown' }] });
    }
    if (student.taken_by_user_id) {
      return problem(409, 'staffNumberTaken', 'The matriculation number is already used by another subscription', {
        errors: [{ field: 'company_user_info.staff_number', code: 'staffNumberTaken' }],
      });
    }
    const nameErrors: FieldProblem[] = [];
    if (!sameText(student.first_name, contact.value.firstName)) nameErrors.push({ field: 'billing_address.first_name', code: 'nonMatchingStudentFirstName' });
    if (!sameText(student.last_name, contact.value.lastName)) nameErrors.push({ field: 'billing_address.last_name', code: 'nonMatchingStudentLastName' });
    if (nameErrors.length > 0) return problem(400, nameErrors[0]!.code, 'The names do not match the student record', { errors: nameErrors });
  }

  // The quote must be the one of this company and start date, at today's prices.
  const quote = quoteFor(company, body.subscription_starts_at, ctx.config.secret);
  if (body.quoteId !== quote.quoteId) {
    return problem(400, 'quoteMismatch', 'The quote does not fit the company and start date; get a new quote', { errors: [{ field: 'quoteId', code: 'quoteMismatch' }] });
  }

  // The subscriber travels when the traveler is the billing person (same names and birthdate).
  const person = traveler.value.isTraveler ? { ...contact.value, isTraveler: true } : traveler.value;
  const storedTraveler: StoredTraveler = {
    is_traveler:
      sameText(person.firstName, contact.value.firstName) && sameText(person.lastName, contact.value.lastName) && person.birthdate === contact.value.birthdate,
    first_name: person.firstName,
    last_name: person.lastName,
    gender: person.gender,
    birthdate: person.birthdate,
  };

  const orderId = `order-${randomToken(9)}`;
  let orderNumber = '';
  for (let attempt = 0; ; attempt += 1) {
    orderNumber = await nextOrderNumber(ctx.db, product);
    try {
      await run(
        ctx.db,
        `INSERT INTO orders (id, order_number, user_id, product, company_id, staff_number, order_status, buy_on, terminated_at, subscription_starts_at,
           billing_address, traveler, quote_id, customer_price, total_price, affiliate, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'submitted', ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          orderId,
          orderNumber,
          userId,
          product,
          company.id,
          staffNumber ?? null,
          body.subscription_starts_at,
          body.subscription_starts_at,
          JSON.stringify(contactToBilling(contact.value)),
          JSON.stringify(storedTraveler),
          quote.quoteId,
          quote.customerRealPrice,
          quote.totalPrice,
          body.affiliate ?? null,
          now.toISOString(),
        ],
      );
      break;
    } catch (error) {
      // Two submits at once may pick the same number: take the next one.
      if (attempt >= 5 || !String(error).includes('UNIQUE')) throw error;
    }
  }

  if (product === 'seti' && staffNumber) {
    const student = await studentOf(ctx.db, company.id, staffNumber);
    await run(ctx.db, 'UPDATE students SET taken_by_user_id = ? WHERE university_id = ? AND matriculation_number = ?', [userId, student?.university_id ?? '', staffNumber]);
  }
  if (rules.hasCompanies) await run(ctx.db, 'UPDATE users SET company_id = ?, staff_number = ? WHERE id = ?', [company.id, staffNumber ?? null, userId]);

  // No payment due (customerPrice 0): the operator approves at once and the order is a subscription.
  if (quote.customerPrice === 0) await fulfillOrder(ctx.db, orderId, today);

  const user = await one<{ email: string }>(ctx.db, 'SELECT email FROM users WHERE id = ?', [userId]);
  if (user) {
    await ctx.outbox.send({
      to: user.email,
      kind: 'order-confirmation',
      subject: `Ihre Bestellung ${orderNumber} / Your order ${orderNumber}`,
      body:
        `Vielen Dank für Ihre Bestellung ${orderNumber} (${product}, ab ${body.subscription_starts_at}). ` +
        (quote.customerPrice === 0 ? 'Ihr Ticket ist im Portal verfügbar.' : 'Bitte schließen Sie die Zahlung ab.'),
      link: `${ctx.config.portalOrigin}/app/order/confirmation?orderNumber=${encodeURIComponent(orderNumber)}`,
    });
  }
  return json(201, { order_number: orderNumber });
}

async function listOrders(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  await syncUser(ctx.db, userId);
  const orders = await all<OrderRow>(ctx.db, 'SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, order_number DESC', [userId]);
  const subs = await all<SubscriptionRow>(ctx.db, 'SELECT * FROM subscriptions WHERE user_id = ?', [userId]);
  const subOf = new Map(subs.map((sub) => [sub.order_id, sub]));
  return json(
    200,
    orders.map((order) => rawOrder(order, subOf.get(order.id))),
  );
}

async function getOrder(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  const billing = billingOf(order);
  const traveler = travelerOf(order, await subscriptionOfOrder(ctx.db, order.id));
  const data: Schemas['OrderDataForPayment'] = {
    gender: billing.gender,
    firstName: billing.first_name,
    lastName: billing.last_name,
    birthdate: billing.birthdate,
    street: billing.street,
    houseNumber: billing.house_number,
    zipCode: billing.zip_code,
    city: billing.city,
    country: billing.country,
    ...(billing.addition ? { addition: billing.addition } : {}),
    productId: String(products[order.product].id),
    travelerFirstName: traveler.firstName,
    travelerLastName: traveler.lastName,
    travelerGender: traveler.gender,
    travelerBirthdate: traveler.birthdate,
    orderId: order.id,
    buyOn: order.buy_on,
    orderNumber: order.order_number,
  };
  return json(200, data);
}

async function changeOrderer(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const { orderId, ...input } = bodyOf<'changeOrderer'>(ctx);
  const order = await orderOfUser(ctx.db, userId, orderId);
  if (!order) return orderNotFound();
  const checked = checkContact(input, new Date());
  if (!checked.ok) return validationProblem(checked.errors);
  const current = billingOf(order);
  if (!products[order.product].billingNameChangeable && (checked.value.firstName !== current.first_name || checked.value.lastName !== current.last_name)) {
    return problem(400, 'billingNameChangeNotAllowed', 'For this product the names of the billing address cannot be changed', {
      errors: [
        ...(checked.value.firstName !== current.first_name ? [{ field: 'firstName', code: 'billingNameChangeNotAllowed' }] : []),
        ...(checked.value.lastName !== current.last_name ? [{ field: 'lastName', code: 'billingNameChangeNotAllowed' }] : []),
      ],
    });
  }
  await run(ctx.db, 'UPDATE orders SET billing_address = ? WHERE id = ?', [JSON.stringify(contactToBilling(checked.value)), order.id]);
  return noContent();
}

async function getOrderTraveler(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  return json(200, travelerResponse(order, await subscriptionOfOrder(ctx.db, order.id)));
}

async function updateOrderTraveler(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  if (!openOrderStatuses.includes(order.order_status) && !['fulfilled', 'terminated'].includes(order.order_status)) {
    return problem(400, 'orderNotChangeable', 'The order is cancelled; its traveler cannot be changed');
  }
  const sub = await subscriptionOfOrder(ctx.db, order.id);
  const reply = await changeTraveler(ctx.db, order, sub, bodyOf<'updateOrderTraveler'>(ctx));
  if (reply.status === 200 && sub) await syncTickets(ctx.db, sub, order, todayIso());
  return reply;
}

async function getOrderCancellation(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  return json(200, cancellation(order));
}

/** An order that is not yet a subscription can be cancelled; its status becomes 'canceled' (shown as revoked). */
async function cancelOrder(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  if (!openOrderStatuses.includes(order.order_status)) {
    return problem(409, 'orderNotCancellable', order.cancelled_at ? 'The order is already cancelled' : 'The order can no longer be cancelled');
  }
  const cancelledAt = new Date().toISOString();
  await run(ctx.db, "UPDATE orders SET order_status = 'canceled', cancelled_at = ? WHERE id = ?", [cancelledAt, order.id]);
  if (order.product === 'seti' && order.staff_number) {
    await run(ctx.db, 'UPDATE students SET taken_by_user_id = NULL WHERE matriculation_number = ? AND taken_by_user_id = ?', [order.staff_number, order.user_id]);
  }
  return json(200, cancellation({ ...order, order_status: 'canceled', cancelled_at: cancelledAt }));
}

// ---------------------------------------------------------------- public order data

async function getCompanyForm(ctx: HandlerContext): Promise<Reply> {
  const body = bodyOf<'getCompanyForm'>(ctx);
  const company = await companyById(ctx.db, body.company_id);
  if (!company || (body.product !== undefined && company.product !== body.product)) {
    return problem(404, 'companyIdNotFound', 'No such company', { errors: [{ field: 'company_id', code: 'companyIdNotFound' }] });
  }
  if (!products[company.product].hasCompanies) return json(200, []);
  const field: Schemas['CompanyFormField'] = {
    textField: {
      name: 'staffNumber',
      label: staffLabels[company.product],
      ...(company.staff_min_length !== null ? { minLength: company.staff_min_length } : {}),
      ...(company.staff_max_length !== null ? { maxLength: company.staff_max_length } : {}),
      ...(company.staff_pattern
        ? { customValidation: { value: company.staff_pattern, errorHint: { 'de-DE': company.staff_hint_de ?? '', 'en-US': company.staff_hint_en ?? '' } } }
        : {}),
    },
  };
  return json(200, [field]);
}

function getStartDates(ctx: HandlerContext): Reply {
  const product = (ctx.request.query.product as Product | undefined) ?? 'deuti';
  return json(200, { start_dates: startDatesFor(product, todayIso()) });
}

function listCountries(ctx: HandlerContext): Reply {
  const enabled = ctx.request.query.enabled as unknown;
  const onlyEnabled = enabled === true || enabled === 'true';
  return json(
    200,
    countries.filter((country) => !onlyEnabled || country.enabled).map((country) => country.code),
  );
}

/**
 * seti (SPEC.md 5.3): 404 staffNumberUnknown for an unknown university or matriculation number,
 * 409 staffNumberTaken when another subscription uses it, else whether the names match (a name not
 * asked about counts as matching).
 */
async function checkStudentData(ctx: HandlerContext): Promise<Reply> {
  const query = ctx.request.query as { matriculationNumber?: string; firstName?: string; lastName?: string };
  const student = await studentOf(ctx.db, String(ctx.request.params.universityId), String(query.matriculationNumber ?? ''));
  if (!student) return problem(404, 'staffNumberUnknown', 'The matriculation number is not known');
  if (student.taken_by_user_id) return problem(409, 'staffNumberTaken', 'The matriculation number is already used by another subscription');
  const result: Schemas['StudentDataCheck'] = {
    firstNameMatches: query.firstName === undefined || sameText(query.firstName, student.first_name),
    lastNameMatches: query.lastName === undefined || sameText(query.lastName, student.last_name),
  };
  return json(200, result);
}

async function getQuote(ctx: HandlerContext): Promise<Reply> {
  const company = await companyById(ctx.db, String(ctx.request.params.companyId));
  if (!company) return problem(404, 'companyIdNotFound', 'No such company');
  const startsOn = String(ctx.request.query.subscriptionStartsOn);
  if (!startsOn.endsWith('-01')) {
    return problem(400, 'invalidStartDate', 'A subscription starts on the first day of a month', { errors: [{ field: 'query.subscriptionStartsOn', code: 'invalidStartDate' }] });
  }
  return json(200, quoteFor(company, startsOn, ctx.config.secret));
}

/** Operations of the contract's "orders" and "quote" areas. */
export const orderHandlers: Handlers = {
  getOrderCancellation,
  listOrders,
  getOrder,
  submitOrder,
  changeOrderer,
  getOrderTraveler,
  updateOrderTraveler,
  cancelOrder,
  getCompanyForm,
  getStartDates,
  listCountries,
  checkStudentData,
  getQuote,
};

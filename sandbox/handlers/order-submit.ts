import * as v from 'valibot';

import { fieldIssues } from '#src/domain/personal-fields';
import { defaultCompanyId, products } from '#src/domain/product';
import { staffNumberSchema } from '#src/domain/staff-number';
import { all, type Database, one, run } from '../db/database';
import { bodyOf, type HandlerContext, requireSession } from '../handler';
import { type FieldProblem, json, problem, type Reply } from '../http';
import { randomToken } from '../security';
import { contactToBilling, fulfillOrder, type Product, type StoredTraveler, todayIso } from '../tickets/subscription-lifecycle';
import { companyById, quoteFor, sameText, staffRules, startDatesFor, studentOf } from './order-catalog';
import { checkContact, checkTraveler } from './contact-checks';

/**
 * The order submit (SPEC.md 4.1, 7.1 POST /api/v3/order/orders/submit): the shared field rules, the
 * product's rules, the signed quote, the seti student, then the order and its confirmation mail. The
 * order lifecycle after it is in sandbox/tickets/subscription-lifecycle.ts.
 */

/** The contract's snake_case names of the billing and traveler fields that the shared schema names in camelCase. */
const billingFieldNames: Record<string, string> = { firstName: 'first_name', lastName: 'last_name', houseNumber: 'house_number', zipCode: 'zip_code' };

const orderNumberPrefixes: Record<Product, string> = { deuti: 'A', joti: 'B', seti: 'C' };

export async function nextOrderNumber(db: Database, product: Product): Promise<string> {
  const prefix = orderNumberPrefixes[product];
  const numbers = await all<{ order_number: string }>(db, 'SELECT order_number FROM orders WHERE order_number LIKE ?', [`${prefix}-%`]);
  const highest = Math.max(100000 * (prefix.charCodeAt(0) - 64), ...numbers.map((row) => Number(row.order_number.slice(2)) || 0));
  return `${prefix}-${highest + 1}`;
}

/** Per database, the writes that take an order number, one after the other (withNextOrderNumber). */
const numbering = new WeakMap<Database, Promise<unknown>>();

/**
 * Runs `insert` with the next free order number of the product. Writers at the same moment (order
 * submits, the test customers of parallel browser tests) would read the same highest number, so in
 * this process they take their turns; another process on the same database file may still take a
 * number first, then the UNIQUE error makes it try the next one (at most 5 times).
 */
export function withNextOrderNumber<T>(db: Database, product: Product, insert: (orderNumber: string) => Promise<T>): Promise<T> {
  const turn = (numbering.get(db) ?? Promise.resolve()).then(async () => {
    for (let attempt = 1; ; attempt += 1) {
      const orderNumber = await nextOrderNumber(db, product);
      try {
        return await insert(orderNumber);
      } catch (error) {
        if (attempt >= 5 || !String(error).includes('UNIQUE')) throw error;
      }
    }
  });
  numbering.set(
    db,
    turn.catch(() => undefined),
  );
  return turn;
}

export async function submitOrder(ctx: HandlerContext): Promise<Reply> {
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
    {
      isTraveler: false,
      firstName: body.traveler.first_name,
      lastName: body.traveler.last_name,
      gender: body.traveler.gender,
      birthdate: body.traveler.birthdate,
    },
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
      return problem(400, 'staffNumberUnknown', 'The matriculation number is not known', {
        errors: [{ field: 'company_user_info.staff_number', code: 'staffNumberUnknown' }],
      });
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
    return problem(400, 'quoteMismatch', 'The quote does not fit the company and start date; get a new quote', {
      errors: [{ field: 'quoteId', code: 'quoteMismatch' }],
    });
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
  const orderNumber = await withNextOrderNumber(ctx.db, product, async (orderNumber) => {
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
    return orderNumber;
  });

  if (product === 'seti' && staffNumber) {
    const student = await studentOf(ctx.db, company.id, staffNumber);
    await run(ctx.db, 'UPDATE students SET taken_by_user_id = ? WHERE university_id = ? AND matriculation_number = ?', [
      userId,
      student?.university_id ?? '',
      staffNumber,
    ]);
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

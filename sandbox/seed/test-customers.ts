import { randomInt, randomUUID } from 'node:crypto';

import type { InStatement } from '@libsql/client';

import { type Database, run } from '../db/database';
import { withNextOrderNumber } from '../handlers/order-submit';
import { maskIban } from '../handlers/payment';
import type { StoredBilling, StoredTraveler } from '../tickets/subscription-lifecycle';
import { subscriptionNumberFor } from './ids';
import { insertOrder, orderStatements, type OrderIds, type SeedOrder } from './orders';
import { lockedInstrumentReason } from './payments';
import { demoPassword, demoPasswordHash } from './users';

/**
 * A fresh customer for one browser test (POST /__sandbox/customers): a deuti account of its own with
 * the four orders a self-service journey starts from, so tests that end, pause or change a
 * subscription can run in parallel without sharing the seeded demo data.
 *
 * - `active`: fulfilled since five months, its subscription active and terminable (BANKACCOUNT, Ok);
 * - `withdrawable`: terminated at the end of next month, the termination can be withdrawn;
 * - `pending`: submitted, starts next month, not yet a subscription (can be cancelled);
 * - `recent`: a subscription concluded 3 days ago that started this month, inside its 14 days:
 *   it can be withdrawn from (cancelSubscription, decision 29).
 *
 * Its address is verified, unless the test asks for `{ verified: false }` (the email verification's
 * tests): then the route mails the verification link as the registration does.
 */
export interface TestCustomer {
  userId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  orders: Record<'active' | 'withdrawable' | 'pending' | 'recent', OrderIds>;
}

const billing = (firstName: string): StoredBilling => ({
  gender: 'Female',
  first_name: firstName,
  last_name: 'Probst',
  street: 'Testweg',
  house_number: '1',
  city: 'Köln',
  zip_code: '50667',
  birthdate: '1980-05-17',
  country: 'DE',
});

const shapes: Record<keyof TestCustomer['orders'], Omit<SeedOrder, 'key' | 'user' | 'billing'>> = {
  active: { product: 'deuti', companyId: 'DEU4900', status: 'fulfilled', start: -5, subscription: { status: 'active' } },
  withdrawable: {
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'terminated',
    start: -3,
    subscription: { status: 'active', terminateMonth: 1, canWithdraw: true },
  },
  pending: { product: 'deuti', companyId: 'DEU4900', status: 'submitted', start: 1 },
  recent: { product: 'deuti', companyId: 'DEU4900', status: 'fulfilled', start: 0, subscription: { status: 'active', concludedDaysAgo: 3 } },
};

export interface TestCustomerOptions {
  /** Whether the address is verified; true unless told. */
  verified?: boolean;
  /**
   * SPEC.md 6.1, decision 32 (`{ "lockedInstruments": true }`): the operator has locked the `active`
   * order's bank account with an explanation, and the `withdrawable` order gets a locked credit card
   * without one. Off unless told, so the other journeys keep their instruments.
   */
  lockedInstruments?: boolean;
  /**
   * `{ "product": "joti" }`: the account is a job ticket customer of TDX9960 with a staff number of
   * its own (P- and six digits), for the staff number's change (decision 32); its orders stay deuti's.
   */
  product?: 'deuti' | 'joti';
}

/** The most orders a bulk customer gets (`{ "orders": N }`). */
export const maxBulkOrders = 1000;

/**
 * A bulk customer (`{ "orders": N }`, issue 14: "My tickets" at 500 orders): N orders of a
 * realistic mix, the first four the named ones of a test customer (as many as N allows). Each
 * subscription has its tickets, most orders a payment instrument (ok, expired, failed), some none.
 */
export type BulkTestCustomer = Omit<TestCustomer, 'orders'> & { orders: Partial<TestCustomer['orders']>; orderCount: number };

const children: StoredTraveler[] = [
  { is_traveler: false, first_name: 'Lena', last_name: 'Probst', gender: 'Female', birthdate: '2011-02-03' },
  { is_traveler: false, first_name: 'Paul', last_name: 'Probst', gender: 'Male', birthdate: '2009-11-23' },
  { is_traveler: false, first_name: 'Greta', last_name: 'Probst', gender: 'Female', birthdate: '1950-07-08' },
];

type Instrument = { type: 'BANKACCOUNT' | 'CREDITCARD'; status: 'Ok' | 'Expired' | 'PaymentFailed' | 'SecurityCheckPending' } | undefined;
type BulkShape = Omit<SeedOrder, 'key' | 'user' | 'billing'> & { instrument: Instrument };

/** The mix after the three named orders, repeated: half of it subscriptions, a fifth ended, a quarter not started. */
const bulkMix: BulkShape[] = [
  {
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'fulfilled',
    start: -12,
    subscription: { status: 'active' },
    instrument: { type: 'CREDITCARD', status: 'Ok' },
  },
  {
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'fulfilled',
    start: -2,
    subscription: { status: 'active' },
    instrument: { type: 'BANKACCOUNT', status: 'Ok' },
  },
  {
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'fulfilled',
    start: -7,
    subscription: { status: 'active' },
    instrument: { type: 'CREDITCARD', status: 'Expired' },
  },
  {
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'terminated',
    start: -4,
    subscription: { status: 'active', terminateMonth: 1, canWithdraw: true },
    instrument: { type: 'BANKACCOUNT', status: 'Ok' },
  },
  {
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'terminated',
    start: -10,
    subscription: { status: 'active', terminateMonth: 0 },
    instrument: { type: 'BANKACCOUNT', status: 'PaymentFailed' },
  },
  {
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'terminated',
    start: -9,
    subscription: { status: 'canceled', terminateMonth: -1 },
    instrument: { type: 'CREDITCARD', status: 'Ok' },
  },
  { product: 'deuti', companyId: 'DEU4900', status: 'revoked', start: 0, subscription: { status: 'revoked' }, instrument: undefined },
  { product: 'deuti', companyId: 'DEU4900', status: 'submitted', start: 1, instrument: { type: 'BANKACCOUNT', status: 'SecurityCheckPending' } },
  { product: 'deuti', companyId: 'DEU4900', status: 'approved', start: 1, instrument: { type: 'CREDITCARD', status: 'Ok' } },
  { product: 'deuti', companyId: 'DEU4900', status: 'inprogress', start: 1, instrument: undefined },
  { product: 'deuti', companyId: 'DEU4900', status: 'rejected', start: 0, instrument: undefined },
];

async function insertUser(db: Database, verified: boolean, product: 'deuti' | 'joti' = 'deuti') {
  const tag = randomUUID().slice(0, 8);
  const userId = `user-test-${tag}`;
  const email = `test-${tag}@example.com`;
  const firstName = 'Tessa';
  const address = billing(firstName);
  await run(
    db,
    `INSERT INTO users (id, email, password_hash, email_verified, product, company_id, staff_number, first_name, last_name,
       has_agreed_to_privacy_policy, can_delete, can_change_email, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 1, ?)`,
    [
      userId,
      email,
      await demoPasswordHash(),
      verified ? 1 : 0,
      product,
      product === 'joti' ? 'TDX9960' : 'DEU4900',
      product === 'joti' ? `P-${String(randomInt(1_000_000)).padStart(6, '0')}` : null,
      firstName,
      address.last_name,
      new Date().toISOString(),
    ],
  );
  return { tag, userId, email, firstName, address };
}

function instrumentStatement(id: string, userId: string, orderId: string, holder: string, instrument: NonNullable<Instrument>): InStatement {
  const card = instrument.type === 'CREDITCARD';
  return {
    sql: `INSERT INTO payment_instruments (id, user_id, order_id, type, account_holder, iban, bic, issuer, number, validity, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      id,
      userId,
      orderId,
      instrument.type,
      holder,
      card ? null : maskIban('DE02120300000000202051'),
      card ? null : 'BYLADEM1001',
      card ? 'VISA' : null,
      card ? '4111 **** **** 1111' : null,
      card ? (instrument.status === 'Expired' ? '01/24' : '12/30') : null,
      instrument.status,
      new Date().toISOString(),
    ],
  };
}

export async function createTestCustomer(
  db: Database,
  { verified = true, lockedInstruments = false, product = 'deuti' }: TestCustomerOptions = {},
): Promise<TestCustomer> {
  const { tag, userId, email, firstName, address } = await insertUser(db, verified, product);
  const orders = {} as TestCustomer['orders'];
  for (const [index, [name, shape]] of (Object.entries(shapes) as [keyof TestCustomer['orders'], (typeof shapes)['active']][]).entries()) {
    orders[name] = await withNextOrderNumber(db, 'deuti', async (number) => {
      const ids: OrderIds = shape.subscription
        ? { id: `order-test-${tag}-${name}`, number, subscriptionId: `sub-test-${tag}-${name}`, subscriptionNumber: subscriptionNumberFor(number) }
        : { id: `order-test-${tag}-${name}`, number, subscriptionId: null, subscriptionNumber: null };
      await insertOrder(db, userId, { ...shape, billing: address }, ids, index);
      return ids;
    });
  }
  await run(
    db,
    `INSERT INTO payment_instruments (id, user_id, order_id, type, account_holder, iban, bic, issuer, number, validity, status, created_at)
     VALUES (?, ?, ?, 'BANKACCOUNT', ?, ?, 'BYLADEM1001', NULL, NULL, NULL, 'Ok', ?)`,
    [`pi-test-${tag}`, userId, orders.active.id, `${firstName} ${address.last_name}`, maskIban('DE02120300000000202051'), new Date().toISOString()],
  );
  if (lockedInstruments) {
    const holder = `${firstName} ${address.last_name}`;
    await db.batch(
      [
        { sql: 'UPDATE payment_instruments SET locked = 1, locked_reason = ? WHERE id = ?', args: [lockedInstrumentReason, `pi-test-${tag}`] },
        instrumentStatement(`pi-test-${tag}-locked`, userId, orders.withdrawable.id, holder, { type: 'CREDITCARD', status: 'Ok' }),
        { sql: 'UPDATE payment_instruments SET locked = 1 WHERE id = ?', args: [`pi-test-${tag}-locked`] },
      ],
      'write',
    );
  }
  return { userId, email, password: demoPassword, firstName, lastName: address.last_name, birthdate: address.birthdate, orders };
}

/**
 * A verified customer with `count` orders (1 to maxBulkOrders), written in one transaction. The
 * order numbers follow the highest in the database; a customer created at the same moment can take
 * one of them first, then the batch is written again with the next free ones (withNextOrderNumber).
 */
export async function createBulkTestCustomer(db: Database, count: number): Promise<BulkTestCustomer> {
  if (!Number.isInteger(count) || count < 1 || count > maxBulkOrders) throw new RangeError(`orders must be a whole number from 1 to ${maxBulkOrders}`);
  const { tag, userId, email, firstName, address } = await insertUser(db, true);
  const holder = `${firstName} ${address.last_name}`;
  const named = Object.entries(shapes).map(([name, shape], index): [string, BulkShape] => [
    name,
    { ...shape, instrument: index === 0 ? { type: 'BANKACCOUNT', status: 'Ok' } : undefined },
  ]);
  const plan = Array.from(
    { length: count },
    (_, index): [string, BulkShape] => named[index] ?? [`bulk-${index}`, bulkMix[(index - named.length) % bulkMix.length]!],
  );
  return withNextOrderNumber(db, 'deuti', async (next) => {
    const prefix = next.slice(0, 2);
    const first = Number(next.slice(2));
    const orders: BulkTestCustomer['orders'] = {};
    const statements = plan.flatMap(([name, shape], index): InStatement[] => {
      const number = `${prefix}${first + index}`;
      const id = `order-test-${tag}-${name}`;
      const ids: OrderIds = shape.subscription
        ? { id, number, subscriptionId: `sub-test-${tag}-${name}`, subscriptionNumber: subscriptionNumberFor(number) }
        : { id, number, subscriptionId: null, subscriptionNumber: null };
      if (name in shapes) orders[name as keyof TestCustomer['orders']] = ids;
      const traveler = index % 4 === 1 ? children[index % children.length] : undefined;
      return [
        ...orderStatements(userId, { ...shape, billing: address, ...(traveler ? { traveler } : {}) }, ids, index),
        ...(shape.instrument ? [instrumentStatement(`pi-test-${tag}-${index}`, userId, id, holder, shape.instrument)] : []),
      ];
    });
    await db.batch(statements, 'write');
    return { userId, email, password: demoPassword, firstName, lastName: address.last_name, birthdate: address.birthdate, orders, orderCount: count };
  });
}

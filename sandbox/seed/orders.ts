import type { InStatement } from '@libsql/client';

import type { Database } from '../db/database';
import {
  addMonths,
  firstDayOf,
  lastDayOf,
  monthOf,
  type OrderRow,
  type StoredBilling,
  type StoredTraveler,
  type SubscriptionRow,
  ticketIdFor,
  ticketMonthsOf,
  todayIso,
} from '../tickets/subscription-lifecycle';
import { standardPrice } from './catalog';
import { type SeededOrderKey, seededOrders } from './ids';
import type { SeededUsers } from './users';

/**
 * The demo customers' orders, subscriptions and tickets (README.md lists them). Dates are relative
 * to the day of seeding, so the world looks the same whenever it is seeded: a subscription that
 * started five months ago, a termination at the end of next month, orders that start next month.
 */

const erika: StoredBilling = {
  gender: 'Female',
  first_name: 'Erika',
  last_name: 'Mustermann',
  street: 'Heidestraße',
  house_number: '17',
  city: 'Köln',
  zip_code: '51147',
  birthdate: '1964-08-12',
  country: 'DE',
};
const jonas: StoredBilling = {
  gender: 'Male',
  first_name: 'Jonas',
  last_name: 'Becker',
  street: 'Alsterdorfer Straße',
  house_number: '10',
  addition: 'Hinterhaus',
  city: 'Hamburg',
  zip_code: '22299',
  birthdate: '1988-03-05',
  country: 'DE',
};
const sophie: StoredBilling = {
  gender: 'Female',
  first_name: 'Sophie',
  last_name: 'Wagner',
  street: 'Leopoldstraße',
  house_number: '42a',
  city: 'München',
  zip_code: '80802',
  birthdate: '2001-06-21',
  country: 'DE',
};
const udo: StoredBilling = {
  gender: 'Male',
  first_name: 'Udo',
  last_name: 'Unlöschbar',
  street: 'Friedrichstraße',
  house_number: '100',
  city: 'Berlin',
  zip_code: '10117',
  birthdate: '1975-01-30',
  country: 'DE',
};

const lukas: StoredTraveler = { is_traveler: false, first_name: 'Lukas', last_name: 'Mustermann', gender: 'Male', birthdate: '2012-04-03' };
const hans: StoredTraveler = { is_traveler: false, first_name: 'Hans', last_name: 'Mustermann', gender: 'Male', birthdate: '1960-02-14' };
const mia: StoredTraveler = { is_traveler: false, first_name: 'Mia', last_name: 'Mustermann', gender: 'Female', birthdate: '2015-09-09' };

export function self(billing: StoredBilling): StoredTraveler {
  return { is_traveler: true, first_name: billing.first_name, last_name: billing.last_name, gender: billing.gender, birthdate: billing.birthdate };
}

export interface SeedOrder {
  key: SeededOrderKey;
  user: keyof SeededUsers;
  product: 'deuti' | 'joti' | 'seti';
  companyId: string;
  staffNumber?: string;
  status: string;
  /** The start month, relative to this month. */
  start: number;
  billing: StoredBilling;
  traveler?: StoredTraveler;
  customerPrice?: number;
  subscription?: {
    status: 'active' | 'revoked' | 'canceled';
    /** The end month of a termination, relative to this month. */
    terminateMonth?: number;
    canWithdraw?: boolean;
    /** Days since the contract was concluded; by default a week before its start. */
    concludedDaysAgo?: number;
  };
}

const seedOrderList: SeedOrder[] = [
  {
    key: 'deutiActive',
    user: 'deuti',
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'fulfilled',
    start: -5,
    billing: erika,
    subscription: { status: 'active' },
  },
  {
    key: 'deutiTerminatedWithdrawable',
    user: 'deuti',
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'terminated',
    start: -3,
    billing: erika,
    traveler: lukas,
    subscription: { status: 'active', terminateMonth: 1, canWithdraw: true },
  },
  {
    key: 'deutiTerminatedFinal',
    user: 'deuti',
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'terminated',
    start: -10,
    billing: erika,
    traveler: hans,
    subscription: { status: 'active', terminateMonth: 0, canWithdraw: false },
  },
  { key: 'deutiInProgress', user: 'deuti', product: 'deuti', companyId: 'DEU4900', status: 'inprogress', start: 1, billing: erika },
  { key: 'deutiSubmitted', user: 'deuti', product: 'deuti', companyId: 'DEU4900', status: 'submitted', start: 1, billing: erika },
  { key: 'deutiVerified', user: 'deuti', product: 'deuti', companyId: 'DEU4900', status: 'verified', start: 1, billing: erika },
  { key: 'deutiApproved', user: 'deuti', product: 'deuti', companyId: 'DEU4900', status: 'approved', start: 1, billing: erika, traveler: mia },
  { key: 'deutiAccepted', user: 'deuti', product: 'deuti', companyId: 'DEU4900', status: 'accepted', start: 1, billing: erika },
  { key: 'deutiUnknownStatus', user: 'deuti', product: 'deuti', companyId: 'DEU4900', status: 'rejected', start: 0, billing: erika },
  {
    key: 'deutiRevoked',
    user: 'deuti',
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'revoked',
    start: 0,
    billing: erika,
    subscription: { status: 'revoked' },
  },
  {
    key: 'deutiCanceled',
    user: 'deuti',
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'terminated',
    start: -8,
    billing: erika,
    subscription: { status: 'canceled', terminateMonth: -1, canWithdraw: false },
  },
  {
    key: 'jotiActive',
    user: 'joti',
    product: 'joti',
    companyId: 'TDX9960',
    staffNumber: 'P-100234',
    status: 'fulfilled',
    start: -2,
    billing: jonas,
    customerPrice: 38,
    subscription: { status: 'active' },
  },
  {
    key: 'setiActive',
    user: 'seti',
    product: 'seti',
    companyId: 'UNI0001',
    staffNumber: '4711001',
    status: 'fulfilled',
    start: -4,
    billing: sophie,
    customerPrice: 37.8,
    subscription: { status: 'active' },
  },
  {
    key: 'undeletableActive',
    user: 'undeletable',
    product: 'deuti',
    companyId: 'DEU4900',
    status: 'fulfilled',
    start: -1,
    billing: udo,
    subscription: { status: 'active' },
  },
];

/** A moment of a local calendar date, as the ISO timestamp the tables keep. */
function stamp(date: string, hour = 10): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day, hour).toISOString();
}

function daysBefore(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return todayIso(new Date(year, month - 1, day - days));
}

export async function seedOrders(db: Database, users: SeededUsers): Promise<void> {
  for (const [index, order] of seedOrderList.entries()) await insertOrder(db, users[order.user], order, seededOrders[order.key], index);
}

/** The ids an inserted order gets: its own, its number, and its subscription's (null for none). */
export interface OrderIds {
  id: string;
  number: string;
  subscriptionId: string | null;
  subscriptionNumber: string | null;
}

/**
 * Inserts one order of the seeded shape for a user, with its subscription and tickets when it has
 * one; `index` spreads the order dates of orders that start in the future over the last days.
 */
export async function insertOrder(db: Database, userId: string, order: Omit<SeedOrder, 'key' | 'user'>, ids: OrderIds, index = 0): Promise<void> {
  await db.batch(orderStatements(userId, order, ids, index), 'write');
}

/**
 * The statements that insert one order (insertOrder): its row, its subscription's and the tickets
 * due today, as the sandbox issues them on a read (syncTickets). Many orders go in one batch, one
 * transaction (the bulk test customer of sandbox/seed/test-customers.ts).
 */
export function orderStatements(userId: string, order: Omit<SeedOrder, 'key' | 'user'>, ids: OrderIds, index = 0, today = todayIso()): InStatement[] {
  const current = monthOf(today);
  const startsAt = firstDayOf(addMonths(current, order.start));
  // Ordered ten days before the start; orders that start in the future were placed in the last days.
  const orderedOn = order.start > 0 ? daysBefore(today, index % 5) : daysBefore(startsAt, 10);
  const terminateDate = order.subscription?.terminateMonth !== undefined ? lastDayOf(addMonths(current, order.subscription.terminateMonth)) : null;
  const row: OrderRow = {
    id: ids.id,
    order_number: ids.number,
    user_id: userId,
    product: order.product,
    company_id: order.companyId,
    staff_number: order.staffNumber ?? null,
    order_status: order.status,
    buy_on: startsAt,
    terminated_at: order.status === 'terminated' ? terminateDate : null,
    subscription_starts_at: startsAt,
    billing_address: JSON.stringify(order.billing),
    traveler: JSON.stringify(order.traveler ?? self(order.billing)),
    quote_id: null,
    customer_price: order.customerPrice ?? standardPrice,
    total_price: standardPrice,
    affiliate: null,
    created_at: stamp(orderedOn),
    cancelled_at: null,
  };
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO orders (id, order_number, user_id, product, company_id, staff_number, order_status, buy_on, terminated_at, subscription_starts_at,
         billing_address, traveler, quote_id, customer_price, total_price, affiliate, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL, ?)`,
      args: [
        row.id,
        row.order_number,
        row.user_id,
        row.product,
        row.company_id,
        row.staff_number,
        row.order_status,
        row.buy_on,
        row.terminated_at,
        row.subscription_starts_at,
        row.billing_address,
        row.traveler,
        row.customer_price,
        row.total_price,
        row.created_at,
      ],
    },
  ];
  if (order.subscription && ids.subscriptionId && ids.subscriptionNumber) {
    const sub: SubscriptionRow = {
      id: ids.subscriptionId,
      order_id: ids.id,
      user_id: userId,
      subscription_number: ids.subscriptionNumber,
      status: order.subscription.status,
      terminate_date: terminateDate,
      can_withdraw_termination: order.subscription.canWithdraw ? 1 : 0,
      pause_from: null,
      pause_until: null,
      subscriber: null,
      created_at: stamp(order.subscription.concludedDaysAgo !== undefined ? daysBefore(today, order.subscription.concludedDaysAgo) : daysBefore(startsAt, 7)),
    };
    statements.push({
      sql: `INSERT INTO subscriptions (id, order_id, user_id, subscription_number, status, terminate_date, can_withdraw_termination, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [sub.id, sub.order_id, sub.user_id, sub.subscription_number, sub.status, sub.terminate_date, sub.can_withdraw_termination, sub.created_at],
    });
    for (const month of ticketMonthsOf(sub, row, today)) {
      statements.push({
        sql: 'INSERT OR IGNORE INTO tickets (id, subscription_id, valid_from, valid_until) VALUES (?, ?, ?, ?)',
        args: [ticketIdFor(sub, month), sub.id, firstDayOf(month), lastDayOf(month)],
      });
    }
  }
  return statements;
}

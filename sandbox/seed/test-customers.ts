import { randomUUID } from 'node:crypto';

import { type Database, run } from '../db/database';
import { nextOrderNumber } from '../handlers/order-submit';
import { maskIban } from '../handlers/payment';
import { hashPassword } from '../security';
import type { StoredBilling } from '../tickets/subscription-lifecycle';
import { subscriptionNumberFor } from './ids';
import { insertOrder, type OrderIds, type SeedOrder } from './orders';
import { demoPassword } from './users';

/**
 * A fresh customer for one browser test (POST /__sandbox/customers): a deuti account of its own with
 * the three orders a self-service journey starts from, so tests that end, pause or change a
 * subscription can run in parallel without sharing the seeded demo data.
 *
 * - `active`: fulfilled since five months, its subscription active and terminable (BANKACCOUNT, Ok);
 * - `withdrawable`: terminated at the end of next month, the termination can be withdrawn;
 * - `pending`: submitted, starts next month, not yet a subscription (can be cancelled).
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
  orders: Record<'active' | 'withdrawable' | 'pending', OrderIds>;
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
  withdrawable: { product: 'deuti', companyId: 'DEU4900', status: 'terminated', start: -3, subscription: { status: 'active', terminateMonth: 1, canWithdraw: true } },
  pending: { product: 'deuti', companyId: 'DEU4900', status: 'submitted', start: 1 },
};

export interface TestCustomerOptions {
  /** Whether the address is verified; true unless told. */
  verified?: boolean;
}

export async function createTestCustomer(db: Database, { verified = true }: TestCustomerOptions = {}): Promise<TestCustomer> {
  const tag = randomUUID().slice(0, 8);
  const userId = `user-test-${tag}`;
  const email = `test-${tag}@example.com`;
  const firstName = 'Tessa';
  const address = billing(firstName);
  await run(
    db,
    `INSERT INTO users (id, email, password_hash, email_verified, product, company_id, staff_number, first_name, last_name,
       has_agreed_to_privacy_policy, can_delete, can_change_email, created_at)
     VALUES (?, ?, ?, ?, 'deuti', 'DEU4900', NULL, ?, ?, 1, 1, 1, ?)`,
    [userId, email, await hashPassword(demoPassword), verified ? 1 : 0, firstName, address.last_name, new Date().toISOString()],
  );
  const orders = {} as TestCustomer['orders'];
  for (const [index, [name, shape]] of (Object.entries(shapes) as [keyof TestCustomer['orders'], (typeof shapes)['active']][]).entries()) {
    const number = await nextOrderNumber(db, 'deuti');
    const ids: OrderIds = shape.subscription
      ? { id: `order-test-${tag}-${name}`, number, subscriptionId: `sub-test-${tag}-${name}`, subscriptionNumber: subscriptionNumberFor(number) }
      : { id: `order-test-${tag}-${name}`, number, subscriptionId: null, subscriptionNumber: null };
    await insertOrder(db, userId, { ...shape, billing: address }, ids, index);
    orders[name] = ids;
  }
  await run(
    db,
    `INSERT INTO payment_instruments (id, user_id, order_id, type, account_holder, iban, bic, issuer, number, validity, status, created_at)
     VALUES (?, ?, ?, 'BANKACCOUNT', ?, ?, 'BYLADEM1001', NULL, NULL, NULL, 'Ok', ?)`,
    [`pi-test-${tag}`, userId, orders.active.id, `${firstName} ${address.last_name}`, maskIban('DE02120300000000202051'), new Date().toISOString()],
  );
  return { userId, email, password: demoPassword, firstName, lastName: address.last_name, birthdate: address.birthdate, orders };
}

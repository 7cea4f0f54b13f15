import type { components } from '#openapi/schema.gen';
import { all, type Database, run } from '../db/database';
import { insertPayment, maskIban } from '../handlers/payment';
import { type SeededOrderKey, seededOrders } from './ids';
import type { SeededUsers } from './users';

type Schemas = components['schemas'];

/** The direct-debit information of the demo customers (GET /api/v2/payment/paymentinformation). */
export const seededPaymentInformation = {
  deuti: { account_name: 'Erika Mustermann', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', has_agreed_to_sepa: true },
  undeletable: { account_name: 'Udo Unlöschbar', iban: 'DE75512108001245126199', bic: 'SOLADEST600', has_agreed_to_sepa: true },
} as const satisfies Partial<Record<keyof SeededUsers, Schemas['PaymentInformation']>>;

const inYears = (years: number) => `12/${String((new Date().getUTCFullYear() + years) % 100).padStart(2, '0')}`;

/** The operator's explanation of the seeded lock (German, the operator's language: decision 32). */
export const lockedInstrumentReason = 'Wegen einer offenen Rücklastschrift ist diese Zahlungsart gesperrt. Unser Kundenservice hilft Ihnen gern weiter.';

/**
 * The payment instrument of each seeded order, as sandbox/seed/ids.ts describes it (README.md
 * lists them). Orders without an entry have no instrument: their payment details answer 404.
 */
export const seededInstruments: Partial<Record<SeededOrderKey, Schemas['PaymentInstrument']>> = {
  deutiActive: {
    paymentInstrumentType: 'BANKACCOUNT',
    accountHolder: 'Erika Mustermann',
    iban: maskIban(seededPaymentInformation.deuti.iban),
    bic: 'BYLADEM1001',
    instrumentStatus: 'Ok',
  },
  deutiTerminatedWithdrawable: {
    paymentInstrumentType: 'CREDITCARD',
    accountHolder: 'Erika Mustermann',
    issuer: 'VISA',
    number: '**** **** **** 4242',
    validity: inYears(3),
    instrumentStatus: 'Ok',
  },
  deutiTerminatedFinal: {
    paymentInstrumentType: 'CREDITCARD',
    accountHolder: 'Erika Mustermann',
    issuer: 'MASTERCARD',
    number: '**** **** **** 4444',
    validity: '01/24',
    instrumentStatus: 'Expired',
  },
  deutiRevoked: {
    paymentInstrumentType: 'BANKACCOUNT',
    accountHolder: 'Erika Mustermann',
    iban: maskIban('DE02100500000054540402'),
    bic: 'BELADEBEXXX',
    instrumentStatus: 'PaymentFailed',
  },
  jotiActive: {
    paymentInstrumentType: 'CREDITCARD',
    accountHolder: 'Jonas Becker',
    issuer: 'VISA',
    number: '**** **** **** 1881',
    validity: inYears(2),
    instrumentStatus: 'SecurityCheckPending',
  },
  setiActive: {
    paymentInstrumentType: 'TDX_Instrument',
    accountHolder: 'Sophie Wagner',
    instrumentStatus: 'Ok',
  },
  undeletableActive: {
    paymentInstrumentType: 'BANKACCOUNT',
    accountHolder: 'Udo Unlöschbar',
    iban: maskIban(seededPaymentInformation.undeletable.iban),
    bic: 'SOLADEST600',
    instrumentStatus: 'Ok',
    // The demo of a locked instrument (SPEC.md 6.1, decision 32): no edit link, a popover with the reason.
    locked: true,
    lockedReason: lockedInstrumentReason,
  },
};

/**
 * The seeded payments: month offset from the current month (the period paid for; not before the
 * subscription's start), status. Past and current months are charged on the first of their month
 * (due on the 5th); next month's open payments are charged today, so their due date is the start
 * plus 4 days as well (SPEC.md 9).
 */
export const seededPayments: { order: SeededOrderKey; month: number; status: Schemas['Payment']['status'] }[] = [
  { order: 'deutiActive', month: -1, status: 'paid' },
  { order: 'deutiActive', month: 0, status: 'paid' },
  { order: 'deutiActive', month: 1, status: 'open' },
  { order: 'deutiTerminatedWithdrawable', month: 0, status: 'paid' },
  { order: 'deutiTerminatedFinal', month: -1, status: 'refunded' },
  { order: 'deutiRevoked', month: -1, status: 'failed' },
  { order: 'jotiActive', month: 0, status: 'paid' },
  { order: 'undeletableActive', month: 1, status: 'open' },
];

function firstOfMonth(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}

/**
 * The demo customers' payment information, instruments and payments. Runs after seedOrders; an
 * order that does not exist is skipped (its instrument and payments need the order row).
 */
export async function seedPayments(db: Database, users: SeededUsers): Promise<void> {
  for (const [user, information] of Object.entries(seededPaymentInformation) as [keyof SeededUsers, Schemas['PaymentInformation']][]) {
    await run(db, 'INSERT OR IGNORE INTO payment_information (user_id, account_name, iban, bic, has_agreed_to_sepa) VALUES (?, ?, ?, ?, 1)', [
      users[user],
      information.account_name,
      information.iban,
      information.bic,
    ]);
  }

  const orders = new Map(
    (
      await all<{ id: string; user_id: string; customer_price: number; subscription_starts_at: string }>(
        db,
        'SELECT id, user_id, customer_price, subscription_starts_at FROM orders',
      )
    ).map((order) => [order.id, order]),
  );
  const now = new Date().toISOString();
  for (const [key, instrument] of Object.entries(seededInstruments) as [SeededOrderKey, Schemas['PaymentInstrument']][]) {
    const order = orders.get(seededOrders[key].id);
    if (!order) continue;
    await run(
      db,
      `INSERT OR IGNORE INTO payment_instruments (id, user_id, order_id, type, account_holder, iban, bic, issuer, number, validity, status, created_at, locked, locked_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        `pi-seed-${key}`,
        order.user_id,
        order.id,
        instrument.paymentInstrumentType,
        instrument.accountHolder ?? null,
        instrument.iban ?? null,
        instrument.bic ?? null,
        instrument.issuer ?? null,
        instrument.number ?? null,
        instrument.validity ?? null,
        instrument.instrumentStatus,
        now,
        instrument.locked ? 1 : 0,
        instrument.lockedReason ?? null,
      ],
    );
  }

  const today = now.slice(0, 10);
  const seeded = new Set((await all<{ order_id: string }>(db, 'SELECT DISTINCT order_id FROM payments WHERE order_id IS NOT NULL')).map((row) => row.order_id));
  const periods = new Set<string>();
  for (const payment of seededPayments) {
    const order = orders.get(seededOrders[payment.order].id);
    // A fully subsidized order (customer price 0) has nothing to pay.
    if (!order || seeded.has(order.id) || !(Number(order.customer_price) > 0)) continue;
    // Not before the subscription starts; one payment a month.
    const startMonth = `${order.subscription_starts_at.slice(0, 7)}-01`;
    const periodStart = firstOfMonth(payment.month) < startMonth ? startMonth : firstOfMonth(payment.month);
    if (periods.has(`${order.id}:${periodStart}`)) continue;
    periods.add(`${order.id}:${periodStart}`);
    await insertPayment(db, {
      userId: order.user_id,
      orderId: order.id,
      amount: Number(order.customer_price),
      periodStart,
      chargedOn: periodStart > today ? today : periodStart,
      status: payment.status,
      instrumentType: seededInstruments[payment.order]?.paymentInstrumentType ?? 'BANKACCOUNT',
    });
  }
}

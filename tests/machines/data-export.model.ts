import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type CollectedParts, type DataExportPart, dataExportMachine, dataExportParts } from '#machines/data-export/data-export.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The data export machine's model (docs/guides/model-based-tests.md): what can happen in each
 * state, the customer's events and each part's answers as the API can give them. Used by
 * data-export.machine.test.ts, the coverage table (coverage.test.ts), the browser tours
 * (e2e/machine-paths/data-export.ts) and `npm run paths -- data-export`.
 */

type Machine = typeof dataExportMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

/** A full IBAN as the API answers it (the sandbox's seeded direct debit); it must never be exported so. */
export const fullIban = 'DE89370400440532013000';

/** Every part of a customer with one subscription, a direct debit and a kept ticket (what the actors answer). */
export const collected: CollectedParts = {
  account: {
    userInfo: { sub: 'user-1', email: 'kim@example.com', email_verified: true, given_name: 'Kim', family_name: 'Muster', product: 'deuti' },
    paymentAccount: { userMail: 'kim@example.com', customerNumber: 'C-1001', contact: null },
  },
  company: null,
  orders: [
    {
      id: 'ord-1',
      order_number: 'A-200001',
      order_status: 'fulfilled',
      order_items: [{ buy_on: '2026-06-01' }],
      traveler_first_name: 'Kim',
      traveler_last_name: 'Muster',
      subscription_id: 'sub-1',
      monthly_price: 63,
    },
  ],
  subscriptions: [],
  travelers: [{ isTraveler: true, orderId: 'ord-1', orderNumber: 'A-200001', subscriptionId: 'sub-1', subscriptionNumber: 'S-200001' }],
  billingAddresses: [],
  paymentInstruments: [
    {
      orderNumber: 'A-200001',
      instrument: { paymentInstrumentType: 'BANKACCOUNT', instrumentStatus: 'Ok', accountHolder: 'Kim Muster', iban: fullIban, bic: 'COBADEFFXXX' },
    },
  ],
  payments: [
    {
      id: 'pay-1',
      orderNumber: 'A-200001',
      subscriptionNumber: 'S-200001',
      amount: 63,
      currency: 'EUR',
      dueDate: '2026-06-05',
      status: 'paid',
      paymentInstrumentType: 'BANKACCOUNT',
    },
  ],
  directDebit: { account_name: 'Kim Muster', iban: fullIban, bic: 'COBADEFFXXX', has_agreed_to_sepa: true },
  device: {
    offlineTickets: { savedAt: '2026-06-02T08:00:00.000Z', tickets: [] },
    storage: [
      { storage: 'localStorage', key: 'portal.locale', value: 'de-DE' },
      { storage: 'sessionStorage', key: 'portal.oauth.transaction', withheld: true },
    ],
  },
};

export const { done, failed } = actorResults(dataExportMachine);
/** The API's answers as the app's actors reject with them (src/api/failure.ts), and a network failure. */
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const offline = new TypeError('Failed to fetch');

/** The part the machine collects in this state. */
export const partOf = (snapshot: Snapshot): DataExportPart => dataExportParts[snapshot.context.collected]!;

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('idle')) return [{ type: 'export.start' }];
  if (snapshot.matches('collecting')) {
    const part = partOf(snapshot);
    return [done('collectPart', collected[part]), failed('collectPart', serverError), failed('collectPart', offline)];
  }
  if (snapshot.matches('failed')) return [{ type: 'export.retry' }];
  return [];
}

/** How far the collection is and which part failed decide what is shown. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.collected, snapshot.context.failedPart ?? null, snapshot.context.error ?? null]);

export const dataExportModel: MachineModel<Machine> = {
  file: 'machines/data-export/data-export.machine.ts',
  machine: dataExportMachine,
  variants: [{ name: 'default', machine: dataExportMachine, events: eventsFor, serialize }],
};

import { assign, fromPromise, setup } from 'xstate';

import type { components } from '#openapi/schema.gen';

/**
 * "My data to take away" (GDPR Art. 15 and 20; issue 30 item 6, decision 31): the customer asks for
 * their data; the flow collects it part by part from the API's existing reads and from what this
 * device keeps, showing how far it is; when every part is there, the screen offers the JSON file
 * and the readable version. A part that fails stops the collection with the part's name and a
 * retry, which goes on from that part: no file is offered until every part is collected.
 *
 * The machine knows no HTTP, storage or text: the app provides `collectPart`
 * (src/flows/data-export/data-export.actors.ts); the document is composed from the collected parts
 * by src/flows/data-export/data-export-document.ts.
 */

type Schemas = components['schemas'];

/** The parts, in the order they are collected (and shown). */
export const dataExportParts = [
  'account',
  'company',
  'orders',
  'subscriptions',
  'travelers',
  'billingAddresses',
  'paymentInstruments',
  'payments',
  'directDebit',
  'device',
] as const;
export type DataExportPart = (typeof dataExportParts)[number];

/** A value this device keeps in the browser's storage, by its key; `withheld` for a secret of the sign-in. */
export interface StoredEntry {
  storage: 'localStorage' | 'sessionStorage';
  key: string;
  value?: unknown;
  withheld?: true;
}

/** What the flow collects, part by part: the API's answers as they are (the IBAN masked, see the actors). */
export interface CollectedParts {
  account: { userInfo: Schemas['UserInfo']; paymentAccount: Schemas['PaymentAccount'] | null };
  /** joti and seti: the employer or university and the staff or matriculation number; null when none. */
  company: { companyUserInfo: Schemas['CompanyUserInfo']; company: Schemas['Company'] | null } | null;
  orders: Schemas['RawOrder'][];
  subscriptions: Schemas['SubscriptionDetails'][];
  travelers: Schemas['Traveler'][];
  /** Each order's billing person and address (OrderDataForPayment). */
  billingAddresses: Schemas['OrderDataForPayment'][];
  paymentInstruments: { orderNumber: string; instrument: Schemas['PaymentInstrument'] | null }[];
  payments: Schemas['Payment'][];
  /** The SEPA direct-debit information, its IBAN masked; null when there is none. */
  directDebit: Schemas['PaymentInformation'] | null;
  /** What this device keeps: the tickets kept for offline use and the portal's keys in the browser's storage. */
  device: { offlineTickets: { savedAt: string | null; tickets: unknown[] }; storage: StoredEntry[] };
}

export type DataExportErrorCode = 'collectFailed';

export interface DataExportContext {
  /** How many parts are collected (the next to collect is `dataExportParts[collected]`). */
  collected: number;
  parts: Partial<CollectedParts>;
  /** The part that failed, shown by name. */
  failedPart: DataExportPart | undefined;
  error: DataExportErrorCode | undefined;
}

export type DataExportEvent = { type: 'export.start' } | { type: 'export.retry' };

export const dataExportMachine = setup({
  types: {
    context: {} as DataExportContext,
    events: {} as DataExportEvent,
  },
  actors: {
    /** GETs one part's calls (SPEC.md 7.1 to 7.5), or reads the device's storage. */
    collectPart: fromPromise<CollectedParts[DataExportPart], { part: DataExportPart }>(async () => {
      throw new Error('collectPart is provided by the app');
    }),
  },
  guards: {
    isLastPart: ({ context }) => context.collected + 1 >= dataExportParts.length,
  },
}).createMachine({
  id: 'dataExport',
  description: 'Collects the customer’s data part by part and offers it as a file and a readable page (GDPR Art. 15, 20; decision 31).',
  meta: { spec: 'SPEC.md 2.2 account, 4.5; issue 30 item 6; decision 31' },
  context: { collected: 0, parts: {}, failedPart: undefined, error: undefined },
  initial: 'idle',
  states: {
    idle: {
      description: 'Explains what the export holds and what it leaves out; the customer starts it.',
      meta: { spec: 'SPEC.md 2.2 account, 4.5; decision 31: what is exported' },
      on: {
        'export.start': { description: 'Collect every part.', target: 'collecting' },
      },
    },
    collecting: {
      description: 'Collects the next part; the screen shows how many of all parts are collected. A second start meanwhile is ignored.',
      meta: { spec: 'SPEC.md 7.1-7.5 (the GET calls); decision 31: composed on the client' },
      invoke: {
        id: 'collectPart',
        src: 'collectPart',
        input: ({ context }) => ({ part: dataExportParts[context.collected]! }),
        onDone: [
          {
            description: 'The last part is collected: the file and the readable version.',
            guard: 'isLastPart',
            target: 'ready',
            actions: assign({
              parts: ({ context, event }) => ({ ...context.parts, [dataExportParts[context.collected]!]: event.output }),
              collected: ({ context }) => context.collected + 1,
            }),
          },
          {
            description: 'A part is collected: on to the next.',
            target: 'collecting',
            reenter: true,
            actions: assign({
              parts: ({ context, event }) => ({ ...context.parts, [dataExportParts[context.collected]!]: event.output }),
              collected: ({ context }) => context.collected + 1,
            }),
          },
        ],
        onError: {
          description: 'A call of the part failed (a 503 goes to /maintenance first): no file, the part named, a retry.',
          target: 'failed',
          actions: assign({ failedPart: ({ context }) => dataExportParts[context.collected], error: 'collectFailed' }),
        },
      },
    },
    failed: {
      description: 'A part could not be collected: its name and a retry; no file is offered.',
      meta: { spec: 'SPEC.md 4.8, 8; issue 30 item 6: a clear message when one call fails, no partial file called complete' },
      on: {
        'export.retry': {
          description: 'Collect again from the part that failed.',
          target: 'collecting',
          actions: assign({ failedPart: undefined, error: undefined }),
        },
      },
    },
    ready: {
      description: 'Every part is collected: the JSON file to download and the readable version to print.',
      meta: { spec: 'SPEC.md 4.5; GDPR Art. 15 (a copy), Art. 20 (machine-readable); decision 31' },
      type: 'final',
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';

import { isStorageFull, isStorageUnavailable, type StoredRecord, ticketsToKeep } from '#src/domain/offline-tickets';

/**
 * The offline ticket (issue 29, items 2 and 5): while signed in, the portal keeps the customer's
 * tickets of this month and next month on the device, so the dashboard and the ticket screen can
 * show the ticket with its barcode without a network ("offline, as of <time>").
 *
 * It reads what is stored, shows it (expired tickets dropped), and on `offline.refresh` (the
 * signed-in customer, by their user-info `sub`) reads the tickets from the API and stores them:
 * the stored data of another customer is dropped first. `offline.clear` (logout, account
 * deletion) removes everything. A refresh or clear asked while the stored record is read, or while
 * it is cleared, is remembered and done next. Without usable storage (no IndexedDB, private mode)
 * it rests in `unavailable`.
 *
 * The machine knows no IndexedDB, HTTP or text: the app provides the actors
 * (src/flows/offline-ticket/offline-ticket.actors.ts); failures reach it as codes
 * (`storageFailureCodes`, src/domain/offline-tickets.ts), and it keeps codes, never sentences.
 */

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type OfflineTicketErrorCode = 'storageUnavailable' | 'storageFull' | 'refreshFailed';

export interface OfflineTicketInput {
  /** The customer's day, YYYY-MM-DD (local calendar): the machine has no clock. */
  today: string;
}

export interface OfflineTicketContext {
  today: string;
  /** The stored record as shown: expired tickets and another customer's record dropped. */
  record: StoredRecord | undefined;
  /** The customer a refresh was asked for (`offline.refresh`); undefined until then and after a clear. */
  owner: string | undefined;
  error: OfflineTicketErrorCode | undefined;
}

export type OfflineTicketEvent = { type: 'offline.refresh'; owner: string } | { type: 'offline.clear' };

/** What a refresh needs: whose tickets they are and the day that decides which to keep. */
export interface RefreshStoredInput {
  owner: string;
  today: string;
}

export const offlineTicketMachine = setup({
  types: {
    context: {} as OfflineTicketContext,
    events: {} as OfflineTicketEvent,
    input: {} as OfflineTicketInput,
  },
  actors: {
    /** Reads the stored record (validated; expired tickets may be dropped from the storage too). */
    readStored: fromPromise<StoredRecord | undefined, { today: string }>(async () => {
      throw new Error('readStored is provided by the app');
    }),
    /**
     * GET /api/dashboard/v1/tickets (SPEC.md 7.3), then stores the tickets to keep for `owner`,
     * clearing another customer's record first. Resolves with the stored record, or undefined when
     * a clear came meanwhile and nothing was written. Rejects with a storage code or an API failure.
     */
    refreshStored: fromPromise<StoredRecord | undefined, RefreshStoredInput>(async () => {
      throw new Error('refreshStored is provided by the app');
    }),
    /** Deletes the stored record. */
    clearStored: fromPromise<void>(async () => {
      throw new Error('clearStored is provided by the app');
    }),
  },
  actions: {
    /** Drops the tickets no longer valid on `today` (and those beyond next month). */
    dropExpiredTickets: assign({
      record: ({ context }) => (context.record ? { ...context.record, tickets: ticketsToKeep(context.record.tickets, context.today) } : undefined),
    }),
    /** Drops a record that belongs to another customer than the one asked for. */
    dropOtherCustomersRecord: assign({ record: ({ context }) => (context.record?.owner === context.owner ? context.record : undefined) }),
  },
  guards: {
    /** An `offline.refresh` came while busy and is waiting. */
    refreshAsked: ({ context }) => context.owner !== undefined,
    isStorageUnavailable: (_, params: { error: unknown }) => isStorageUnavailable(params.error),
    isStorageFull: (_, params: { error: unknown }) => isStorageFull(params.error),
  },
}).createMachine({
  id: 'offlineTicket',
  description: "Keeps the signed-in customer's tickets of this month and next on the device and shows them offline (issue 29).",
  meta: { spec: 'SPEC.md 2.3 Dashboard, 7.3 GET /api/dashboard/v1/tickets; issue 29 items 2 and 5' },
  context: ({ input }) => ({ today: input.today, record: undefined, owner: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the record stored on the device (validated; a corrupt one or one of another version reads as none).',
      meta: { spec: 'SPEC.md 2.3 Dashboard; issue 29 item 2: the stored ticket' },
      invoke: {
        id: 'readStored',
        src: 'readStored',
        input: ({ context }) => ({ today: context.today }),
        onDone: [
          {
            description: "A refresh was asked while reading: refresh now (what was read shows meanwhile if it is the same customer's).",
            guard: 'refreshAsked',
            target: 'refreshing',
            actions: assign({ record: ({ event }) => event.output }),
          },
          { description: 'Read (or nothing stored): show it.', target: 'ready', actions: assign({ record: ({ event }) => event.output }) },
        ],
        onError: {
          description: 'IndexedDB is missing or cannot be opened (private mode): nothing can be kept.',
          target: 'unavailable',
          actions: assign({ error: 'storageUnavailable' }),
        },
      },
      on: {
        'offline.refresh': {
          description: 'The signed-in customer is known before the record is read: remembered, the refresh follows the read.',
          actions: assign({ owner: ({ event }) => event.owner }),
        },
        'offline.clear': {
          description: 'Logout or account deletion while reading: clear without waiting.',
          target: 'clearing',
          actions: assign({ owner: undefined }),
        },
      },
    },
    ready: {
      description: 'Shows the stored tickets, expired ones dropped (none when nothing is stored); after a failed refresh, its code.',
      meta: { spec: 'SPEC.md 2.3 Dashboard; issue 29 items 2 and 5: offline, as of the time saved' },
      entry: 'dropExpiredTickets',
      on: {
        'offline.refresh': {
          description: 'Signed in and online: read the tickets of this customer and store them.',
          target: 'refreshing',
          actions: assign({ owner: ({ event }) => event.owner, error: undefined }),
        },
        'offline.clear': {
          description: 'Logout or account deletion: remove everything.',
          target: 'clearing',
          actions: assign({ owner: undefined, error: undefined }),
        },
      },
    },
    refreshing: {
      description:
        "Reads the tickets from the API and stores those of this month and next for the customer; another customer's record is not shown meanwhile. A second refresh is not taken.",
      meta: { spec: 'SPEC.md 7.3 GET /api/dashboard/v1/tickets; issue 29 items 2 and 5' },
      entry: ['dropOtherCustomersRecord', 'dropExpiredTickets'],
      invoke: {
        id: 'refreshStored',
        src: 'refreshStored',
        // Every way into this state sets the owner (offline.refresh, or refreshAsked).
        input: ({ context }) => ({ owner: context.owner!, today: context.today }),
        onDone: {
          description: 'Stored: show the new record (none when a clear came meanwhile).',
          target: 'ready',
          actions: assign({ record: ({ event }) => event.output, error: undefined }),
        },
        onError: [
          {
            description: 'The storage cannot be used after all: nothing can be kept.',
            guard: { type: 'isStorageUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: assign({ record: undefined, error: 'storageUnavailable' }),
          },
          {
            description: 'The storage is full: the record stored before stays.',
            guard: { type: 'isStorageFull', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: 'storageFull' }),
          },
          {
            description: 'The API did not answer or failed (network, 5xx, 401): the record stored before stays.',
            target: 'ready',
            actions: assign({ error: 'refreshFailed' }),
          },
        ],
      },
      on: {
        'offline.clear': {
          description: 'Logout during the refresh: clear; the refresh writes nothing after the clear.',
          target: 'clearing',
          actions: assign({ owner: undefined, error: undefined }),
        },
      },
    },
    clearing: {
      description: 'Removes everything stored; nothing is shown meanwhile.',
      meta: { spec: 'SPEC.md 2.3 Dashboard; issue 29 item 5: logout, account deletion, another customer' },
      entry: assign({ record: undefined }),
      invoke: {
        id: 'clearStored',
        src: 'clearStored',
        onDone: [
          { description: 'Cleared; a refresh asked meanwhile (the next customer) follows.', guard: 'refreshAsked', target: 'refreshing' },
          { description: 'Cleared: nothing stored.', target: 'ready' },
        ],
        onError: [
          { description: 'The clear failed; a refresh asked meanwhile follows, and replaces the record.', guard: 'refreshAsked', target: 'refreshing' },
          { description: 'The clear failed: nothing is shown.', target: 'ready' },
        ],
      },
      on: {
        'offline.refresh': {
          description: 'A customer signed in while clearing: remembered, the refresh follows the clear.',
          actions: assign({ owner: ({ event }) => event.owner }),
        },
      },
    },
    unavailable: {
      description: 'The device storage cannot be used (no IndexedDB, private mode): no ticket is kept or shown offline.',
      meta: { spec: 'SPEC.md 2.3 Dashboard; issue 29 item 2: storage unavailable' },
      on: {
        'offline.clear': {
          description: 'Harmless: nothing is stored or shown; the customer is forgotten.',
          actions: assign({ owner: undefined }),
        },
      },
    },
  },
});

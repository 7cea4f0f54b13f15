import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { offlineTicketMachine } from '#machines/offline-ticket/offline-ticket.machine';
import { ApiFailure } from '#src/api/failure';
import type { StoredRecord, StoredTicket } from '#src/domain/offline-tickets';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The offline-ticket machine's model (docs/guides/model-based-tests.md): in each state, what the
 * app asks (a refresh for the signed-in customer, or another one; a clear) and what the storage
 * and the API can answer (src/flows/offline-ticket/ticket-store.ts: StorageUnavailable,
 * QuotaExceeded; GET /api/dashboard/v1/tickets: 500, 401, no network). Used by
 * offline-ticket.machine.test.ts, the coverage table and `npm run paths -- offline-ticket`.
 */

type Machine = typeof offlineTicketMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

/** The last day of a month: the current ticket ends today, the next starts tomorrow. */
export const today = '2026-04-30';
/** Two customers, by their user-info `sub`. */
export const customer = 'user-deuti';
export const otherCustomer = 'user-joti';

function ticket(month: string, last: string, validity: StoredTicket['validity']): StoredTicket {
  return {
    id: `ticket-${month}`,
    subscriptionId: 'sub-deuti-active',
    ticketNumber: `T-${month}`,
    subscriptionNumber: 'S-A100001',
    product: 'deuti',
    validity,
    validFrom: `${month}-01`,
    validUntil: `${month}-${last}`,
    holder: { firstName: 'Erika', lastName: 'Mustermann', birthdate: '1990-01-15' },
    companyName: null,
    isDownloadable: true,
    barcode: `DT|T-${month}|signed`,
  };
}

/** March's ticket (expired), April's (valid today), May's (next month). */
export const marchTicket = ticket('2026-03', '31', 'expired');
export const aprilTicket = ticket('2026-04', '30', 'current');
export const mayTicket = ticket('2026-05', '31', 'upcoming');

/** What was stored some days ago: March is expired by now. */
export const storedRecord: StoredRecord = {
  version: 1,
  owner: customer,
  savedAt: '2026-04-20T08:15:00.000Z',
  tickets: [marchTicket, aprilTicket, mayTicket],
};
/** What a refresh stores today. */
export const refreshedRecord: StoredRecord = { version: 1, owner: customer, savedAt: '2026-04-30T09:00:00.000Z', tickets: [aprilTicket, mayTicket] };
export const otherCustomersRecord: StoredRecord = { ...refreshedRecord, owner: otherCustomer };

export const { done, failed } = actorResults(offlineTicketMachine);

/** The store's failures as ticket-store.ts throws them (a code on the error), and the API's. */
export const storageUnavailable = Object.assign(new Error('IndexedDB is missing'), { name: 'StorageUnavailable', code: 'storageUnavailable' });
export const storageFull = Object.assign(new Error('The offline tickets do not fit'), { name: 'QuotaExceeded', code: 'storageFull' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const signedOut = new ApiFailure(401, { status: 401, code: 'unauthenticated', title: 'Unauthenticated' });
export const offline = new TypeError('Failed to fetch');

const refresh = (owner: string): Event => ({ type: 'offline.refresh', owner });
const clear: Event = { type: 'offline.clear' };

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('loading')) {
    return [
      done('readStored', storedRecord),
      done('readStored', undefined),
      failed('readStored', storageUnavailable),
      ...(snapshot.context.owner === undefined ? [refresh(customer)] : []),
      clear,
    ];
  }
  if (snapshot.matches('ready')) return [refresh(customer), refresh(otherCustomer), clear];
  if (snapshot.matches('refreshing')) {
    return [
      done('refreshStored', snapshot.context.owner === otherCustomer ? otherCustomersRecord : refreshedRecord),
      done('refreshStored', undefined),
      failed('refreshStored', storageUnavailable),
      failed('refreshStored', storageFull),
      failed('refreshStored', serverError),
      failed('refreshStored', signedOut),
      failed('refreshStored', offline),
      clear,
    ];
  }
  if (snapshot.matches('clearing')) {
    return [done('clearStored'), failed('clearStored', storageUnavailable), ...(snapshot.context.owner === undefined ? [refresh(otherCustomer)] : [])];
  }
  if (snapshot.matches('unavailable')) return [clear];
  return [];
}

/** What is shown and what comes next: the state, the error, whose record is shown and who was asked for. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.error ?? null,
    snapshot.context.record?.owner ?? null,
    snapshot.context.record?.savedAt ?? null,
    snapshot.context.owner ?? null,
  ]);

export const machine = withInput(offlineTicketMachine, { today });

export const offlineTicketModel: MachineModel<Machine> = {
  file: 'machines/offline-ticket/offline-ticket.machine.ts',
  machine: offlineTicketMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};

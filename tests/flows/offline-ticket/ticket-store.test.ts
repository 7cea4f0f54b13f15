// @vitest-environment node
import 'fake-indexeddb/auto';

import { createStore, get, set } from 'idb-keyval';

import { type StoredRecord, type StoredTicket } from '#src/domain/offline-tickets';
import {
  clearOfflineTickets,
  clearsSoFar,
  clearStored,
  offlineDatabaseName,
  offlineStoreName,
  QuotaExceeded,
  readStored,
  StorageUnavailable,
  writeStored,
} from '#src/flows/offline-ticket/ticket-store';

/**
 * The offline tickets' IndexedDB adapter (src/flows/offline-ticket/ticket-store.ts) over
 * fake-indexeddb: what goes in comes back through the allowlist, a bad record is dropped, a clear
 * removes everything, and a storage that cannot be used or is full says so with its code.
 */

const ticket: StoredTicket = {
  id: 'ticket-2026-05',
  subscriptionId: 'sub-deuti-active',
  ticketNumber: 'T-100001-2026-05',
  subscriptionNumber: 'S-A100001',
  product: 'deuti',
  validity: 'current',
  validFrom: '2026-05-01',
  validUntil: '2026-05-31',
  holder: { firstName: 'Erika', lastName: 'Mustermann', birthdate: '1990-01-15' },
  companyName: null,
  isDownloadable: true,
  barcode: 'DT|T-100001-2026-05|signed',
};
const record: StoredRecord = { version: 1, owner: 'user-deuti', savedAt: '2026-05-10T08:15:00.000Z', tickets: [ticket] };

const fakeIndexedDB = globalThis.indexedDB;
type Globals = { indexedDB?: IDBFactory };

/** What IndexedDB holds under the store's one key, read past the adapter. */
async function rawRecord(): Promise<unknown> {
  return get('record', createStore(offlineDatabaseName, offlineStoreName));
}

beforeEach(() => {
  // A new, empty IndexedDB for every test.
  (globalThis as Globals).indexedDB = new IDBFactory();
});

afterAll(() => {
  (globalThis as Globals).indexedDB = fakeIndexedDB;
});

describe('the offline ticket store', () => {
  it('reads nothing when nothing is stored, and what was written after a write', async () => {
    expect(await readStored()).toBeUndefined();
    expect(await writeStored(record)).toBe(true);
    expect(await readStored()).toEqual(record);
    const next = { ...record, savedAt: '2026-05-11T07:00:00.000Z', tickets: [] };
    await writeStored(next);
    expect(await readStored()).toEqual(next);
  });

  it('writes the allowlist only: an extra field and an IBAN never reach the device', async () => {
    const withExtras = {
      ...record,
      iban: 'DE02120300000000202051',
      tickets: [{ ...ticket, iban: 'DE02120300000000202051', price: 63, holder: { ...ticket.holder, email: 'erika@example.com' } }],
    };
    await writeStored(withExtras);
    expect(await readStored()).toEqual(record);
    const raw = JSON.stringify(await rawRecord());
    expect(raw).toContain(ticket.barcode);
    expect(raw).not.toMatch(/iban|DE02|price|email/i);
  });

  it('refuses to write a record that is not one (no owner)', async () => {
    await expect(writeStored({ ...record, owner: '' })).rejects.toThrow();
    expect(await rawRecord()).toBeUndefined();
  });

  it.each([
    ['another version', { ...record, version: 2 }],
    ['a corrupt ticket', { ...record, tickets: [{ ...ticket, barcode: undefined }] }],
    ['not an object', 'garbage'],
  ])('drops %s: read as none and deleted', async (_name, value) => {
    await set('record', value, createStore(offlineDatabaseName, offlineStoreName));
    expect(await readStored()).toBeUndefined();
    expect(await rawRecord()).toBeUndefined();
  });

  it('a clear removes the record, and so does clearOfflineTickets()', async () => {
    await writeStored(record);
    await clearStored();
    expect(await readStored()).toBeUndefined();
    await writeStored(record);
    await clearOfflineTickets();
    expect(await rawRecord()).toBeUndefined();
    await clearOfflineTickets();
    expect(await readStored()).toBeUndefined();
  });

  it('a write begun before a clear (a refresh during logout) writes nothing after it', async () => {
    const before = clearsSoFar();
    await clearOfflineTickets();
    expect(clearsSoFar()).toBe(before + 1);
    expect(await writeStored(record, { unlessClearedSince: before })).toBe(false);
    expect(await rawRecord()).toBeUndefined();
    expect(await writeStored(record, { unlessClearedSince: clearsSoFar() })).toBe(true);
    // The clear that follows a write that passed the check runs after it.
    const written = writeStored({ ...record, owner: 'user-joti' }, { unlessClearedSince: clearsSoFar() });
    const cleared = clearStored();
    await Promise.all([written, cleared]);
    expect(await rawRecord()).toBeUndefined();
  });

  it('without IndexedDB: StorageUnavailable (code storageUnavailable); clearOfflineTickets() still resolves', async () => {
    delete (globalThis as Globals).indexedDB;
    for (const call of [() => readStored(), () => writeStored(record), () => clearStored()]) {
      const error = await call().catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(StorageUnavailable);
      expect(error).toMatchObject({ code: 'storageUnavailable' });
    }
    await expect(clearOfflineTickets()).resolves.toBeUndefined();
  });

  it('when opening fails (private mode), at once or by an error event: StorageUnavailable', async () => {
    (globalThis as Globals).indexedDB = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    await expect(readStored()).rejects.toBeInstanceOf(StorageUnavailable);

    (globalThis as Globals).indexedDB = {
      open: () => {
        const request: { error: DOMException; onerror?: () => void } = { error: new DOMException('A mutation operation was attempted', 'InvalidStateError') };
        setTimeout(() => request.onerror?.());
        return request;
      },
    } as unknown as IDBFactory;
    const error = await writeStored(record).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(StorageUnavailable);
    expect((error as StorageUnavailable).cause).toMatchObject({ name: 'InvalidStateError' });
  });

  it('a write over the quota: QuotaExceeded (code storageFull), and the record stored before stays', async () => {
    await writeStored(record);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const error = await writeStored({ ...record, savedAt: '2026-05-11T07:00:00.000Z' }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(QuotaExceeded);
      expect(error).toMatchObject({ code: 'storageFull' });
    } finally {
      put.mockRestore();
    }
    expect(await readStored()).toEqual(record);
  });
});

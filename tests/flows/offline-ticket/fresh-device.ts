import 'fake-indexeddb/auto';

import { act } from '@testing-library/react';

import { keepPreferenceKey } from '#src/flows/offline-ticket/keep-preference';

/**
 * The device of the offline-ticket screen tests: each test gets an empty IndexedDB (fake-indexeddb),
 * no keep preference and the browser's own online state back; the file's end puts the shared fake back.
 */
export const keepKey = keepPreferenceKey;
export type Globals = { indexedDB?: IDBFactory };

export function freshDeviceEachTest(): void {
  const fakeIndexedDB = globalThis.indexedDB;
  beforeEach(() => {
    (globalThis as Globals).indexedDB = new IDBFactory();
    window.localStorage.removeItem(keepKey);
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'onLine');
    window.localStorage.removeItem(keepKey);
  });
  afterAll(() => {
    (globalThis as Globals).indexedDB = fakeIndexedDB;
  });
}

/** A moment for what would follow (an effect's refresh, an IndexedDB read) to have happened. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

/** How often the portal read the tickets (GET /api/dashboard/v1/tickets). */
export const ticketReads = (calls: string[]) => calls.filter((call) => call.startsWith('GET /api/dashboard/v1/tickets')).length;

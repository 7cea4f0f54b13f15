import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as v from 'valibot';

import { type StoredRecord, storageFailureCodes, storedTicketsSchema } from '#src/domain/offline-tickets';

/**
 * The offline tickets' IndexedDB adapter (issue 29, items 2 and 5): one record under one key of the
 * database `portal-offline`, store `tickets`, written and read through the allowlist of
 * src/domain/offline-tickets.ts. What it throws carries a code the machine keeps
 * (`storageFailureCodes`): `StorageUnavailable` when IndexedDB is missing or cannot be opened
 * (private mode, a browser that refuses it), `QuotaExceeded` when a write does not fit.
 *
 * `clearOfflineTickets()` is the plain way for logout and account deletion to remove everything;
 * a refresh that started before a clear does not write after it (`writeStored`'s
 * `unlessClearedSince`, `clearsSoFar`).
 */

export const offlineDatabaseName = 'portal-offline';
export const offlineStoreName = 'tickets';
export const offlineRecordKey = 'record';
const recordKey = offlineRecordKey;

/** IndexedDB cannot be used: missing, or opening it failed (private mode). */
export class StorageUnavailable extends Error {
  readonly code = storageFailureCodes.unavailable;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailable';
  }
}

/** A write did not fit into the quota the browser gives the portal. */
export class QuotaExceeded extends Error {
  readonly code = storageFailureCodes.full;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QuotaExceeded';
  }
}

/** The browsers' quota failure: a DOMException `QuotaExceededError` (Firefox's older name too). */
function isQuotaError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

let opened: { factory: IDBFactory; use: UseStore } | undefined;

/** The store of the current IndexedDB (a new one when the factory changed, as between tests). */
function currentStore(): UseStore {
  const factory = (globalThis as { indexedDB?: IDBFactory | null }).indexedDB ?? undefined;
  if (!factory) throw new StorageUnavailable('IndexedDB is missing');
  if (opened?.factory !== factory) opened = { factory, use: createStore(offlineDatabaseName, offlineStoreName) };
  return opened.use;
}

/**
 * idb-keyval's store, with every failure before the object store is reached (IndexedDB missing,
 * opening or upgrading refused, a database without the store) as `StorageUnavailable`. Calls
 * create their transactions in the order they are made, so IndexedDB runs them in that order (a
 * write that passed `unlessClearedSince` comes before the clear that followed it).
 */
function ticketStore<T>(mode: IDBTransactionMode, callback: (store: IDBObjectStore) => T | PromiseLike<T>): Promise<T> {
  let reached = false;
  let pending: Promise<T>;
  try {
    pending = currentStore()(mode, (store) => {
      reached = true;
      return callback(store);
    });
  } catch (error) {
    return Promise.reject(error instanceof StorageUnavailable ? error : new StorageUnavailable('IndexedDB could not be opened', { cause: error }));
  }
  return pending.catch((error: unknown) => {
    throw reached || error instanceof StorageUnavailable ? error : new StorageUnavailable('IndexedDB could not be opened', { cause: error });
  });
}

let clears = 0;

/** How many clears this page has made so far: pass it to `writeStored` as `unlessClearedSince`. */
export function clearsSoFar(): number {
  return clears;
}

/**
 * The stored record, validated; undefined when there is none. A record that fails the schema (a
 * corrupt one, another version) is deleted and reads as none.
 */
export async function readStored(): Promise<StoredRecord | undefined> {
  const value: unknown = await get(recordKey, ticketStore);
  if (value === undefined) return undefined;
  const parsed = v.safeParse(storedTicketsSchema, value);
  if (parsed.success) return parsed.output;
  await del(recordKey, ticketStore);
  return undefined;
}

/**
 * Writes the record in place of the stored one, through the schema: only the allowlist's fields
 * are written. With `unlessClearedSince` (a `clearsSoFar()` taken before the tickets were read),
 * nothing is written when a clear came meanwhile (a logout during a refresh); the answer says
 * whether it was written.
 */
export async function writeStored(record: StoredRecord, options: { unlessClearedSince?: number } = {}): Promise<boolean> {
  const clean = v.parse(storedTicketsSchema, record);
  if (options.unlessClearedSince !== undefined && options.unlessClearedSince !== clears) return false;
  try {
    await set(recordKey, clean, ticketStore);
    return true;
  } catch (error) {
    if (isQuotaError(error)) throw new QuotaExceeded('The offline tickets do not fit into the storage', { cause: error });
    throw error;
  }
}

/** Deletes the stored record (logout, account deletion, another customer). */
export async function clearStored(): Promise<void> {
  clears += 1;
  await del(recordKey, ticketStore);
}

/**
 * Removes everything stored for offline use, without a machine: logout and account deletion call
 * it. It never rejects: where the storage cannot be used, nothing can have been stored there.
 */
export async function clearOfflineTickets(): Promise<void> {
  try {
    await clearStored();
  } catch {
    // Nothing more to do here: without a usable storage nothing was kept; a record left by a failed
    // delete is replaced or cleared by the next customer's refresh, which compares the owner first.
  }
}

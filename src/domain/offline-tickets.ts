import * as v from 'valibot';

import { hasCode } from './failure';
import { productNames } from './product';

/**
 * The tickets the portal keeps on the device for offline use (issue 29, items 2 and 5): while
 * signed in, the customer's tickets of this month and next month, so the dashboard and the ticket
 * screen can show the ticket with its barcode when there is no network ("offline, as of <time>").
 *
 * What is kept is an allowlist (`pickStoredTicket`, `storedTicketSchema`): what the ticket screen
 * shows and nothing else, never a token, password or IBAN. The record names its owner (the
 * signed-in customer's `sub` of user-info, `offlineOwnerOf`), so the data of one customer is never
 * shown to another. Pure: the machine, the IndexedDB adapter (src/flows/offline-ticket/) and the
 * tests share it. Dates are calendar days `YYYY-MM-DD`, compared as text.
 */

/** The version of the stored record; a record of another version is dropped when read. */
export const storedTicketsVersion = 1;

const isoDateSchema = v.pipe(v.string(), v.isoDate());

/** One kept ticket: exactly the fields the ticket screen shows (the contract's Ticket, narrowed). */
export const storedTicketSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  subscriptionId: v.pipe(v.string(), v.minLength(1)),
  ticketNumber: v.string(),
  subscriptionNumber: v.string(),
  product: v.picklist(productNames),
  validity: v.picklist(['current', 'upcoming', 'expired']),
  validFrom: isoDateSchema,
  validUntil: isoDateSchema,
  holder: v.object({ firstName: v.string(), lastName: v.string(), birthdate: isoDateSchema }),
  companyName: v.nullable(v.string()),
  isDownloadable: v.boolean(),
  /** The content of the ticket's Aztec code, as the API signed it. */
  barcode: v.pipe(v.string(), v.minLength(1)),
});
export type StoredTicket = v.InferOutput<typeof storedTicketSchema>;
export type TicketValidity = StoredTicket['validity'];

/**
 * The one stored record. `v.object` drops every entry it does not name, so a record read back or
 * written carries the allowlist's fields only, whatever else was in it.
 */
export const storedTicketsSchema = v.object({
  version: v.literal(storedTicketsVersion),
  /** Whose tickets these are: `offlineOwnerOf` of the signed-in customer. */
  owner: v.pipe(v.string(), v.minLength(1)),
  /** When the tickets were read from the API (ISO timestamp): "offline, as of <time>". */
  savedAt: v.pipe(v.string(), v.isoTimestamp()),
  tickets: v.array(storedTicketSchema),
});
export type StoredRecord = v.InferOutput<typeof storedTicketsSchema>;

/** A ticket as the API gives it (GET /api/dashboard/v1/tickets), with whatever else it may carry. */
export interface TicketToStore {
  id: string;
  subscriptionId: string;
  ticketNumber: string;
  subscriptionNumber: string;
  product: StoredTicket['product'];
  validity: TicketValidity;
  validFrom: string;
  validUntil: string;
  holder: { firstName: string; lastName: string; birthdate: string };
  companyName?: string | null | undefined;
  isDownloadable: boolean;
  barcode: string;
}

/** The allowlist: copies the kept fields one by one, so a field the API adds never reaches the device. */
export function pickStoredTicket(ticket: TicketToStore): StoredTicket {
  return {
    id: ticket.id,
    subscriptionId: ticket.subscriptionId,
    ticketNumber: ticket.ticketNumber,
    subscriptionNumber: ticket.subscriptionNumber,
    product: ticket.product,
    validity: ticket.validity,
    validFrom: ticket.validFrom,
    validUntil: ticket.validUntil,
    holder: { firstName: ticket.holder.firstName, lastName: ticket.holder.lastName, birthdate: ticket.holder.birthdate },
    companyName: ticket.companyName ?? null,
    isDownloadable: ticket.isDownloadable,
    barcode: ticket.barcode,
  };
}

/**
 * Whose stored tickets these are: the user-info's `sub` (GET /api/v2/auth/connect/user-info,
 * `userInfoQuery` in src/api/queries/account.ts), the customer's id, which an email change keeps.
 * It is an opaque id, no address, so it is stored as it is.
 */
export function offlineOwnerOf(userInfo: { sub: string }): string {
  return userInfo.sub;
}

// ---------------------------------------------------------------- days

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The last day of the month after `today`'s: 2026-01-31 → 2026-02-28, 2026-12-01 → 2027-01-31. */
export function lastDayOfNextMonth(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}-${String(daysInMonth(nextYear, nextMonth)).padStart(2, '0')}`;
}

interface Validity {
  validFrom: string;
  validUntil: string;
}

function byValidFrom(a: Validity, b: Validity): number {
  return a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0;
}

/**
 * The tickets to keep on `today`: not expired (validUntil on or after today) and valid by the end
 * of next month at the latest (validFrom on or before its last day), sorted by validFrom (the
 * API's order within a month is kept).
 */
export function ticketsToKeep<T extends Validity>(tickets: readonly T[], today: string): T[] {
  const until = lastDayOfNextMonth(today);
  return tickets.filter((ticket) => ticket.validUntil >= today && ticket.validFrom <= until).sort(byValidFrom);
}

/** The ticket to show: the one valid today, else the next one to become valid; undefined when none. */
export function currentOrNext<T extends Validity>(tickets: readonly T[], today: string): T | undefined {
  const sorted = [...tickets].sort(byValidFrom);
  return sorted.find((ticket) => ticket.validFrom <= today && ticket.validUntil >= today) ?? sorted.find((ticket) => ticket.validFrom > today);
}

/** A ticket's validity on `today`, as the API would answer it then (a kept `upcoming` becomes `current`). */
export function validityOn(ticket: Validity, today: string): TicketValidity {
  if (ticket.validUntil < today) return 'expired';
  return ticket.validFrom > today ? 'upcoming' : 'current';
}

// ---------------------------------------------------------------- storage failures

/**
 * The codes the storage's failures carry (src/flows/offline-ticket/ticket-store.ts), which the
 * machine branches on and keeps: the device's storage cannot be used (no IndexedDB, private mode,
 * opening refused), or it is full.
 */
export const storageFailureCodes = { unavailable: 'storageUnavailable', full: 'storageFull' } as const;

export function isStorageUnavailable(error: unknown): boolean {
  return hasCode(error, storageFailureCodes.unavailable);
}

export function isStorageFull(error: unknown): boolean {
  return hasCode(error, storageFailureCodes.full);
}

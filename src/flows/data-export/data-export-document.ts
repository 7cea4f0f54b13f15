import { type CollectedParts, type DataExportPart, dataExportParts } from '#machines/data-export/data-export.machine';

/**
 * The data export's document (decision 31): the collected parts → one versioned JSON document, and
 * the same document → the readable version's sections. Pure: no React, no fetch, no storage; the
 * screen gives the time.
 *
 * No IBAN leaves unmasked: every string under a key that names an IBAN, anywhere in the document
 * (the direct-debit information, the payment instruments, what the device keeps), is masked to its
 * country code and last four characters; card numbers keep their last four.
 */

export const dataExportFormat = 'ticket-portal-data-export';
export const dataExportVersion = 1;

export type DataExportDocument = {
  format: typeof dataExportFormat;
  version: typeof dataExportVersion;
  /** When the file was made (ISO 8601). */
  createdAt: string;
} & CollectedParts;

/**
 * "DE89370400440532013000" → "DE** **** **** **** **30 00": the country code and the last four
 * characters stay, every other character is a star, grouped by four as an IBAN is printed. Masking a
 * masked IBAN changes nothing that was hidden.
 */
export function maskIban(iban: string): string {
  const electronic = iban.replace(/\s+/g, '').toUpperCase();
  if (electronic.length <= 6) return '*'.repeat(electronic.length);
  const masked = `${electronic.slice(0, 2)}${'*'.repeat(electronic.length - 6)}${electronic.slice(-4)}`;
  return masked.match(/.{1,4}/g)!.join(' ');
}

/** "4111111111111111" → "**** **** **** 1111". */
export function maskCardNumber(number: string): string {
  const digits = number.replace(/[^0-9*]/g, '');
  return `**** **** **** ${digits.slice(-4)}`;
}

const ibanKey = /iban/i;

/** A copy of `value` with every string under an IBAN key masked, at any depth. */
export function maskIbans<T>(value: T): T {
  return maskDeep(value, undefined) as T;
}

function maskDeep(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') return key !== undefined && ibanKey.test(key) ? maskIban(value) : value;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, maskDeep(inner, name)]));
  }
  return value;
}

/** The collected parts as the document to download, masked; `createdAt` is the time it is made. */
export function composeDataExport(parts: CollectedParts, createdAt: Date): DataExportDocument {
  const paymentInstruments = parts.paymentInstruments.map(({ orderNumber, instrument }) => ({
    orderNumber,
    instrument: instrument?.number ? { ...instrument, number: maskCardNumber(instrument.number) } : instrument,
  }));
  // The parts in dataExportParts' order, whatever order they were collected in.
  const { account, company, orders, subscriptions, travelers, billingAddresses, payments, directDebit, device } = parts;
  return maskIbans({
    format: dataExportFormat,
    version: dataExportVersion,
    createdAt: createdAt.toISOString(),
    account,
    company,
    orders,
    subscriptions,
    travelers,
    billingAddresses,
    paymentInstruments,
    payments,
    directDebit,
    device,
  });
}

/** The file's name: `meine-daten-2026-11-28.json` in German, `my-data-2026-11-28.json` in English (the local date). */
export function dataExportFileName(createdAt: Date, locale: string): string {
  const pad = (number: number) => String(number).padStart(2, '0');
  const date = `${createdAt.getFullYear()}-${pad(createdAt.getMonth() + 1)}-${pad(createdAt.getDate())}`;
  return `${locale.startsWith('de') ? 'meine-daten' : 'my-data'}-${date}.json`;
}

/** One table of the readable version: an optional title (an order number) and its rows, field and value. */
export interface ReadableRecord {
  title: string | undefined;
  rows: (readonly [field: string, value: string])[];
}

export interface ReadableSection {
  part: DataExportPart;
  /** Empty when the part holds nothing (no company, no direct debit, no payments). */
  records: ReadableRecord[];
}

/** The document as the readable version shows it: per part, one table per order, payment or stored value. */
export function readableSections(document: DataExportDocument): ReadableSection[] {
  return dataExportParts.map((part) => ({ part, records: recordsOf(document[part]) }));
}

function recordsOf(value: unknown): ReadableRecord[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => ({ title: titleOf(item), rows: rowsOf(item, '') }));
  return [{ title: undefined, rows: rowsOf(value, '') }];
}

/** An order's, subscription's or payment's number, the storage key, or nothing. */
function titleOf(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const record = item as Record<string, unknown>;
  const title = record.subscriptionNumber ?? record.orderNumber ?? record.order_number ?? record.key;
  return typeof title === 'string' ? title : undefined;
}

/** Nested fields flattened to dotted names (`contact.firstName`, `order_items.1.buy_on`). */
function rowsOf(value: unknown, prefix: string): (readonly [string, string])[] {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index + 1), item] as const) : Object.entries(value);
    if (entries.length === 0) return prefix ? [[prefix, '–']] : [];
    return entries.flatMap(([name, inner]) => rowsOf(inner, prefix ? `${prefix}.${name}` : name));
  }
  return [[prefix || '–', value === null || value === undefined || value === '' ? '–' : String(value)]];
}

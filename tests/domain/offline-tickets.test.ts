// @vitest-environment node
import * as v from 'valibot';

import {
  currentOrNext,
  isStorageFull,
  isStorageUnavailable,
  lastDayOfNextMonth,
  offlineOwnerOf,
  pickStoredTicket,
  type StoredTicket,
  storedTicketSchema,
  storedTicketsSchema,
  ticketsToKeep,
  validityOn,
} from '#src/domain/offline-tickets';

/** The rules of the tickets kept for offline use (issue 29, items 2 and 5; src/domain/offline-tickets.ts). */

function ticketOf(validFrom: string, validUntil: string, id = `ticket-${validFrom}`): StoredTicket {
  return {
    id,
    subscriptionId: 'sub-deuti-active',
    ticketNumber: `T-${validFrom}`,
    subscriptionNumber: 'S-A100001',
    product: 'deuti',
    validity: 'current',
    validFrom,
    validUntil,
    holder: { firstName: 'Erika', lastName: 'Mustermann', birthdate: '1990-01-15' },
    companyName: null,
    isDownloadable: true,
    barcode: 'DT|signed',
  };
}

/** A monthly ticket: from the 1st to the last day of the month. */
const month = (yyyyMm: string, lastDay: string) => ticketOf(`${yyyyMm}-01`, `${yyyyMm}-${lastDay}`);

const ids = (tickets: readonly StoredTicket[]) => tickets.map((ticket) => ticket.validFrom.slice(0, 7));

describe('lastDayOfNextMonth', () => {
  it.each([
    ['2026-01-31', '2026-02-28'], // January's last day: February of a common year
    ['2028-01-15', '2028-02-29'], // a leap year
    ['2026-02-01', '2026-03-31'],
    ['2026-03-31', '2026-04-30'],
    ['2026-11-30', '2026-12-31'],
    ['2026-12-01', '2027-01-31'], // the year changes
    ['2026-12-31', '2027-01-31'],
  ])('on %s it is %s', (today, expected) => {
    expect(lastDayOfNextMonth(today)).toBe(expected);
  });
});

describe('ticketsToKeep', () => {
  const tickets = [month('2026-06', '30'), month('2026-03', '31'), month('2026-05', '31'), month('2026-04', '30')];

  it("on a month's last day: that month's ticket (valid until today) and next month's, sorted by validFrom", () => {
    expect(ids(ticketsToKeep(tickets, '2026-04-30'))).toEqual(['2026-04', '2026-05']);
  });

  it("on the 1st: yesterday's month is dropped, the new month's and the next are kept", () => {
    expect(ids(ticketsToKeep(tickets, '2026-05-01'))).toEqual(['2026-05', '2026-06']);
  });

  it('the month after next is not kept yet (its validFrom is after the last day of next month)', () => {
    expect(ids(ticketsToKeep(tickets, '2026-03-31'))).toEqual(['2026-03', '2026-04']);
    expect(ids(ticketsToKeep(tickets, '2026-04-01'))).toEqual(['2026-04', '2026-05']);
  });

  it('across the year: December keeps January, the 1st of January drops December', () => {
    const yearEnd = [month('2027-02', '28'), month('2027-01', '31'), month('2026-12', '31'), month('2026-11', '30')];
    expect(ids(ticketsToKeep(yearEnd, '2026-12-31'))).toEqual(['2026-12', '2027-01']);
    expect(ids(ticketsToKeep(yearEnd, '2026-12-01'))).toEqual(['2026-12', '2027-01']);
    expect(ids(ticketsToKeep(yearEnd, '2027-01-01'))).toEqual(['2027-01', '2027-02']);
  });

  it('keeps two subscriptions of one month in the API order, and leaves its input as it was', () => {
    const first = ticketOf('2026-05-01', '2026-05-31', 'first');
    const second = ticketOf('2026-05-01', '2026-05-31', 'second');
    const input = [ticketOf('2026-06-01', '2026-06-30', 'june'), first, second];
    expect(ticketsToKeep(input, '2026-05-10').map((ticket) => ticket.id)).toEqual(['first', 'second', 'june']);
    expect(input.map((ticket) => ticket.id)).toEqual(['june', 'first', 'second']);
  });

  it('nothing to keep', () => {
    expect(ticketsToKeep([], '2026-05-10')).toEqual([]);
    expect(ticketsToKeep([month('2026-04', '30')], '2026-05-01')).toEqual([]);
  });
});

describe('currentOrNext', () => {
  const april = month('2026-04', '30');
  const may = month('2026-05', '31');

  it('the ticket valid today, on its first and its last day', () => {
    expect(currentOrNext([may, april], '2026-04-01')).toBe(april);
    expect(currentOrNext([may, april], '2026-04-30')).toBe(april);
    expect(currentOrNext([may, april], '2026-05-01')).toBe(may);
  });

  it('else the next one (a subscription that starts next month, a paused month between)', () => {
    expect(currentOrNext([may], '2026-04-30')).toBe(may);
    const july = month('2026-07', '31');
    expect(currentOrNext([july, may], '2026-06-15')).toBe(july);
    expect(currentOrNext([month('2027-01', '31')], '2026-12-31')?.validFrom).toBe('2027-01-01');
  });

  it('none when every ticket is over, or there is none', () => {
    expect(currentOrNext([april], '2026-05-01')).toBeUndefined();
    expect(currentOrNext([], '2026-05-01')).toBeUndefined();
  });
});

describe('validityOn', () => {
  it('is the validity the API would answer on that day', () => {
    const may = month('2026-05', '31');
    expect(validityOn(may, '2026-04-30')).toBe('upcoming');
    expect(validityOn(may, '2026-05-01')).toBe('current');
    expect(validityOn(may, '2026-05-31')).toBe('current');
    expect(validityOn(may, '2026-06-01')).toBe('expired');
  });
});

describe('the allowlist: pickStoredTicket and storedTicketsSchema', () => {
  const fromApi = {
    ...ticketOf('2026-05-01', '2026-05-31'),
    holder: { firstName: 'Erika', lastName: 'Mustermann', birthdate: '1990-01-15', email: 'erika@example.com' },
    iban: 'DE02120300000000202051',
    accessToken: 'secret',
    price: 63,
  };

  it('copies exactly the fields the ticket screen shows, nothing the API adds', () => {
    const picked = pickStoredTicket(fromApi);
    expect(Object.keys(picked).sort()).toEqual(
      [
        'barcode',
        'companyName',
        'holder',
        'id',
        'isDownloadable',
        'product',
        'subscriptionId',
        'subscriptionNumber',
        'ticketNumber',
        'validFrom',
        'validUntil',
        'validity',
      ].sort(),
    );
    expect(Object.keys(picked.holder).sort()).toEqual(['birthdate', 'firstName', 'lastName']);
    expect(JSON.stringify(picked)).not.toMatch(/iban|DE02|secret|erika@example|price/i);
    expect(v.is(storedTicketSchema, picked)).toBe(true);
  });

  it('a missing companyName is stored as null', () => {
    const { companyName: _companyName, ...withoutCompany } = fromApi;
    expect(pickStoredTicket(withoutCompany).companyName).toBeNull();
    expect(pickStoredTicket({ ...fromApi, companyName: 'TU Dresden' }).companyName).toBe('TU Dresden');
  });

  const record = { version: 1, owner: 'user-deuti', savedAt: '2026-05-10T08:15:00.000Z', tickets: [pickStoredTicket(fromApi)] };

  it('accepts the record and drops whatever else it carries, on the record and on a ticket', () => {
    const parsed = v.parse(storedTicketsSchema, { ...record, iban: 'DE02120300000000202051', tickets: [{ ...record.tickets[0], token: 'secret' }] });
    expect(parsed).toEqual(record);
    expect(JSON.stringify(parsed)).not.toMatch(/iban|token|secret/i);
  });

  it.each([
    ['another version', { ...record, version: 2 }],
    ['no owner', { ...record, owner: '' }],
    ['a savedAt that is no timestamp', { ...record, savedAt: 'yesterday' }],
    ['a ticket without barcode', { ...record, tickets: [{ ...record.tickets[0], barcode: '' }] }],
    ['a date that is no date', { ...record, tickets: [{ ...record.tickets[0], validUntil: '31.05.2026' }] }],
    ['an unknown product', { ...record, tickets: [{ ...record.tickets[0], product: 'flex' }] }],
    ['not a record', 'tickets'],
  ])('refuses %s', (_name, value) => {
    expect(v.is(storedTicketsSchema, value)).toBe(false);
  });
});

describe('the owner and the storage failure codes', () => {
  it("the owner is the user-info's sub, an id that an email change keeps", () => {
    expect(offlineOwnerOf({ sub: 'user-42', email: 'erika@example.com' } as { sub: string })).toBe('user-42');
  });

  it('reads the code on an error', () => {
    expect(isStorageUnavailable({ code: 'storageUnavailable' })).toBe(true);
    expect(isStorageFull(Object.assign(new Error('full'), { code: 'storageFull' }))).toBe(true);
    expect(isStorageUnavailable(new TypeError('Failed to fetch'))).toBe(false);
    expect(isStorageFull(new DOMException('quota', 'QuotaExceededError'))).toBe(false);
  });
});

// @vitest-environment node
import 'fake-indexeddb/auto';

import { createStore, get } from 'idb-keyval';
import { createActor, waitFor } from 'xstate';

import { selectOfflineTicketView } from '#machines/offline-ticket/offline-ticket.selectors';
import { userInfoQuery } from '#src/api/queries/account';
import { ticketsQuery } from '#src/api/queries/subscriptions';
import { offlineOwnerOf, type StoredRecord, type StoredTicket } from '#src/domain/offline-tickets';
import { toIsoDate } from '#src/domain/personal-fields';
import { provideOfflineTicket } from '#src/flows/offline-ticket/offline-ticket.actors';
import { offlineDatabaseName, offlineStoreName, readStored, writeStored } from '#src/flows/offline-ticket/ticket-store';
import { sandboxApi } from '../../support/sandbox-api';

/**
 * The offline ticket's real actors (src/flows/offline-ticket/offline-ticket.actors.ts) over the
 * in-process sandbox and fake-indexeddb: one read of GET /api/dashboard/v1/tickets, the tickets of
 * this month and next stored for the signed-in customer with the allowlist's fields only, another
 * customer's record gone before anything is read, and a clear during a refresh that wins.
 */

const today = toIsoDate(new Date());
const fakeIndexedDB = globalThis.indexedDB;
type Globals = { indexedDB?: IDBFactory };

const storedFields = [
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
];

async function rawRecord(): Promise<StoredRecord | undefined> {
  return get('record', createStore(offlineDatabaseName, offlineStoreName));
}

async function startFlow(email = 'deuti@example.com') {
  const harness = await sandboxApi({ signedInAs: email });
  const owner = offlineOwnerOf(await harness.queryClient.fetchQuery(userInfoQuery(harness.queries)));
  const actor = createActor(provideOfflineTicket(harness), { input: { today } });
  actor.start();
  return { actor, harness, owner };
}

/** A ticket of someone else, stored before (by an earlier sign-in on this device). */
const othersTicket: StoredTicket = {
  id: 'ticket-other',
  subscriptionId: 'sub-other',
  ticketNumber: 'T-OTHER',
  subscriptionNumber: 'S-OTHER',
  product: 'joti',
  validity: 'current',
  validFrom: `${today.slice(0, 7)}-01`,
  validUntil: '2999-12-31',
  holder: { firstName: 'Max', lastName: 'Muster', birthdate: '1980-02-02' },
  companyName: 'Tedix',
  isDownloadable: true,
  barcode: 'OTHER',
};

beforeEach(() => {
  (globalThis as Globals).indexedDB = new IDBFactory();
});

afterAll(() => {
  (globalThis as Globals).indexedDB = fakeIndexedDB;
});

describe('offline-ticket actors against the sandbox', () => {
  it("stores the signed-in customer's tickets of this month and next, with the allowlist's fields, from one read", async () => {
    const { actor, harness, owner } = await startFlow();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectOfflineTicketView(actor.getSnapshot())).toMatchObject({ status: 'ready', ticket: undefined, owner: undefined });
    actor.send({ type: 'offline.refresh', owner });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.record !== undefined);

    const view = selectOfflineTicketView(ready);
    expect(view.owner).toBe(owner);
    expect(view.error).toBeUndefined();
    expect(view.ticket).toBeDefined();
    expect(view.ticket!.barcode.length).toBeGreaterThan(0);
    expect(harness.calls.filter((call) => call.startsWith('GET /api/dashboard/v1/tickets'))).toEqual(['GET /api/dashboard/v1/tickets']);

    // What the API answered, narrowed to this month and next.
    const answered = await harness.queryClient.fetchQuery(ticketsQuery(harness.queries));
    expect(view.tickets.every((ticket) => ticket.validUntil >= today)).toBe(true);
    expect(view.tickets.length).toBeGreaterThan(0);
    expect(view.tickets.length).toBeLessThanOrEqual(answered.length);
    expect(answered.some((ticket) => ticket.validUntil < today)).toBe(true);

    const raw = await rawRecord();
    expect(raw).toEqual(ready.context.record);
    expect(raw!.owner).toBe(owner);
    expect(raw!.savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    for (const ticket of raw!.tickets) expect(Object.keys(ticket).sort()).toEqual(storedFields);
    expect(JSON.stringify(raw)).not.toMatch(/iban|token|password|@example\.com/i);
  });

  it("another customer's record is gone before the tickets are read: a failed read leaves nothing of theirs", async () => {
    await writeStored({ version: 1, owner: 'someone-else', savedAt: '2026-01-01T00:00:00.000Z', tickets: [othersTicket] });
    const { actor, harness, owner } = await startFlow();
    await harness.client.post('/__sandbox/faults', { json: { method: 'GET', path: '/api/dashboard/v1/tickets', status: 500, times: 1 } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'offline.refresh', owner });
    expect(selectOfflineTicketView(actor.getSnapshot())).toMatchObject({ status: 'refreshing', ticket: undefined });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(selectOfflineTicketView(failed)).toMatchObject({ ticket: undefined, error: 'refreshFailed' });
    expect(await rawRecord()).toBeUndefined();
  });

  it('an expired ticket leaves the device when the record is read', async () => {
    const expired = { ...othersTicket, id: 'expired', validFrom: '2020-01-01', validUntil: '2020-01-31' };
    await writeStored({ version: 1, owner: 'someone', savedAt: '2026-01-01T00:00:00.000Z', tickets: [expired, othersTicket] });
    const { actor } = await startFlow();
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.record?.tickets.map((ticket) => ticket.id)).toEqual(['ticket-other']);
    expect((await readStored())?.tickets.map((ticket) => ticket.id)).toEqual(['ticket-other']);
  });

  it('a clear during the refresh (logout) wins: the answer that comes after it is not stored', async () => {
    const { actor, harness, owner } = await startFlow();
    await harness.client.post('/__sandbox/faults', { json: { method: 'GET', path: '/api/dashboard/v1/tickets', delayMs: 150, times: 1 } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'offline.refresh', owner });
    await vi.waitFor(() => expect(harness.calls).toContain('GET /api/dashboard/v1/tickets'));
    actor.send({ type: 'offline.clear' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    const { queryKey } = ticketsQuery(harness.queries);
    await vi.waitFor(() => expect(harness.queryClient.getQueryState(queryKey)?.status).toBe('success'), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rawRecord()).toBeUndefined();
    expect(selectOfflineTicketView(actor.getSnapshot())).toMatchObject({ ticket: undefined, owner: undefined });
  });
});

import { act, cleanup, screen } from '@testing-library/react';

import type { StoredRecord, StoredTicket } from '#src/domain/offline-tickets';
import { toIsoDate } from '#src/domain/personal-fields';
import { readKeepPreference, writeKeepPreference } from '#src/flows/offline-ticket/keep-preference';
import { KeptTicketsProvider, useKeptTickets } from '#src/flows/offline-ticket/kept-tickets';
import { readStored, writeStored } from '#src/flows/offline-ticket/ticket-store';
import { renderInRouter } from '../../support/render-in-router';
import { freshDeviceEachTest, keepKey, settle, ticketReads } from './fresh-device';
import { type SandboxApi, sandboxApi } from '../../support/sandbox-api';
import { renderUi } from '../../ui/render-ui';

/**
 * What the pages under /app see of the tickets kept on the device (src/flows/offline-ticket/
 * kept-tickets.tsx, issue 29) over the in-process sandbox and fake-indexeddb: the stored tickets
 * only when they are the signed-in customer's (the user-info's `sub`), or offline, with the customer
 * unknown, what the device keeps; 'loading' while online and the user-info is pending; a refresh
 * for the customer once known; none with the keep preference off; and setKeeping.
 */

const today = toIsoDate(new Date());
const thisMonth = today.slice(0, 7);

function lastDayOf(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return toIsoDate(new Date(year, monthNumber, 0));
}

/** A ticket of this month, kept on the device by an earlier visit. */
function keptTicket(id: string): StoredTicket {
  return {
    id,
    subscriptionId: `sub-${id}`,
    ticketNumber: `T-${id}`,
    subscriptionNumber: `S-${id}`,
    product: 'deuti',
    validity: 'current',
    validFrom: `${thisMonth}-01`,
    validUntil: lastDayOf(thisMonth),
    holder: { firstName: 'Erika', lastName: 'Mustermann', birthdate: '1964-08-12' },
    companyName: null,
    isDownloadable: true,
    barcode: `DT|${id}|signed`,
  };
}

function keptRecord(owner: string, ids: string[]): StoredRecord {
  return { version: 1, owner, savedAt: '2026-05-10T12:00:00.000Z', tickets: ids.map(keptTicket) };
}

// ---------------------------------------------------------------- online / offline

function setOnline(value: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

function goOnline(value: boolean): void {
  setOnline(value);
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

// ---------------------------------------------------------------- rendering

/** What the pages see, as plain text to read back. */
function Probe() {
  const kept = useKeptTickets();
  const { setKeeping, ...data } = kept;
  return (
    <>
      <pre data-testid="kept">
        {JSON.stringify({
          status: data.status,
          online: data.online,
          keeping: data.keeping,
          owner: data.owner ?? null,
          ticket: data.ticket?.id ?? null,
          tickets: data.tickets.map((ticket) => ticket.id),
          savedAt: data.savedAt ?? null,
          error: data.error ?? null,
        })}
      </pre>
      <button type="button" onClick={() => setKeeping(false)}>
        keep none
      </button>
      <button type="button" onClick={() => setKeeping(true)}>
        keep again
      </button>
    </>
  );
}

interface Kept {
  status: string;
  online: boolean;
  keeping: boolean;
  owner: string | null;
  ticket: string | null;
  tickets: string[];
  savedAt: string | null;
  error: string | null;
}

function kept(): Kept {
  return JSON.parse(screen.getByTestId('kept').textContent ?? '{}') as Kept;
}

/** Waits until what the pages see matches. */
async function keptBecomes(expected: Partial<Kept>): Promise<Kept> {
  await vi.waitFor(() => expect(kept()).toMatchObject(expected), { timeout: 5000 });
  return kept();
}

/**
 * The sandbox signed in as `email`, its API calls counted; a call of `hold` (a path) waits until
 * `release()` (the user-info that has not answered yet).
 */
async function signedIn(email: string, { hold }: { hold?: string } = {}) {
  const harness = await sandboxApi({ signedInAs: email, ...(hold ? { hold } : {}) });
  return { harness, release: harness.release };
}

async function renderKept(harness: Pick<SandboxApi, 'api' | 'queries' | 'queryClient'>) {
  await renderInRouter(
    harness,
    () => (
      <KeptTicketsProvider>
        <Probe />
      </KeptTicketsProvider>
    ),
    { path: '/app/dashboard' },
  );
}

freshDeviceEachTest();

describe('the keep preference', () => {
  it("keeps unless this device said no: only 'no' under portal.offlineTicket.keep turns it off", () => {
    expect(readKeepPreference()).toBe(true);
    writeKeepPreference(false);
    expect(window.localStorage.getItem(keepKey)).toBe('no');
    expect(readKeepPreference()).toBe(false);
    writeKeepPreference(true);
    expect(window.localStorage.getItem(keepKey)).toBeNull();
    expect(readKeepPreference()).toBe(true);
    window.localStorage.setItem(keepKey, 'yes');
    expect(readKeepPreference()).toBe(true);
  });

  it('a storage that refuses (private mode) reads as keeping and writes nothing, without throwing', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readKeepPreference(refusing)).toBe(true);
    expect(() => writeKeepPreference(false, refusing)).not.toThrow();
    expect(() => writeKeepPreference(true, refusing)).not.toThrow();
  });
});

describe('the kept tickets under the signed-in layout', () => {
  it('useKeptTickets outside the provider says which provider it needs', () => {
    // React reports the thrown error on the console too.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => renderUi(<Probe />)).toThrow(/KeptTicketsProvider/);
    } finally {
      quiet.mockRestore();
    }
  });

  it("online, 'loading' while the user-info is pending, even with this customer's record on the device; then a refresh for their sub", async () => {
    await writeStored(keptRecord('user-joti', ['kept-before']));
    const { harness, release } = await signedIn('joti@example.com', { hold: '/api/v2/auth/connect/user-info' });
    await renderKept(harness);

    expect(kept()).toMatchObject({ status: 'loading', online: true, keeping: true, ticket: null, tickets: [] });
    await settle();
    expect(kept()).toMatchObject({ status: 'loading', ticket: null, tickets: [], savedAt: null });
    expect(ticketReads(harness.calls)).toBe(0);

    release();
    const ready = await keptBecomes({ status: 'ready', owner: 'user-joti' });
    expect(ready.tickets.length).toBeGreaterThan(0);
    expect(ready.tickets.every((id) => id.startsWith('ticket-S-B200001-'))).toBe(true);
    expect(ready.ticket).toBe(`ticket-S-B200001-${thisMonth}`);
    expect(ready.error).toBeNull();
    expect(ticketReads(harness.calls)).toBe(1);
    const stored = await readStored();
    expect(stored?.owner).toBe('user-joti');
    expect(stored?.tickets.map((ticket) => ticket.id)).toEqual(ready.tickets);
  });

  it("with the keep preference off it never refreshes, and shows the device's record only when it is the signed-in customer's", async () => {
    window.localStorage.setItem(keepKey, 'no');
    await writeStored(keptRecord('user-deuti', ['erikas-ticket']));

    const joti = await signedIn('joti@example.com');
    await renderKept(joti.harness);
    await vi.waitFor(() => expect(joti.harness.calls).toContain('GET /api/v2/auth/connect/user-info'));
    await keptBecomes({ status: 'ready', keeping: false });
    await settle();
    expect(kept()).toMatchObject({ status: 'ready', keeping: false, ticket: null, tickets: [], savedAt: null });
    expect(ticketReads(joti.harness.calls)).toBe(0);

    cleanup();
    const deuti = await signedIn('deuti@example.com');
    await renderKept(deuti.harness);
    const shown = await keptBecomes({ status: 'ready', owner: 'user-deuti' });
    expect(shown).toMatchObject({ keeping: false, ticket: 'erikas-ticket', tickets: ['erikas-ticket'], savedAt: '2026-05-10T12:00:00.000Z' });
    await settle();
    expect(ticketReads(deuti.harness.calls)).toBe(0);
    expect((await readStored())?.tickets.map((ticket) => ticket.id)).toEqual(['erikas-ticket']);
  });

  it("online, another customer's record is never shown: not while the refresh runs, and replaced by this customer's", async () => {
    await writeStored(keptRecord('user-deuti', ['erikas-ticket']));
    const { harness, release } = await signedIn('joti@example.com', { hold: '/api/dashboard/v1/tickets' });
    await renderKept(harness);
    await vi.waitFor(() => expect(ticketReads(harness.calls)).toBe(1), { timeout: 5000 });
    expect(kept()).toMatchObject({ status: 'refreshing', ticket: null, tickets: [], savedAt: null });
    await settle();
    expect(kept()).toMatchObject({ status: 'refreshing', ticket: null, tickets: [] });
    expect(await readStored()).toBeUndefined();

    release();
    const ready = await keptBecomes({ status: 'ready', owner: 'user-joti' });
    expect(ready.tickets).not.toContain('erikas-ticket');
    expect(ready.ticket).toBe(`ticket-S-B200001-${thisMonth}`);
    expect((await readStored())?.owner).toBe('user-joti');
  });

  it("online with the user-info failed, the customer is unknown: the device's record is not shown and nothing is refreshed", async () => {
    await writeStored(keptRecord('user-joti', ['kept-before']));
    const { harness } = await signedIn('joti@example.com');
    await harness.client.post('/__sandbox/faults', { json: { method: 'GET', path: '/api/v2/auth/connect/user-info', status: 500, times: 1 } });
    await renderKept(harness);
    await keptBecomes({ status: 'ready' });
    await settle();
    expect(kept()).toMatchObject({ status: 'ready', online: true, ticket: null, tickets: [], savedAt: null });
    expect(ticketReads(harness.calls)).toBe(0);
    expect((await readStored())?.owner).toBe('user-joti');
  });

  it('offline with the customer unknown: what the device keeps, whoever it was kept for, and no call to the API', async () => {
    setOnline(false);
    await writeStored(keptRecord('user-deuti', ['erikas-ticket', 'lukas-ticket']));
    const { harness } = await signedIn('joti@example.com');
    await renderKept(harness);
    const shown = await keptBecomes({ status: 'ready', owner: 'user-deuti' });
    expect(shown).toMatchObject({
      online: false,
      keeping: true,
      ticket: 'erikas-ticket',
      tickets: ['erikas-ticket', 'lukas-ticket'],
      savedAt: '2026-05-10T12:00:00.000Z',
      error: null,
    });
    await settle();
    expect(harness.calls).toEqual([]);
  });

  it("offline with nothing kept: ready with no ticket, not 'loading'", async () => {
    setOnline(false);
    const { harness } = await signedIn('joti@example.com');
    await renderKept(harness);
    await keptBecomes({ status: 'ready' });
    expect(kept()).toMatchObject({ online: false, ticket: null, tickets: [], savedAt: null });
    expect(harness.calls).toEqual([]);
  });

  it("follows the browser's online and offline events: the customer's tickets stay once known, and nobody else's show", async () => {
    const { harness } = await signedIn('joti@example.com');
    await renderKept(harness);
    const online = await keptBecomes({ status: 'ready', owner: 'user-joti' });
    expect(online.online).toBe(true);

    goOnline(false);
    expect(kept()).toMatchObject({ online: false, status: 'ready', owner: 'user-joti', ticket: online.ticket, tickets: online.tickets });

    goOnline(true);
    expect(kept()).toMatchObject({ online: true, owner: 'user-joti', ticket: online.ticket });
  });

  it('setKeeping(false) says no on this device and clears what is kept; setKeeping(true) removes the no and refreshes again', async () => {
    const { harness } = await signedIn('joti@example.com');
    await renderKept(harness);
    const before = await keptBecomes({ status: 'ready', owner: 'user-joti' });
    expect(before.tickets.length).toBeGreaterThan(0);
    expect(ticketReads(harness.calls)).toBe(1);

    await act(async () => screen.getByRole('button', { name: 'keep none' }).click());
    expect(window.localStorage.getItem(keepKey)).toBe('no');
    const cleared = await keptBecomes({ status: 'ready', keeping: false, ticket: null });
    expect(cleared).toMatchObject({ tickets: [], savedAt: null });
    expect(await readStored()).toBeUndefined();
    await settle();
    expect(ticketReads(harness.calls)).toBe(1);
    expect(await readStored()).toBeUndefined();

    await act(async () => screen.getByRole('button', { name: 'keep again' }).click());
    expect(window.localStorage.getItem(keepKey)).toBeNull();
    const again = await keptBecomes({ status: 'ready', keeping: true, owner: 'user-joti', ticket: before.ticket });
    expect(again.tickets).toEqual(before.tickets);
    expect(ticketReads(harness.calls)).toBe(2);
    expect((await readStored())?.owner).toBe('user-joti');
  });
});

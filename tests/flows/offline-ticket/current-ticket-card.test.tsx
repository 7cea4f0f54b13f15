import { screen, within } from '@testing-library/react';

import { run } from '#sandbox/db/database';
import { insertOrder } from '#sandbox/seed/orders';
import type { StoredBilling } from '#sandbox/tickets/subscription-lifecycle';
import type { StoredRecord, StoredTicket } from '#src/domain/offline-tickets';
import { toIsoDate } from '#src/domain/personal-fields';
import { CurrentTicketCard } from '#src/flows/offline-ticket/current-ticket-card';
import { KeptTicketsProvider } from '#src/flows/offline-ticket/kept-tickets';
import { writeStored } from '#src/flows/offline-ticket/ticket-store';
import { renderInRouter } from '../../support/render-in-router';
import { freshDeviceEachTest, type Globals, settle } from './fresh-device';
import { type SandboxApi, sandboxApi } from '../../support/sandbox-api';

/**
 * The dashboard's ticket card (src/flows/offline-ticket/current-ticket-card.tsx, issue 29 item 4)
 * under the kept tickets' provider, over the in-process sandbox and fake-indexeddb: the ticket valid
 * today or the next one, one press from its code; how old the copy is offline; a failed refresh and
 * a full storage; without a ticket the order in progress or the way to order; a storage that cannot
 * be used; offline with nothing kept. Visible text and hrefs, in both languages where they differ.
 */

type Locale = 'en-US' | 'de-DE';
const today = toIsoDate(new Date());
const thisMonth = today.slice(0, 7);

function addMonths(month: string, count: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return toIsoDate(new Date(year, monthNumber - 1 + count, 1)).slice(0, 7);
}
const nextMonth = addMonths(thisMonth, 1);

function lastDayOf(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return toIsoDate(new Date(year, monthNumber, 0));
}

/** A calendar day as the customer reads it: 30.11.2026 and 11/30/2026. */
function dateText(iso: string, locale: Locale): string {
  const [year, month, day] = iso.split('-');
  return locale === 'de-DE' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`;
}

/** A month as a ticket names it: "November 2026". */
function monthText(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** Noon UTC: the same calendar day in every time zone the tests may run in. */
const savedAt = '2026-05-10T12:00:00.000Z';
const savedOn: Record<Locale, string> = { 'en-US': 'May 10, 2026', 'de-DE': '10.05.2026' };

function keptTicket(id: string, month: string): StoredTicket {
  return {
    id,
    subscriptionId: 'sub-joti-active',
    ticketNumber: `T-${id}`,
    subscriptionNumber: 'S-B200001',
    product: 'joti',
    validity: month === thisMonth ? 'current' : 'upcoming',
    validFrom: `${month}-01`,
    validUntil: lastDayOf(month),
    holder: { firstName: 'Jonas', lastName: 'Becker', birthdate: '1988-03-05' },
    companyName: 'Rheinwerk Energie AG',
    isDownloadable: true,
    barcode: `DTJ|${id}|signed`,
  };
}

function keptRecord(owner: string, tickets: StoredTicket[]): StoredRecord {
  return { version: 1, owner, savedAt, tickets };
}

function setOnline(value: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

/** A customer of the test's own: no subscription, and a submitted order starting next month when asked. */
async function customerOfOwn(harness: SandboxApi, { submittedOrder }: { submittedOrder: boolean }): Promise<string> {
  const id = 'user-card-test';
  const email = 'card-test@example.com';
  await run(
    harness.sandbox.db,
    `INSERT INTO users (id, email, password_hash, email_verified, product, first_name, last_name, has_agreed_to_privacy_policy, created_at)
     VALUES (?, ?, 'scrypt$none$none', 1, 'deuti', 'Clara', 'Beispiel', 1, ?)`,
    [id, email, new Date().toISOString()],
  );
  if (submittedOrder) {
    const billing: StoredBilling = {
      gender: 'Female',
      first_name: 'Clara',
      last_name: 'Beispiel',
      street: 'Invalidenstraße',
      house_number: '117',
      city: 'Berlin',
      zip_code: '10115',
      birthdate: '1990-05-17',
      country: 'DE',
    };
    await insertOrder(
      harness.sandbox.db,
      id,
      { product: 'deuti', companyId: 'DEU4900', status: 'submitted', start: 1, billing },
      { id: 'order-card-test', number: 'A-190001', subscriptionId: null, subscriptionNumber: null },
    );
  }
  return email;
}

interface Setup {
  email?: string;
  customer?: { submittedOrder: boolean };
  locale?: Locale;
  /** A path whose call waits until the test releases it. */
  hold?: string;
  faults?: { method: string; path: string; status: number; times?: number }[];
}

/** Signs in (a demo customer, or one of the test's own) and renders the card under the provider. */
async function renderCard({ email = 'joti@example.com', customer, locale = 'en-US', hold, faults = [] }: Setup = {}) {
  const harness = await sandboxApi(hold ? { hold } : {});
  await harness.client.signInAs(customer ? await customerOfOwn(harness, customer) : email);
  for (const fault of faults) await harness.client.post('/__sandbox/faults', { json: fault });
  const { api, release } = harness;
  await renderInRouter(
    { api, queries: harness.queries, queryClient: harness.queryClient },
    () => (
      <KeptTicketsProvider>
        <CurrentTicketCard />
      </KeptTicketsProvider>
    ),
    { path: '/app/dashboard', locale },
  );
  return { calls: harness.calls, release };
}

/** The card: the section named by its heading. */
const card = () => screen.getByRole('region');
const text = () => card().textContent?.replace(/\s+/g, ' ').trim();

freshDeviceEachTest();

describe('the current ticket card', () => {
  it.each([
    ['en-US', 'Your ticket', 'Valid until', 'Show ticket'],
    ['de-DE', 'Ihr Ticket', 'Gültig bis', 'Ticket zeigen'],
  ] as const)('%s: the ticket valid today, with product and month, holder, last day, and a link to its code', async (locale, title, validUntil, show) => {
    await renderCard({ locale });
    const link = await screen.findByRole('link', { name: show }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/app/dashboard/ticket/ticket-S-B200001-${thisMonth}`);
    expect(card()).toHaveAccessibleName(title);
    expect(within(card()).getByRole('heading', { level: 2 })).toHaveTextContent(title);
    expect(within(card()).getByText(`Deutschlandticket Job, ${monthText(thisMonth, locale)}`)).toBeInTheDocument();
    expect(text()).toContain('Jonas Becker');
    expect(text()).toContain(`${validUntil} ${dateText(lastDayOf(thisMonth), locale)}`);
    // Online and refreshed: no word about a kept copy.
    expect(text()).not.toMatch(/Offline|Stand|could not|konnte/);
  });

  it("'Loading your ticket…' while the portal does not know yet who is signed in", async () => {
    const { release } = await renderCard({ hold: '/api/v2/auth/connect/user-info' });
    expect(card()).toHaveAccessibleName('Your ticket');
    expect(within(card()).getByRole('status')).toHaveTextContent('Loading your ticket…');
    expect(within(card()).queryByRole('link')).toBeNull();
    release();
    expect(await screen.findByRole('link', { name: 'Show ticket' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it.each([
    ['en-US', 'Your next ticket', 'Valid from', 'Offline: as kept on this device, as of'],
    ['de-DE', 'Ihr nächstes Ticket', 'Gültig ab', 'Offline: so auf diesem Gerät gespeichert, Stand'],
  ] as const)('%s offline: the next ticket as kept on this device, and as of when', async (locale, title, validFrom, offline) => {
    setOnline(false);
    await writeStored(keptRecord('user-joti', [keptTicket('kept-next', nextMonth)]));
    const { calls } = await renderCard({ locale });
    const link = await screen.findByRole('link', { name: locale === 'de-DE' ? 'Ticket zeigen' : 'Show ticket' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/app/dashboard/ticket/kept-next');
    expect(card()).toHaveAccessibleName(title);
    expect(text()).toContain(`Deutschlandticket Job, ${monthText(nextMonth, locale)}`);
    expect(text()).toContain('Jonas Becker');
    expect(text()).toContain(`${validFrom} ${dateText(`${nextMonth}-01`, locale)}`);
    expect(text()).toContain(`${offline} ${savedOn[locale]}`);
    expect(calls).toEqual([]);
  });

  it('a failed refresh shows the ticket kept before and says how old it is', async () => {
    await writeStored(keptRecord('user-joti', [keptTicket('kept-before', thisMonth)]));
    await renderCard({ faults: [{ method: 'GET', path: '/api/dashboard/v1/tickets', status: 500, times: 1 }] });
    expect(await screen.findByText(/could not be updated just now/, {}, { timeout: 5000 })).toHaveTextContent(
      new RegExp(`^Your ticket could not be updated just now; this is how it was on ${savedOn['en-US']}, .+\\.$`),
    );
    expect(screen.getByRole('link', { name: 'Show ticket' })).toHaveAttribute('href', '/app/dashboard/ticket/kept-before');
    expect(text()).toContain(`Valid until ${dateText(lastDayOf(thisMonth), 'en-US')}`);
    expect(text()).not.toContain('Offline');
  });

  it('a full storage: the ticket kept before, and that it could not be updated for use without a connection', async () => {
    await writeStored(keptRecord('user-joti', [keptTicket('kept-before', thisMonth)]));
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await renderCard();
      expect(await screen.findByText(/storage is full/, {}, { timeout: 5000 })).toHaveTextContent(
        "This device's storage is full: your ticket could not be updated for use without a connection.",
      );
    } finally {
      put.mockRestore();
    }
    // Online the card shows the API's answer, whatever the device could keep.
    expect(screen.getByRole('link', { name: 'Show ticket' })).toHaveAttribute('href', `/app/dashboard/ticket/ticket-S-B200001-${thisMonth}`);
  });

  it.each([
    ['en-US', 'Your order', 'Your order A-190001 is being processed. Your ticket shows here once it starts.', 'To My tickets'],
    ['de-DE', 'Ihre Bestellung', 'Ihre Bestellung A-190001 wird bearbeitet. Ihr Ticket erscheint hier, sobald es beginnt.', 'Zu Meine Tickets'],
  ] as const)('%s: no ticket yet, the order in progress and the way to My tickets', async (locale, title, sentence, linkName) => {
    await renderCard({ customer: { submittedOrder: true }, locale });
    const link = await screen.findByRole('link', { name: linkName }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/app/dashboard/tickets');
    expect(card()).toHaveAccessibleName(title);
    expect(within(card()).getByText(sentence)).toBeInTheDocument();
    expect(within(card()).getAllByRole('link')).toHaveLength(1);
  });

  it.each([
    ['en-US', 'Your ticket', 'You have no ticket valid this month or next.', 'Order a ticket'],
    ['de-DE', 'Ihr Ticket', 'Sie haben kein Ticket, das in diesem oder im nächsten Monat gilt.', 'Ticket bestellen'],
  ] as const)('%s: no ticket and no order, the way to order', async (locale, title, sentence, linkName) => {
    await renderCard({ customer: { submittedOrder: false }, locale });
    const link = await screen.findByRole('link', { name: linkName }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/app/order');
    expect(card()).toHaveAccessibleName(title);
    expect(within(card()).getByText(sentence)).toBeInTheDocument();
    expect(text()).not.toMatch(/private window|privaten Fenster/);
  });

  it('a browser that lets nothing be kept (no IndexedDB) says so', async () => {
    delete (globalThis as Globals).indexedDB;
    await renderCard({ customer: { submittedOrder: false } });
    expect(
      await screen.findByText(
        'This browser does not let the portal keep your ticket for use without a connection (for example in a private window).',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Order a ticket' })).toHaveAttribute('href', '/app/order');
  });

  it('a browser that lets nothing be kept still shows a customer with a ticket that ticket, read from the API', async () => {
    delete (globalThis as Globals).indexedDB;
    await renderCard();
    const link = await screen.findByRole('link', { name: 'Show ticket' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/app\/dashboard\/ticket\//));
    expect(text()).toContain('Jonas Becker');
    expect(text()).toMatch(/private window/);
    expect(text()).not.toMatch(/no ticket|Order a ticket/);
  });

  it('a failed read with nothing kept says the ticket could not be loaded, never that there is none', async () => {
    await renderCard({ faults: [{ method: 'GET', path: '/api/dashboard/v1/tickets', status: 500, times: 1 }] });
    expect(await screen.findByText(/could not be loaded just now/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To My tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
    expect(text()).not.toMatch(/no ticket|Order a ticket|being processed/);
  });

  it('offline with nothing kept: the ticket shows once online again; no link and no call', async () => {
    setOnline(false);
    const { calls } = await renderCard();
    expect(
      await screen.findByText('No ticket is kept on this device. Your ticket shows here once you are online again.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(card()).toHaveAccessibleName('Your ticket');
    await settle();
    expect(within(card()).queryByRole('link')).toBeNull();
    expect(calls).toEqual([]);
  });
});

import { act, screen, within } from '@testing-library/react';

import { KeptOnDevice } from '#src/flows/offline-ticket/kept-on-device';
import { KeptTicketsProvider } from '#src/flows/offline-ticket/kept-tickets';
import { readStored } from '#src/flows/offline-ticket/ticket-store';
import { renderInRouter } from '../../support/render-in-router';
import { freshDeviceEachTest, type Globals, keepKey, settle, ticketReads } from './fresh-device';
import { sandboxApi } from '../../support/sandbox-api';

/**
 * My data's "On this device" (src/flows/offline-ticket/kept-on-device.tsx, issue 29 item 6) under
 * the kept tickets' provider, over the in-process sandbox and fake-indexeddb: the months kept, each
 * named once though the deuti customer has several tickets a month; "Remove from this device",
 * which stops keeping (a device setting) until "Keep my ticket on this device"; nothing kept; a
 * browser that lets nothing be kept.
 */

type Locale = 'en-US' | 'de-DE';

const texts = {
  'en-US': {
    title: 'On this device',
    kept: 'Kept for use without a connection: your tickets for',
    keptEnd: 'Nothing else of yours is kept here.',
    asOf: 'as of',
    remove: 'Remove from this device',
    removeText: 'Your ticket is then no longer kept on this device, until you allow it again here.',
    off: 'Your ticket is not kept on this device: without a connection it cannot be shown here.',
    keep: 'Keep my ticket on this device',
  },
  'de-DE': {
    title: 'Auf diesem Gerät',
    kept: 'Für die Nutzung ohne Verbindung gespeichert: Ihre Tickets für',
    keptEnd: 'Sonst ist nichts von Ihnen hier gespeichert.',
    asOf: 'Stand',
    remove: 'Von diesem Gerät entfernen',
    removeText: 'Ihr Ticket wird dann auf diesem Gerät nicht mehr gespeichert, bis Sie es hier wieder erlauben.',
    off: 'Ihr Ticket wird auf diesem Gerät nicht gespeichert: Ohne Verbindung kann es hier nicht gezeigt werden.',
    keep: 'Mein Ticket auf diesem Gerät speichern',
  },
} as const;

function monthText(validFrom: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${validFrom}T00:00:00Z`));
}

function momentText(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function setOnline(value: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

async function renderKeptOnDevice({ email = 'deuti@example.com', locale = 'en-US' }: { email?: string; locale?: Locale } = {}) {
  const harness = await sandboxApi({ signedInAs: email });
  await renderInRouter(
    harness,
    () => (
      <KeptTicketsProvider>
        <KeptOnDevice />
      </KeptTicketsProvider>
    ),
    { path: '/app/dashboard/account', locale },
  );
  return harness;
}

const section = () => screen.getByRole('region');

freshDeviceEachTest();

describe('On this device (My data)', () => {
  it.each(['en-US', 'de-DE'] as const)(
    '%s: names each kept month once, with several tickets a month, and as of when; removing stops keeping until allowed again',
    async (locale) => {
      const say = texts[locale];
      const { calls } = await renderKeptOnDevice({ locale });
      const kept = await screen.findByText(new RegExp(`^${say.kept}`), {}, { timeout: 5000 });
      expect(section()).toHaveAccessibleName(say.title);

      const record = (await readStored())!;
      expect(record.owner).toBe('user-deuti');
      const months = [...new Set(record.tickets.map((ticket) => monthText(ticket.validFrom, locale)))];
      // The deuti customer's three subscriptions: more tickets than months.
      expect(record.tickets.length).toBeGreaterThan(months.length);
      expect(kept).toHaveTextContent(`${say.kept} ${months.join(', ')}, ${say.asOf} ${momentText(record.savedAt, locale)}. ${say.keptEnd}`);
      for (const month of months) expect(kept.textContent?.split(month)).toHaveLength(2);
      expect(within(section()).getByText(say.removeText)).toBeInTheDocument();

      await act(async () => within(section()).getByRole('button', { name: say.remove }).click());
      expect(await within(section()).findByText(say.off)).toBeInTheDocument();
      expect(within(section()).queryByRole('button', { name: say.remove })).toBeNull();
      expect(within(section()).queryByText(new RegExp(say.kept))).toBeNull();
      expect(window.localStorage.getItem(keepKey)).toBe('no');
      await vi.waitFor(async () => expect(await readStored()).toBeUndefined());
      await settle();
      expect(ticketReads(calls)).toBe(1);

      await act(async () => within(section()).getByRole('button', { name: say.keep }).click());
      expect(window.localStorage.getItem(keepKey)).toBeNull();
      expect(await within(section()).findByText(new RegExp(`^${say.kept}`), {}, { timeout: 5000 })).toHaveTextContent(months.join(', '));
      expect(within(section()).getByRole('button', { name: say.remove })).toBeInTheDocument();
      expect(ticketReads(calls)).toBe(2);
      expect((await readStored())?.owner).toBe('user-deuti');
    },
  );

  it('with the device set to keep nothing: says so, offers to keep it again, and reads no tickets', async () => {
    window.localStorage.setItem(keepKey, 'no');
    const { calls } = await renderKeptOnDevice();
    expect(await screen.findByText(texts['en-US'].off)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep my ticket on this device' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls).toContain('GET /api/v2/auth/connect/user-info'));
    await settle();
    expect(ticketReads(calls)).toBe(0);
    expect(await readStored()).toBeUndefined();
  });

  it('nothing kept yet (offline, an empty device): says no ticket is kept, and still offers to remove', async () => {
    setOnline(false);
    const { calls } = await renderKeptOnDevice();
    await settle();
    expect(within(section()).getByTestId('kept-on-device')).toHaveTextContent('No ticket is kept on this device at the moment.');
    expect(within(section()).getByRole('button', { name: 'Remove from this device' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a browser that lets nothing be kept (no IndexedDB): says so and offers nothing to press', async () => {
    delete (globalThis as Globals).indexedDB;
    await renderKeptOnDevice();
    expect(
      await screen.findByText('This browser does not let the portal keep anything on this device (for example in a private window).', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('button')).toBeNull();
  });
});

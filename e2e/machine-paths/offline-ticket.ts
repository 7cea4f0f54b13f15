import { expect, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';

import { offlineTicketMachine } from '#machines/offline-ticket/offline-ticket.machine';
import { keepPreferenceKey } from '#src/flows/offline-ticket/keep-preference';
import {
  customer,
  eventsFor,
  machine,
  offline,
  otherCustomer,
  serialize,
  serverError,
  signedOut,
  storageFull,
  storageUnavailable,
  storedRecord,
} from '../../tests/machines/offline-ticket.model';
import { type Locale, pressEnterOn, rememberLocale, signInOverHttp } from '../support';
import { failCalls } from './network';
import type { BrowserModel, Undo } from './run';
import { isActorResult, type ModelEvent } from './tours';
import { localeOf } from './tour-locale';

/**
 * The ticket kept on the device (issue 29) in the browser, from its machine. The events are the
 * machine model's (tests/machines/offline-ticket.model.ts); the screen of a state is My data's "On
 * this device" section, and for a failed refresh the dashboard's ticket card, the one place that
 * says so. The machine lives in the signed-in layout (KeptTicketsProvider), so a tour opens My
 * data once and never reloads it.
 *
 * What the page does on its own: My data's loader has the user info before the layout renders, so
 * the refresh for the signed-in customer (`offline.refresh` while `loading`) is asked before the
 * read of IndexedDB ends; a device whose keep preference is "no" (localStorage) asks none, and the
 * customer asks it with "Keep my ticket on this device". "Remove from this device" is the clear.
 *
 * The model's customers: `customer` is the one signed in; a record kept from an earlier visit (the
 * model's `storedRecord`) is stored before the tour by a first visit of deuti@example.com, and
 * `offline.refresh` for `otherCustomer` is joti@example.com signed in after it (the first session's
 * cookies cleared). Both demo accounts are only read.
 *
 * Made in the page: no IndexedDB (an init script removes it), the database closed under the app
 * (its transactions throw: StorageUnavailable), a full storage (`put` throws a QuotaExceededError),
 * and a failed or unanswered GET /api/dashboard/v1/tickets (network.ts), the latter only the first
 * time the page reads the tickets (React Query keeps them after that). Left out, each with its
 * reason below: what needs an event while a read or a clear is still running, the clear in
 * `unavailable`, a refresh that answers nothing, and a 401.
 */

type Machine = typeof offlineTicketMachine;
type Snapshot = SnapshotFrom<Machine>;

interface Run {
  locale: Locale;
  /** The device keeps the ticket as the page opens: the page asks the tour's first refresh itself. */
  pageAsks: boolean;
  /** My data has opened: a fault made from now on is made in the running page, not by an init script. */
  opened: boolean;
  /** The answers after the page's own refresh, arranged before it opened (their undos, in order). */
  arranged: (Undo | undefined)[];
  /** The months of the signed-in customer's tickets, as the section names them. */
  months: string;
  /** When the record of the earlier visit was read, as the section shows it. */
  earlierTime: string | undefined;
}

const deuti = 'deuti@example.com';
const joti = 'joti@example.com';
const myData = '/app/dashboard/account';
const ticketsPath = '/api/dashboard/v1/tickets';

const texts = {
  'de-DE': {
    myData: 'Meine Daten',
    section: 'Auf diesem Gerät',
    kept: (months: string, time: string) =>
      `Für die Nutzung ohne Verbindung gespeichert: Ihre Tickets für ${months}, Stand ${time}. Sonst ist nichts von Ihnen hier gespeichert.`,
    time: /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/,
    none: 'Auf diesem Gerät ist derzeit kein Ticket gespeichert.',
    off: 'Ihr Ticket wird auf diesem Gerät nicht gespeichert: Ohne Verbindung kann es hier nicht gezeigt werden.',
    keep: 'Mein Ticket auf diesem Gerät speichern',
    remove: 'Von diesem Gerät entfernen',
    removeText: 'Ihr Ticket wird dann auf diesem Gerät nicht mehr gespeichert, bis Sie es hier wieder erlauben.',
    unavailable: 'Dieser Browser lässt das Portal nichts auf diesem Gerät speichern (zum Beispiel in einem privaten Fenster).',
    portal: 'Mein Portal',
    overview: 'Ihre Übersicht',
    card: 'Ihr Ticket',
    show: 'Ticket zeigen',
    toTickets: 'Zu Meine Tickets',
    refreshFailed: (time: string) => `Ihr Ticket konnte gerade nicht aktualisiert werden; so war es am ${time}.`,
    loadFailed: 'Ihr Ticket konnte gerade nicht geladen werden. Bitte versuchen Sie es gleich noch einmal, oder öffnen Sie es unter Meine Tickets.',
    storageFull: 'Der Speicher dieses Geräts ist voll: Ihr Ticket konnte für die Nutzung ohne Verbindung nicht aktualisiert werden.',
  },
  'en-US': {
    myData: 'My data',
    section: 'On this device',
    kept: (months: string, time: string) => `Kept for use without a connection: your tickets for ${months}, as of ${time}. Nothing else of yours is kept here.`,
    time: /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/,
    none: 'No ticket is kept on this device at the moment.',
    off: 'Your ticket is not kept on this device: without a connection it cannot be shown here.',
    keep: 'Keep my ticket on this device',
    remove: 'Remove from this device',
    removeText: 'Your ticket is then no longer kept on this device, until you allow it again here.',
    unavailable: 'This browser does not let the portal keep anything on this device (for example in a private window).',
    portal: 'My portal',
    overview: 'Your overview',
    card: 'Your ticket',
    show: 'Show ticket',
    toTickets: 'To My tickets',
    refreshFailed: (time: string) => `Your ticket could not be updated just now; this is how it was on ${time}.`,
    loadFailed: 'Your ticket could not be loaded just now. Please try again in a moment, or open it in My tickets.',
    storageFull: "This device's storage is full: your ticket could not be updated for use without a connection.",
  },
};

/**
 * The order in which tours take a refresh's answers (its errors, 'stored' for the ordinary one): a
 * failure the tour goes on from first, the one that ends it (nothing can be kept any more) last.
 */
const refreshAnswers: unknown[] = [serverError, storageFull, 'stored', offline, storageUnavailable];

/** A failed GET of the tickets (an ApiFailure or no connection), as opposed to the storage's failures. */
const isNetworkFailure = (event: { type: string }) => {
  const { error } = event as { error?: unknown };
  return event.type === 'xstate.error.actor.refreshStored' && error !== storageUnavailable && error !== storageFull;
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** This month and next, as the section names the months of the kept tickets ("November 2026, Dezember 2026"). */
function monthsFrom(locale: Locale, now = new Date()): string {
  const month = (offset: number) => new Date(Date.UTC(now.getFullYear(), now.getMonth() + offset, 1));
  const format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return [month(0), month(1)].map((date) => format.format(date)).join(', ');
}

/**
 * What the customer sees in a state, as a key: the section of My data (kept, none, off: not kept
 * on this device, unavailable), and the dashboard's caveat after a failed refresh. `off` is every
 * `ready` without an owner: the device keeps nothing for the customer (the keep preference is
 * "no", or they removed it), whatever record the machine read.
 */
function screenOf(snapshot: Snapshot): string {
  for (const state of ['loading', 'refreshing', 'clearing', 'unavailable'] as const) if (snapshot.matches(state)) return state;
  const { owner, record, error } = snapshot.context;
  if (owner === undefined) return 'off';
  const kept = record !== undefined && record.tickets.length > 0 ? 'kept' : 'none';
  return error === undefined ? kept : `${kept}, ${error}`;
}

/**
 * IndexedDB failing under the app, made by an init script before My data opens or in the running
 * page: `closeAfter` transactions still open, later ones throw as those of a closed database do;
 * `full` makes every `put` throw the quota's DOMException. Undone in the running page.
 */
function storageFault(page: Page, run: Run, fault: { closeAfter?: number; full?: boolean }): Promise<Undo> {
  const install = (wanted: { closeAfter?: number; full?: boolean }) => {
    const scope = window as unknown as { offlineTicketFault?: { closeAfter?: number; full?: boolean } };
    if (!scope.offlineTicketFault) {
      const faults: { closeAfter?: number; full?: boolean } = {};
      scope.offlineTicketFault = faults;
      const transaction = IDBDatabase.prototype.transaction;
      IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
        if (faults.closeAfter !== undefined) {
          if (faults.closeAfter <= 0) throw new DOMException('The database connection is closing.', 'InvalidStateError');
          faults.closeAfter -= 1;
        }
        return transaction.apply(this, args);
      } as IDBDatabase['transaction'];
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (faults.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    }
    Object.assign(scope.offlineTicketFault, wanted);
  };
  const undo = () =>
    page.evaluate(() => {
      const faults = (window as unknown as { offlineTicketFault?: Record<string, unknown> }).offlineTicketFault ?? {};
      for (const key of Object.keys(faults)) delete faults[key];
    });
  return (run.opened ? page.evaluate(install, fault) : page.addInitScript(install, fault)).then(() => undo);
}

/** What the browser can cause of the model's events in a state (the rest is `excluded` or said here). */
function offered(snapshot: Snapshot, event: ModelEvent<Machine>): boolean {
  const answer = event as { type: string; output?: unknown; error?: unknown };
  // A 401 ends the session: the page shows the session's notice, and this machine is gone with the layout.
  if (answer.error === signedOut) return false;
  if (snapshot.matches('loading')) return event.type !== 'offline.clear';
  if (snapshot.matches('ready')) {
    const { owner, record } = snapshot.context;
    // Keeping: the one button is Remove. Not keeping: Keep; another customer's refresh only where
    // their record was read (after a clear, `customer` is whoever is signed in).
    if (owner !== undefined) return event.type === 'offline.clear';
    return event.type === 'offline.refresh' && (event.owner === customer || record?.owner === customer);
  }
  if (snapshot.matches('refreshing')) {
    if (event.type === 'offline.clear') return false;
    // Nothing written without a clear during the refresh (see refreshing|offline.clear).
    if (event.type === 'xstate.done.actor.refreshStored') return answer.output !== undefined;
    // The tickets' read fails in the network only the first time this page reads them (then
    // React Query has them): with the record of an earlier visit, or another customer's.
    const { owner, record } = snapshot.context;
    return !isNetworkFailure(event) || record !== undefined || owner === otherCustomer;
  }
  if (snapshot.matches('clearing')) return event.type !== 'offline.refresh';
  return false;
}

/** An answer that is not the ordinary one, made in the page (see the file's comment), with its undo. */
async function arrangeAnswer(page: Page, event: ModelEvent<Machine>, run: Run): Promise<Undo | undefined> {
  if (event.type === 'xstate.error.actor.readStored') {
    // No IndexedDB (a browser that refuses it): the read is made as the page opens.
    await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => undefined }));
    return undefined;
  }
  if (event.type === 'xstate.error.actor.clearStored') return storageFault(page, run, { closeAfter: 0 });
  if (event.type === 'xstate.error.actor.refreshStored') {
    // Before the page opens, the read of the stored record still opens its transaction.
    if (event.error === storageUnavailable) return storageFault(page, run, { closeAfter: run.opened ? 0 : 1 });
    if (event.error === storageFull) return storageFault(page, run, { full: true });
    return failCalls(page, 'GET', ticketsPath, event.error);
  }
  return undefined;
}

/** Where the customer acts: My data, reached from the dashboard as a customer does. */
async function backToMyData(page: Page, run: Run): Promise<void> {
  if (new URL(page.url()).pathname === myData) return;
  await pressEnterOn(page, page.getByRole('main').getByRole('link', { name: texts[run.locale].myData, exact: true }));
  await expect(page).toHaveURL(myData);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[run.locale].myData);
}

export const offlineTicketBrowser: BrowserModel<Machine, Run> = {
  machine: offlineTicketMachine,
  logic: machine,
  events: (snapshot) => {
    const events = eventsFor(snapshot).filter((event) => offered(snapshot, event));
    const order = (event: ModelEvent<Machine>) => refreshAnswers.indexOf((event as { error?: unknown }).error ?? 'stored');
    return snapshot.matches('refreshing') ? events.sort((a, b) => order(a) - order(b)) : events;
  },
  serialize,
  screen: screenOf,
  excluded: {
    'offlineTicket.loading|offline.clear|0': 'Remove pressed while the stored record is read: the read takes milliseconds (a race); the machine test covers it',
    'offlineTicket.refreshing|offline.clear|0': 'Remove pressed while the refresh runs: it takes milliseconds (a race); the machine test covers it',
    'offlineTicket.clearing|offline.refresh|0':
      'Keep pressed again (or a customer signing in) while the clear runs: the clear takes milliseconds (a race); the machine test covers it',
    'offlineTicket.clearing|xstate.done.actor.clearStored|0': 'needs a refresh asked while the clear runs (see clearing|offline.refresh)',
    'offlineTicket.clearing|xstate.error.actor.clearStored|0': 'needs a refresh asked while the clear runs (see clearing|offline.refresh)',
    'offlineTicket.unavailable|offline.clear|0':
      'no button sends it there (My data shows no Remove where nothing can be kept), and logout and account deletion clear the store through the session (clearOfflineTickets), not this machine',
  },

  async prepare(page, tour) {
    const locale = localeOf(tour);
    const events = tour.steps.map((step) => step.event);
    const other = events.some((event) => event.type === 'offline.refresh' && event.owner === otherCustomer);
    const earlier = events.some((event) => event.type === 'xstate.done.actor.readStored' && event.output === storedRecord);
    // A refresh asked before the read ends is the page's own, with the default preference.
    const pageAsks = events[0]?.type === 'offline.refresh';
    const months = monthsFrom(locale);
    let earlierTime: string | undefined;
    if (earlier) {
      // An earlier visit of deuti's keeps their tickets on this device.
      await signInOverHttp(page, deuti);
      await rememberLocale(page, locale);
      await page.goto(myData);
      const kept = page.getByTestId('kept-on-device');
      await expect(kept).toHaveText(new RegExp(escaped(texts[locale].kept(months, '@')).replace('@', texts[locale].time.source)));
      earlierTime = texts[locale].time.exec((await kept.textContent()) ?? '')?.[0];
      if (other) await page.context().clearCookies();
    }
    if (!earlier || other) await signInOverHttp(page, other ? joti : deuti);
    await rememberLocale(page, locale);
    if (!pageAsks) await page.evaluate((key) => window.localStorage.setItem(key, 'no'), keepPreferenceKey);
    const run: Run = { locale, pageAsks, opened: false, arranged: [], months, earlierTime };
    // The page's own refresh comes as the page opens, but the driver arranges the answers after a
    // customer's event only once that event's step comes: those after it are arranged now.
    if (pageAsks) {
      for (const { event } of tour.steps.slice(1)) {
        if (!isActorResult(event)) break;
        run.arranged.push(await arrangeAnswer(page, event, run));
      }
    }
    return run;
  },

  async visit(page, run) {
    await page.goto(myData);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[run.locale].myData);
    run.opened = true;
  },

  async arrange(page, event, run) {
    if (run.arranged.length > 0) return run.arranged.shift();
    return arrangeAnswer(page, event, run);
  },

  async act(page, event, run) {
    const words = texts[run.locale];
    switch (event.type) {
      case 'offline.refresh':
        // The first one the page asks on its own as it opens; later it is the customer's Keep.
        if (run.pageAsks) {
          run.pageAsks = false;
          return;
        }
        await backToMyData(page, run);
        return pressEnterOn(page, page.getByRole('button', { name: words.keep }));
      case 'offline.clear':
        await backToMyData(page, run);
        return pressEnterOn(page, page.getByRole('button', { name: words.remove }));
    }
  },

  async expectScreen(page, snapshot, run) {
    const words = texts[run.locale];
    const screen = screenOf(snapshot);
    const section = page.getByRole('region', { name: words.section });
    const said = page.getByTestId('kept-on-device');
    const record = snapshot.context.record;
    const time = record?.savedAt === storedRecord.savedAt && run.earlierTime ? escaped(run.earlierTime) : words.time.source;
    const kept = new RegExp(`^${escaped(words.kept(run.months, '@')).replace('@', time)}$`);

    if (screen === 'loading') {
      // The read takes milliseconds: what the section says while it runs is gone by the time a
      // test looks (the screens after it are checked).
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(words.section);
      return;
    }
    if (screen === 'off') {
      await expect(section).toContainText(words.off);
      await expect(section.getByRole('button', { name: words.keep })).toBeEnabled();
      await expect(section.getByRole('button', { name: words.remove })).toHaveCount(0);
      return;
    }
    if (screen === 'unavailable') {
      await expect(section).toContainText(words.unavailable);
      await expect(section.getByRole('button')).toHaveCount(0);
      return;
    }
    if (screen === 'refreshing' || screen === 'clearing') return;

    // Kept on this device (or nothing yet): what is kept, and the way to remove it.
    await backToMyData(page, run);
    await expect(said).toHaveText(screen.startsWith('kept') ? kept : words.none);
    await expect(section.getByRole('button', { name: words.remove })).toBeEnabled();
    await expect(section).toContainText(words.removeText);
    const error = snapshot.context.error;
    if (error === undefined) return;

    // A failed refresh says so on the dashboard's ticket card.
    await pressEnterOn(page, page.getByRole('link', { name: words.portal, exact: true }));
    await expect(page).toHaveURL('/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.overview);
    const card = page.getByRole('region', { name: words.card });
    if (error === 'storageFull') {
      await expect(card).toContainText(words.storageFull);
      await expect(card.getByRole('link', { name: words.show })).toHaveAttribute('href', /^\/app\/dashboard\/ticket\/ticket-S-/);
    } else if (screen.startsWith('kept')) {
      await expect(card).toContainText(words.refreshFailed(run.earlierTime ?? ''));
      await expect(card.getByRole('link', { name: words.show })).toHaveAttribute('href', /^\/app\/dashboard\/ticket\/ticket-S-/);
    } else {
      await expect(card).toContainText(words.loadFailed);
      await expect(card.getByRole('link', { name: words.toTickets })).toHaveAttribute('href', '/app/dashboard/tickets');
    }
  },
};

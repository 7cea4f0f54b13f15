// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { offlineTicketMachine, type RefreshStoredInput } from '#machines/offline-ticket/offline-ticket.machine';
import { selectOfflineTicketView } from '#machines/offline-ticket/offline-ticket.selectors';
import type { StoredRecord } from '#src/domain/offline-tickets';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  aprilTicket,
  customer,
  machine,
  mayTicket,
  offline,
  offlineTicketModel,
  otherCustomer,
  refreshedRecord,
  serverError,
  storageFull,
  storageUnavailable,
  storedRecord,
  today,
} from './offline-ticket.model';

type Snapshot = SnapshotFrom<typeof offlineTicketMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectOfflineTicketView(snapshot);
  expect(context.today).toBe(today);
  expect(view.status).toBe(snapshot.value);

  // No expired ticket is shown once the record has been read (ready entry, refreshing entry).
  if (!snapshot.matches('loading')) for (const ticket of view.tickets) expect(ticket.validUntil >= today).toBe(true);
  // Nothing of another customer is shown while a refresh is asked for someone.
  if (context.owner !== undefined && !snapshot.matches('loading') && context.record) expect(context.record.owner).toBe(context.owner);
  // A refresh always knows whose tickets it stores.
  if (snapshot.matches('refreshing')) {
    expect(context.owner).toBeDefined();
    expect(context.error).toBeUndefined();
  }
  // While clearing and without storage, nothing is shown.
  if (snapshot.matches('clearing') || snapshot.matches('unavailable')) {
    expect(context.record).toBeUndefined();
    expect(view).toMatchObject({ ticket: undefined, tickets: [], savedAt: undefined, owner: undefined });
  }
  // The error code belongs to the state that shows it.
  expect(context.error === 'storageUnavailable').toBe(snapshot.matches('unavailable'));
  if (context.error === 'storageFull' || context.error === 'refreshFailed') expect(snapshot.matches('ready')).toBe(true);
  expect(view.error).toBe(context.error);

  // The ticket shown is the one valid today (April's, which ends today), else the next.
  if (view.tickets.length > 0) expect(view.ticket?.id).toBe(aprilTicket.id);
  if (view.ticket) expect(view.ticket.validity).toBe('current');
  expect(view.savedAt).toBe(context.record?.savedAt);
  expect(view.owner).toBe(context.record?.owner);
  // The machine never ends: a refresh or a clear may always come.
  expect(snapshot.status).toBe('active');
}

const [run] = runModel(offlineTicketModel).runs;

describe('offline-ticket machine, model-based (xstate/graph)', () => {
  it('reaches a refresh after the read, a refresh waiting for the read and for a clear, and the storage full', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain('xstate.init → xstate.done.actor.readStored → offline.refresh → xstate.done.actor.refreshStored');
    expect(ends).toContain('xstate.init → offline.refresh → xstate.done.actor.readStored');
    expect(ends).toContain('xstate.init → offline.clear → offline.refresh → xstate.done.actor.clearStored');
    expect(ends).toContain('xstate.init → xstate.done.actor.readStored → offline.refresh → xstate.error.actor.refreshStored');
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    const initial = machine.resolveState({ value: 'loading', context: { today, record: undefined, owner: undefined, error: undefined } });
    replayPath(machine, path, initial, (snapshot) => checkInvariants(snapshot));
  });
});

interface Fakes {
  read?: () => Promise<StoredRecord | undefined>;
  refresh?: (input: RefreshStoredInput) => Promise<StoredRecord | undefined>;
  clear?: () => Promise<void>;
}

/** The machine with fake actors that count their calls, run as the app runs it. */
function start(fakes: Fakes = {}) {
  const calls = { read: [] as string[], refresh: [] as RefreshStoredInput[], clear: 0 };
  const actor = createActor(
    offlineTicketMachine.provide({
      actors: {
        readStored: fromPromise(async ({ input }) => {
          calls.read.push(input.today);
          return fakes.read ? fakes.read() : storedRecord;
        }),
        refreshStored: fromPromise(async ({ input }) => {
          calls.refresh.push(input);
          return fakes.refresh ? fakes.refresh(input) : refreshedRecord;
        }),
        clearStored: fromPromise(async () => {
          calls.clear += 1;
          return fakes.clear ? fakes.clear() : undefined;
        }),
      },
    }),
    { input: { today } },
  );
  actor.start();
  return { actor, calls };
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('offline-ticket machine, behaviour', () => {
  it('shows the stored ticket valid today without the expired one, with the time it was saved', async () => {
    const { actor, calls } = start();
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls.read).toEqual([today]);
    expect(selectOfflineTicketView(ready)).toEqual({
      status: 'ready',
      ticket: aprilTicket,
      tickets: [aprilTicket, { ...mayTicket, validity: 'upcoming' }],
      savedAt: storedRecord.savedAt,
      owner: customer,
      error: undefined,
    });
  });

  it('refreshes once for the signed-in customer however often it is asked, and shows the new record', async () => {
    const answer = deferred<StoredRecord | undefined>();
    const { actor, calls } = start({ refresh: () => answer.promise });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'offline.refresh', owner: customer });
    actor.send({ type: 'offline.refresh', owner: customer });
    expect(selectOfflineTicketView(actor.getSnapshot())).toMatchObject({ status: 'refreshing', ticket: aprilTicket, owner: customer });
    answer.resolve(refreshedRecord);
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls.refresh).toEqual([{ owner: customer, today }]);
    expect(selectOfflineTicketView(ready)).toMatchObject({ savedAt: refreshedRecord.savedAt, error: undefined });
  });

  it('a refresh asked while the record is read waits for the read, and is not lost', async () => {
    const read = deferred<StoredRecord | undefined>();
    const { actor, calls } = start({ read: () => read.promise });
    actor.send({ type: 'offline.refresh', owner: customer });
    expect(actor.getSnapshot().value).toBe('loading');
    read.resolve(storedRecord);
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.record?.savedAt === refreshedRecord.savedAt);
    expect(calls.refresh).toEqual([{ owner: customer, today }]);
  });

  it("another customer signing in never sees the stored customer's ticket, not even while refreshing or when it fails", async () => {
    const { actor } = start({ refresh: () => Promise.reject(offline) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'offline.refresh', owner: otherCustomer });
    expect(selectOfflineTicketView(actor.getSnapshot())).toMatchObject({ status: 'refreshing', ticket: undefined, tickets: [], owner: undefined });
    const failedRefresh = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(selectOfflineTicketView(failedRefresh)).toMatchObject({ status: 'ready', ticket: undefined, error: 'refreshFailed' });
  });

  it('a failed refresh keeps the stored ticket with refreshFailed; a full storage says storageFull', async () => {
    let answer: () => Promise<StoredRecord | undefined> = () => Promise.reject(serverError);
    const { actor } = start({ refresh: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'offline.refresh', owner: customer });
    const failedRefresh = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error !== undefined);
    expect(selectOfflineTicketView(failedRefresh)).toMatchObject({ ticket: aprilTicket, savedAt: storedRecord.savedAt, error: 'refreshFailed' });
    answer = () => Promise.reject(storageFull);
    actor.send({ type: 'offline.refresh', owner: customer });
    const full = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error === 'storageFull');
    expect(selectOfflineTicketView(full)).toMatchObject({ ticket: aprilTicket, savedAt: storedRecord.savedAt });
    answer = async () => refreshedRecord;
    actor.send({ type: 'offline.refresh', owner: customer });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error === undefined);
    expect(ready.context.record).toEqual(refreshedRecord);
  });

  it('without usable storage it rests in unavailable; a clear there is harmless and calls nothing', async () => {
    const { actor, calls } = start({ read: () => Promise.reject(storageUnavailable) });
    const unavailable = await waitFor(actor, (snapshot) => snapshot.matches('unavailable'));
    expect(selectOfflineTicketView(unavailable)).toMatchObject({ status: 'unavailable', ticket: undefined, error: 'storageUnavailable' });
    expect(unavailable.can({ type: 'offline.refresh', owner: customer })).toBe(false);
    actor.send({ type: 'offline.clear' });
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(calls.clear).toBe(0);
  });

  it('storage lost during a refresh: unavailable, nothing shown', async () => {
    const { actor } = start({ refresh: () => Promise.reject(storageUnavailable) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'offline.refresh', owner: customer });
    const unavailable = await waitFor(actor, (snapshot) => snapshot.matches('unavailable'));
    expect(unavailable.context.record).toBeUndefined();
  });

  it('a clear removes what is shown at once; a refresh asked while clearing follows it', async () => {
    const clear = deferred<void>();
    const { actor, calls } = start({ clear: () => clear.promise, refresh: async (input) => ({ ...refreshedRecord, owner: input.owner }) });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'offline.clear' });
    expect(selectOfflineTicketView(actor.getSnapshot())).toMatchObject({ status: 'clearing', ticket: undefined, tickets: [] });
    actor.send({ type: 'offline.refresh', owner: otherCustomer });
    clear.resolve();
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.record !== undefined);
    expect(calls.clear).toBe(1);
    expect(calls.refresh).toEqual([{ owner: otherCustomer, today }]);
    expect(selectOfflineTicketView(ready).owner).toBe(otherCustomer);
  });

  it('a clear during a refresh wins: the refresh answer is not shown', async () => {
    const answer = deferred<StoredRecord | undefined>();
    const { actor, calls } = start({ refresh: () => answer.promise });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'offline.refresh', owner: customer });
    actor.send({ type: 'offline.clear' });
    const cleared = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    answer.resolve(refreshedRecord);
    await Promise.resolve();
    expect(calls.clear).toBe(1);
    expect(cleared.context.record).toBeUndefined();
    expect(actor.getSnapshot().context.record).toBeUndefined();
  });

  it('a clear while reading does not wait for the read', async () => {
    const read = deferred<StoredRecord | undefined>();
    const { actor, calls } = start({ read: () => read.promise });
    actor.send({ type: 'offline.clear' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    read.resolve(storedRecord);
    await Promise.resolve();
    expect(calls.clear).toBe(1);
    expect(selectOfflineTicketView(actor.getSnapshot())).toMatchObject({ ticket: undefined, owner: undefined });
  });
});

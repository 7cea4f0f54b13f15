import { fromPromise } from 'xstate';

import { offlineTicketMachine, type RefreshStoredInput } from '#machines/offline-ticket/offline-ticket.machine';
import { ticketsQuery } from '#src/api/queries/subscriptions';
import { pickStoredTicket, type StoredRecord, storedTicketsVersion, ticketsToKeep } from '#src/domain/offline-tickets';
import type { FlowServices } from '#src/flows/use-flow';
import { clearsSoFar, clearStored, readStored, writeStored } from './ticket-store';

/**
 * The offline-ticket machine with the app's actors: IndexedDB through ./ticket-store.ts, the
 * tickets through React Query (`ticketsQuery`, the one read of GET /api/dashboard/v1/tickets, which
 * "My tickets" shares). A failed read rejects with an ApiFailure, a failed write with the store's
 * `StorageUnavailable` or `QuotaExceeded`; the machine keeps their codes.
 */
export function provideOfflineTicket({ queries, queryClient }: Pick<FlowServices, 'queries' | 'queryClient'>) {
  return offlineTicketMachine.provide({
    actors: {
      readStored: fromPromise<StoredRecord | undefined, { today: string }>(async ({ input }) => {
        const clears = clearsSoFar();
        const stored = await readStored();
        if (!stored) return undefined;
        // An expired ticket leaves the device too, not only the screen.
        const tickets = ticketsToKeep(stored.tickets, input.today);
        if (tickets.length === stored.tickets.length) return stored;
        const kept = { ...stored, tickets };
        await writeStored(kept, { unlessClearedSince: clears }).catch(() => false);
        return kept;
      }),
      refreshStored: fromPromise<StoredRecord | undefined, RefreshStoredInput>(async ({ input, signal }) => {
        // Another customer's record goes before anything is read: a failed read leaves nothing of theirs.
        const stored = await readStored();
        if (stored && stored.owner !== input.owner) await clearStored();
        const clears = clearsSoFar();
        const query = ticketsQuery(queries);
        const tickets = await queryClient.fetchQuery(query);
        // The time the answer came (a cached answer keeps its own time), not the time of writing.
        const answeredAt = queryClient.getQueryState(query.queryKey)?.dataUpdatedAt || Date.now();
        const record: StoredRecord = {
          version: storedTicketsVersion,
          owner: input.owner,
          savedAt: new Date(answeredAt).toISOString(),
          tickets: ticketsToKeep(tickets, input.today).map(pickStoredTicket),
        };
        // A clear came meanwhile (logout, the machine left for clearing): nothing is written.
        if (signal.aborted) return undefined;
        return (await writeStored(record, { unlessClearedSince: clears })) ? record : undefined;
      }),
      clearStored: fromPromise<void>(() => clearStored()),
    },
  });
}

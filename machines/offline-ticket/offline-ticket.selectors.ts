import type { SnapshotFrom } from 'xstate';

import { currentOrNext, type StoredTicket, validityOn } from '#src/domain/offline-tickets';

import type { OfflineTicketErrorCode, offlineTicketMachine } from './offline-ticket.machine';

/** Snapshot → what the dashboard and the ticket screen show of the stored tickets. Plain data. */

type OfflineTicketSnapshot = SnapshotFrom<typeof offlineTicketMachine>;

export type OfflineTicketStatus = 'loading' | 'ready' | 'refreshing' | 'clearing' | 'unavailable';

export interface OfflineTicketView {
  status: OfflineTicketStatus;
  /** The ticket to show: the one valid today, else the next one; undefined when none is stored. */
  ticket: StoredTicket | undefined;
  /** Every stored ticket of this month and next, by validFrom. */
  tickets: StoredTicket[];
  /** When the stored tickets were read from the API (ISO timestamp): "offline, as of <time>". */
  savedAt: string | undefined;
  /** Whose tickets they are (the user-info's `sub`): compare it with the signed-in customer's. */
  owner: string | undefined;
  error: OfflineTicketErrorCode | undefined;
}

const statuses: readonly OfflineTicketStatus[] = ['loading', 'ready', 'refreshing', 'clearing', 'unavailable'];

export function selectOfflineTicketView(snapshot: OfflineTicketSnapshot): OfflineTicketView {
  const { context } = snapshot;
  const status = statuses.find((value) => snapshot.matches(value)) ?? 'loading';
  // The validity as of today: a ticket stored as upcoming is current once its month has begun.
  const tickets = (context.record?.tickets ?? []).map((ticket) => ({ ...ticket, validity: validityOn(ticket, context.today) }));
  return {
    status,
    ticket: currentOrNext(tickets, context.today),
    tickets,
    savedAt: context.record?.savedAt,
    owner: context.record?.owner,
    error: context.error,
  };
}

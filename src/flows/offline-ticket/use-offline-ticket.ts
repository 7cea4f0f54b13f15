import { useCallback } from 'react';

import { selectOfflineTicketView } from '#machines/offline-ticket/offline-ticket.selectors';
import { toIsoDate } from '#src/domain/personal-fields';
import { useFlow } from '#src/flows/use-flow';
import { provideOfflineTicket } from './offline-ticket.actors';

/**
 * The tickets kept on the device for offline use (issue 29): the view (status, the ticket to show,
 * every kept ticket, savedAt, owner, error), `refresh(owner)` once the signed-in customer is known
 * and online (owner: `offlineOwnerOf(userInfo)`, src/domain/offline-tickets.ts), and `clear()`.
 * Logout and account deletion, which have no machine, call `clearOfflineTickets()` of ./ticket-store.ts.
 */
export function useOfflineTicket() {
  const { view, send } = useFlow(provideOfflineTicket, { input: { today: toIsoDate(new Date()) }, select: selectOfflineTicketView });
  const refresh = useCallback((owner: string) => send({ type: 'offline.refresh', owner }), [send]);
  const clear = useCallback(() => send({ type: 'offline.clear' }), [send]);
  return { view, refresh, clear };
}

import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

import type { OfflineTicketView } from '#machines/offline-ticket/offline-ticket.selectors';
import { userInfoQuery } from '#src/api/queries/account';
import { offlineOwnerOf } from '#src/domain/offline-tickets';
import { useOnline } from '#src/ui/use-online';
import { readKeepPreference, writeKeepPreference } from './keep-preference';
import { useOfflineTicket } from './use-offline-ticket';

/** What the pages under /app see of the tickets kept on the device, and whether the browser is online. */
export interface KeptTickets extends OfflineTicketView {
  online: boolean;
  /** Whether this device keeps the ticket (the customer may say no in My data). */
  keeping: boolean;
  /** Keep the ticket on this device again, or remove it and keep none from now on. */
  setKeeping(keep: boolean): void;
}

const KeptTicketsContext = createContext<KeptTickets | undefined>(undefined);

/**
 * One store of kept tickets for every page under /app (the signed-in layout renders it, issue 29):
 * online, it is refreshed for the signed-in customer as soon as the portal knows who that is (the
 * user info's `sub`), which also drops another customer's record first. The pages see the kept
 * tickets only when they are this customer's, or, offline, where nobody can be asked, those the
 * device keeps: a record left by a customer who did not log out is replaced at the next sign-in,
 * which needs the network.
 */
export function KeptTicketsProvider({ children }: { children: ReactNode }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const online = useOnline();
  const { view, refresh, clear } = useOfflineTicket();
  const [keeping, setKeepingState] = useState(readKeepPreference);
  const userInfo = useQuery({ ...userInfoQuery(queries), enabled: online });
  const owner = userInfo.data ? offlineOwnerOf(userInfo.data) : undefined;
  useEffect(() => {
    if (keeping && online && owner !== undefined) refresh(owner);
  }, [keeping, online, owner, refresh]);
  const setKeeping = useCallback(
    (keep: boolean) => {
      writeKeepPreference(keep);
      setKeepingState(keep);
      if (!keep) clear();
    },
    [clear],
  );
  const waitingForOwner = online && userInfo.isPending;
  const value = useMemo<KeptTickets>(() => {
    const theirs = owner === undefined ? !online : view.owner === owner;
    const shown = theirs ? view : { ...view, ticket: undefined, tickets: [], savedAt: undefined };
    // Until the portal knows who is signed in, nothing is shown as this customer's yet.
    return { ...shown, status: waitingForOwner ? 'loading' : shown.status, online, keeping, setKeeping };
  }, [view, owner, online, waitingForOwner, keeping, setKeeping]);
  return <KeptTicketsContext.Provider value={value}>{children}</KeptTicketsContext.Provider>;
}

/** The kept tickets, under the signed-in layout. */
export function useKeptTickets(): KeptTickets {
  const kept = useContext(KeptTicketsContext);
  if (!kept) throw new Error('useKeptTickets needs the KeptTicketsProvider of the signed-in layout (routes/app/_signedIn.tsx)');
  return kept;
}

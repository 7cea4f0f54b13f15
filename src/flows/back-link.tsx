import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { Link } from '#src/ui/link';

/** The tickets list, where every self-service flow starts and ends. */
export const ticketsHref = '/app/dashboard/tickets';
/** My data, where every account flow starts and ends. */
export const accountHref = '/app/dashboard/account';
/** The overview of the signed-in customer. */
export const overviewHref = '/app/dashboard';
/** An order's payment details (its instrument, and the way to change it): My tickets, the traveler change and the payment page link it. */
export const paymentDetailsHref = (orderId: string) => `/app/dashboard/order/${encodeURIComponent(orderId)}/payment`;

/** The pages a screen's way back leads to; each has one text for it. */
export type BackPage = typeof ticketsHref | typeof accountHref | typeof overviewHref;

const backPages: readonly string[] = [ticketsHref, accountHref, overviewHref];
const isBackPage = (to: string): to is BackPage => backPages.includes(to);

/** "Back to my tickets", "Back to my data", "Back to the overview": the one text of each way back. */
export function BackLabel({ to }: { to: BackPage }) {
  switch (to) {
    case ticketsHref:
      return <Trans id="common:backToTickets">Back to my tickets</Trans>;
    case accountHref:
      return <Trans id="common:backToAccount">Back to my data</Trans>;
    case overviewHref:
      return <Trans id="common:backToOverview">Back to the overview</Trans>;
  }
}

export type BackLinkProps = {
  /** False inside running text (a paragraph of its own keeps its line); a link on its own line by default. */
  standalone?: boolean;
} & ({ to: BackPage; children?: ReactNode } | { to: string; children: ReactNode });

/**
 * A screen's way back, or out without a change (its "Cancel"): a real link (`href`), with the
 * page's one text unless the screen says otherwise. Not in src/ui/: it knows the portal's pages,
 * and its texts stay out of the design system's catalog part (/order does not show them).
 */
export function BackLink({ to, children, standalone = true }: BackLinkProps) {
  return (
    <Link href={to} standalone={standalone}>
      {children ?? (isBackPage(to) ? <BackLabel to={to} /> : null)}
    </Link>
  );
}

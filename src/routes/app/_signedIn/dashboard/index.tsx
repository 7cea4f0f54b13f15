import { Trans } from '@lingui/react/macro';
import { createFileRoute, useRouteContext } from '@tanstack/react-router';

import { userInfoQuery } from '#src/api/queries/account';
import { ticketsQuery } from '#src/api/queries/subscriptions';
import { CurrentTicketCard } from '#src/flows/offline-ticket/current-ticket-card';
import { Link } from '#src/ui/link';
import { PageHeading } from '#src/ui/page-heading';
import * as styles from './dashboard.css';

export const Route = createFileRoute('/app/_signedIn/dashboard/')({
  // The ticket card's reads start with the page, not once it has rendered; the page does not wait for them.
  loader: ({ context: { queryClient, queries } }) => {
    void queryClient.prefetchQuery(ticketsQuery(queries));
    void queryClient.prefetchQuery(userInfoQuery(queries));
  },
  component: DashboardPage,
});

/**
 * SPEC.md 2.3: two entries (my tickets, my data) and a support banner, below the ticket to show
 * today (issue 29). The entries describe what a customer can do there today, and grow with the
 * features (issue 13, item 5).
 */
function DashboardPage() {
  const { config } = useRouteContext({ from: '__root__' });
  return (
    <>
      <PageHeading>
        <Trans id="dashboard:title">Your overview</Trans>
      </PageHeading>
      <CurrentTicketCard />
      <ul className={styles.entries}>
        <li className={styles.entry}>
          <h2 className={styles.entryTitle}>
            <Link href="/app/dashboard/tickets" className={styles.entryLink}>
              <Trans id="dashboard:entries.tickets.title">My tickets</Trans>
            </Link>
          </h2>
          <p>
            <Trans id="dashboard:entries.tickets.text">
              Your orders and subscriptions with their status. There you download and show your tickets, end or pause a subscription, withdraw a termination,
              change the traveler, the billing address or the payment method, and cancel an order that has not started.
            </Trans>
          </p>
        </li>
        <li className={styles.entry}>
          <h2 className={styles.entryTitle}>
            <Link href="/app/dashboard/account" className={styles.entryLink}>
              <Trans id="dashboard:entries.account.title">My data</Trans>
            </Link>
          </h2>
          <p>
            <Trans id="dashboard:entries.account.details">
              Your details, and where you change your email address, password or direct debit information, see your payments, or delete your account.
            </Trans>
          </p>
        </li>
      </ul>
      <aside className={styles.support} aria-labelledby="support-heading">
        <h2 id="support-heading" className={styles.supportTitle}>
          <Trans id="support:banner.title">Questions about your ticket?</Trans>
        </h2>
        <p>
          <Trans id="support:banner.text">Our customer service is glad to help:</Trans> <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
        </p>
      </aside>
    </>
  );
}

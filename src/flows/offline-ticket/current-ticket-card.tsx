import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { ordersQuery } from '#src/api/queries/orders';
import { ticketsQuery } from '#src/api/queries/subscriptions';
import { currentOrNext } from '#src/domain/offline-tickets';
import { toIsoDate } from '#src/domain/personal-fields';
import { displayedStatus } from '#src/domain/order-status';
import { formatDate, formatDateTime, formatMonth } from '#src/i18n/format';
import { useProductName } from '#src/i18n/product-name';
import { useLocale } from '#src/i18n/use-locale';
import { Link } from '#src/ui/link';
import { caveat } from '#src/ui/notice.css';
import { LoadingStatus } from '#src/ui/loading-status';
import * as styles from './current-ticket-card.css';
import { useKeptTickets } from './kept-tickets';

/**
 * The dashboard opens on the ticket (issue 29, item 4): the one valid today, else the next one,
 * one press from its code; without a ticket the order in progress, else the way to order. Online
 * it is the API's answer (the route starts the read with the page); offline, or while the read
 * fails, the copy kept on the device, saying how old it is.
 */
export function CurrentTicketCard() {
  const kept = useKeptTickets();
  const { queries } = useRouteContext({ from: '__root__' });
  const locale = useLocale();
  const productName = useProductName();
  const live = useQuery({ ...ticketsQuery(queries), enabled: kept.online });
  const ticket = kept.online && live.data ? currentOrNext(live.data, toIsoDate(new Date())) : kept.ticket;
  const fromDevice = !(kept.online && live.data);
  const unkept = kept.status === 'unavailable';
  const titleId = 'current-ticket-title';

  if (!ticket) {
    const waiting = kept.online ? live.isPending : kept.status === 'loading' || kept.status === 'clearing';
    if (waiting) {
      return (
        <section className={styles.card} aria-labelledby={titleId}>
          <h2 id={titleId} className={styles.title}>
            <Trans id="dashboard:ticket.title">Your ticket</Trans>
          </h2>
          <LoadingStatus>
            <Trans id="dashboard:ticket.loading">Loading your ticket…</Trans>
          </LoadingStatus>
        </section>
      );
    }
    // A read that failed says so: it does not tell a customer with a ticket that they have none.
    if (kept.online && live.isError) {
      return (
        <section className={styles.card} aria-labelledby={titleId}>
          <h2 id={titleId} className={styles.title}>
            <Trans id="dashboard:ticket.title">Your ticket</Trans>
          </h2>
          <p className={styles.facts}>
            <Trans id="dashboard:ticket.loadFailed">Your ticket could not be loaded just now. Please try again in a moment, or open it in My tickets.</Trans>
          </p>
          <Link href="/app/dashboard/tickets" className={styles.showTicket}>
            <Trans id="dashboard:ticket.order.link">To My tickets</Trans>
          </Link>
        </section>
      );
    }
    return <WithoutTicket online={kept.online} unavailable={unkept} />;
  }

  const month = formatMonth(ticket.validFrom, locale);
  const product = productName(ticket.product);
  const upcoming = ticket.validity === 'upcoming';
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {upcoming ? <Trans id="dashboard:ticket.next.title">Your next ticket</Trans> : <Trans id="dashboard:ticket.title">Your ticket</Trans>}
      </h2>
      <p className={styles.facts}>
        <strong>
          {product}, {month}
        </strong>
        <br />
        {ticket.holder.firstName} {ticket.holder.lastName}
        <br />
        {upcoming ? (
          <Trans id="dashboard:ticket.validFrom">Valid from {formatDate(ticket.validFrom, locale)}</Trans>
        ) : (
          <Trans id="dashboard:ticket.validUntil">Valid until {formatDate(ticket.validUntil, locale)}</Trans>
        )}
      </p>
      {!kept.online && kept.savedAt ? (
        <p className={caveat}>
          <Trans id="dashboard:ticket.offline">Offline: as kept on this device, as of {formatDateTime(kept.savedAt, locale)}.</Trans>
        </p>
      ) : fromDevice && live.isError && kept.savedAt ? (
        <p className={caveat}>
          <Trans id="dashboard:ticket.refreshFailed">
            Your ticket could not be updated just now; this is how it was on {formatDateTime(kept.savedAt, locale)}.
          </Trans>
        </p>
      ) : unkept ? (
        <p className={caveat}>
          <Trans id="dashboard:ticket.unavailable">
            This browser does not let the portal keep your ticket for use without a connection (for example in a private window).
          </Trans>
        </p>
      ) : kept.error === 'storageFull' ? (
        <p className={caveat}>
          <Trans id="dashboard:ticket.storageFull">This device's storage is full: your ticket could not be updated for use without a connection.</Trans>
        </p>
      ) : null}
      <Link href={`/app/dashboard/ticket/${encodeURIComponent(ticket.id)}`} className={styles.showTicket}>
        <Trans id="dashboard:ticket.show">Show ticket</Trans>
      </Link>
    </section>
  );
}

/** No ticket to show: the order in progress, or the way to order; offline, what the device keeps. */
function WithoutTicket({ online, unavailable }: { online: boolean; unavailable: boolean }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const orders = useQuery({ ...ordersQuery(queries), enabled: online });
  const inProgress = orders.data?.find((order) => displayedStatus(order.order_status) === 'ordered');
  const titleId = 'current-ticket-title';
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {inProgress ? <Trans id="dashboard:ticket.order.title">Your order</Trans> : <Trans id="dashboard:ticket.title">Your ticket</Trans>}
      </h2>
      {!online ? (
        <p className={styles.facts}>
          <Trans id="dashboard:ticket.offline.none">No ticket is kept on this device. Your ticket shows here once you are online again.</Trans>
        </p>
      ) : inProgress ? (
        <>
          <p className={styles.facts}>
            <Trans id="dashboard:ticket.order.text">Your order {inProgress.order_number} is being processed. Your ticket shows here once it starts.</Trans>
          </p>
          <Link href="/app/dashboard/tickets" className={styles.showTicket}>
            {t({ id: 'dashboard:ticket.order.link', message: 'To My tickets' })}
          </Link>
        </>
      ) : orders.isPending ? (
        <LoadingStatus>
          <Trans id="dashboard:ticket.loading">Loading your ticket…</Trans>
        </LoadingStatus>
      ) : (
        <>
          <p className={styles.facts}>
            <Trans id="dashboard:ticket.none">You have no ticket valid this month or next.</Trans>
          </p>
          <Link href="/app/order" className={styles.showTicket}>
            {t({ id: 'dashboard:ticket.order', message: 'Order a ticket' })}
          </Link>
        </>
      )}
      {unavailable ? (
        <p className={caveat}>
          <Trans id="dashboard:ticket.unavailable">
            This browser does not let the portal keep your ticket for use without a connection (for example in a private window).
          </Trans>
        </p>
      ) : null}
    </section>
  );
}

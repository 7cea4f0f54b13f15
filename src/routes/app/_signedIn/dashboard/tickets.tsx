import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouteContext } from '@tanstack/react-router';

import { byDisplayedStatus, type DisplayedStatus, toOrderListItem } from '#src/domain/order-status';
import { formatMonth } from '#src/i18n/format';
import { isLocale } from '#src/i18n/locales';
import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import { PageHeading } from '#src/routes/-shell/page-heading';
import * as styles from './tickets.css';

export const Route = createFileRoute('/app/_signedIn/dashboard/tickets')({
  component: TicketsPage,
});

/**
 * My tickets: the customer's orders and subscriptions with their displayed status (SPEC.md 4.3),
 * sorted active, ordered, canceled, revoked. Ticket downloads, termination and pause come with the
 * tickets issue; this list is what an order lands in.
 */
function TicketsPage() {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'de-DE';
  const orders = useQuery({ ...queries.queryOptions('get', '/api/v2/order/orders'), select: (raw) => byDisplayedStatus(raw.map(toOrderListItem)) });

  return (
    <>
      <PageHeading>
        <Trans id="tickets:title">My tickets</Trans>
      </PageHeading>
      <p>
        <Link href="/app/dashboard">
          <Trans id="common:coming.back">Back to the overview</Trans>
        </Link>
      </p>
      {orders.isError ? (
        <Alert variant="destructive" title={t({ id: 'tickets:list.error.title', message: 'Your tickets cannot be loaded' })}>
          <Trans id="tickets:list.error.description">Please try again in a moment.</Trans>
        </Alert>
      ) : null}
      {orders.isPending ? (
        <p role="status">
          <Trans id="tickets:list.loading">Loading your tickets…</Trans>
        </p>
      ) : null}
      {orders.data && orders.data.length === 0 ? (
        <p>
          <Trans id="tickets:list.empty">You have no tickets yet.</Trans> <Link href="/app/order">{t({ id: 'tickets:list.order', message: 'Order a ticket' })}</Link>
        </p>
      ) : null}
      {orders.data && orders.data.length > 0 ? (
        <ul className={styles.list} aria-label={t({ id: 'tickets:list.label', message: 'Your orders and subscriptions' })}>
          {orders.data.map((order) => (
            <li key={order.id} className={styles.item} data-testid="order-item">
              <h2 className={styles.title}>
                {order.type === 'subscription' ? t({ id: 'tickets:list.subscription', message: 'Subscription' }) : t({ id: 'tickets:list.order.type', message: 'Order' })}{' '}
                {order.number}
              </h2>
              <p className={styles.status} data-status={order.status}>
                <StatusText status={order.status} />
              </p>
              <dl className={styles.details}>
                <dt>{t({ id: 'tickets:list.traveler', message: 'Traveler' })}</dt>
                <dd>
                  {order.travelerFirstName} {order.travelerLastName}
                </dd>
                {order.buyOn ? (
                  <>
                    <dt>{t({ id: 'tickets:list.start', message: 'From' })}</dt>
                    <dd>{formatMonth(order.buyOn, locale)}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function StatusText({ status }: { status: DisplayedStatus }) {
  switch (status) {
    case 'active':
      return <Trans id="tickets:status.active">Active</Trans>;
    case 'ordered':
      return <Trans id="tickets:status.ordered">Ordered</Trans>;
    case 'canceled':
      return <Trans id="tickets:status.canceled">Cancelled</Trans>;
    default:
      return <Trans id="tickets:status.revoked">Revoked</Trans>;
  }
}

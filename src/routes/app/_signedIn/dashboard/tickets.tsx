import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouteContext } from '@tanstack/react-router';

import { byDisplayedStatus, type DisplayedStatus, toOrderListItem } from '#src/domain/order-status';
import { formatDate, formatMonth } from '#src/i18n/format';
import { isLocale, type Locale } from '#src/i18n/locales';
import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import { PageHeading } from '#src/ui/page-heading';
import * as styles from './tickets.css';

export const Route = createFileRoute('/app/_signedIn/dashboard/tickets')({
  // The list's data is in the cache before the page renders (DESIGN.md 3); a failure is the page's
  // to show (its alert), not the router's error page.
  loader: async ({ context: { queryClient, queries } }) => {
    await queryClient.ensureQueryData(queries.queryOptions('get', '/api/v2/order/orders')).catch(() => undefined);
  },
  component: TicketsPage,
});

/**
 * My tickets: the customer's orders and subscriptions with their displayed status (SPEC.md 4.3),
 * sorted active, ordered, canceled, revoked. A terminated subscription shows its end date and, while
 * it can be withdrawn, a link to withdraw the termination (SPEC.md 4.4). Ticket downloads,
 * termination and pause come with the tickets issue; this list is what an order lands in.
 */
function TicketsPage() {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'de-DE';
  const orders = useQuery({
    ...queries.queryOptions('get', '/api/v2/order/orders'),
    select: (raw) => byDisplayedStatus(raw.map((order) => ({ ...toOrderListItem(order), subscriptionId: order.subscription_id ?? undefined }))),
  });

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
                {order.type === 'subscription' && order.subscriptionId ? <SubscriptionEnd subscriptionId={order.subscriptionId} locale={locale} /> : null}
              </dl>
              {order.type === 'subscription' && order.subscriptionId ? <WithdrawTerminationLink subscriptionId={order.subscriptionId} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The subscription (SPEC.md 3): its end date when it is terminated. */
function useSubscription(subscriptionId: string) {
  const { queries } = useRouteContext({ from: '__root__' });
  return useQuery(queries.queryOptions('get', '/api/v2/subscription/subscriptions/{id}', { params: { path: { id: subscriptionId } } })).data;
}

function SubscriptionEnd({ subscriptionId, locale }: { subscriptionId: string; locale: Locale }) {
  const subscription = useSubscription(subscriptionId);
  if (!subscription?.terminate_date) return null;
  return (
    <>
      <dt>
        <Trans id="tickets:list.until">Until</Trans>
      </dt>
      <dd>{formatDate(subscription.terminate_date, locale)}</dd>
    </>
  );
}

/** SPEC.md 4.4: the withdrawal is offered only while canWithdrawTermination is true. */
function WithdrawTerminationLink({ subscriptionId }: { subscriptionId: string }) {
  const subscription = useSubscription(subscriptionId);
  if (!subscription?.canWithdrawTermination) return null;
  return (
    <p className={styles.actions}>
      <Link href={`/app/dashboard/subscription/${encodeURIComponent(subscriptionId)}/withdraw-termination`} standalone>
        <Trans id="tickets:list.withdrawTermination">Withdraw termination</Trans>
      </Link>
    </p>
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

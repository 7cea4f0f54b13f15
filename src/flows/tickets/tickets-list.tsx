import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { byDisplayedStatus, toOrderListItem } from '#src/domain/order-status';
import { isLocale } from '#src/i18n/locales';
import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import { TicketEntry, type TicketEntryData } from './ticket-entry';
import * as styles from './tickets.css';
import { ordersQuery } from '#src/api/order-queries';
import { ticketsQuery } from './tickets.queries';

/**
 * "My tickets" (SPEC.md 2.2, 4.3): the customer's orders and subscriptions, sorted active, ordered,
 * canceled, revoked, each with what the customer can do with it. With none: a friendly way to order.
 */
export function TicketsList() {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'de-DE';
  const orders = useQuery({
    ...ordersQuery(queries),
    select: (raw) =>
      byDisplayedStatus(
        raw.map(
          (order): TicketEntryData => ({
            ...toOrderListItem(order),
            rawStatus: order.order_status,
            subscriptionId: order.subscription_id ?? undefined,
            monthlyPrice: order.monthly_price,
          }),
        ),
      ),
  });
  // Without the tickets the list still works: it offers no download or ticket until they are there.
  const tickets = useQuery(ticketsQuery(queries)).data ?? [];

  if (orders.isError) {
    return (
      <Alert variant="destructive" headingLevel={2} title={t({ id: 'tickets:list.error.title', message: 'Your tickets cannot be loaded' })}>
        <Trans id="tickets:list.error.description">Please try again in a moment.</Trans>
      </Alert>
    );
  }
  if (orders.isPending) {
    return (
      <p role="status">
        <Trans id="tickets:list.loading">Loading your tickets…</Trans>
      </p>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className={styles.empty} data-testid="tickets-empty">
        <h2>
          <Trans id="tickets:list.empty.title">You have no tickets yet</Trans>
        </h2>
        <p>
          <Trans id="tickets:list.empty.description">With a Deutschlandticket subscription you travel on local public transport all over Germany. Order it here in a few steps.</Trans>
        </p>
        <p>
          <Link href="/app/order" standalone>
            {t({ id: 'tickets:list.order', message: 'Order a ticket' })}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label={t({ id: 'tickets:list.label', message: 'Your orders and subscriptions' })}>
      {orders.data.map((entry) => (
        <TicketEntry key={entry.id} entry={entry} tickets={tickets} locale={locale} />
      ))}
    </ul>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';

import { byDisplayedStatus, toOrderListItem } from '#src/domain/order-status';
import { ticketsToOffer } from '#src/domain/ticket-actions';
import { useLocale } from '#src/i18n/use-locale';
import { LoadFailed } from '#src/ui/load-failed';
import { Button } from '#src/ui/button';
import { Link } from '#src/ui/link';
import { usePainted } from '#src/ui/use-painted';
import { TicketEntry, type TicketEntryData } from './ticket-entry';
import * as styles from './tickets.css';
import { ordersQuery } from '#src/api/queries/orders';
import { ticketsQuery } from '#src/api/queries/subscriptions';

/** How many entries the list shows at first, and how many more each "Show more" adds. */
export const ticketsPageSize = 20;

/**
 * "My tickets" (SPEC.md 2.2, 4.3): the customer's orders and subscriptions, sorted active, ordered,
 * canceled, revoked, each with what the customer can do with it. With none: a friendly way to order.
 *
 * A long list (issue 14: a customer with 500 orders) shows the first 20, the current ones, and a
 * "Show more" button for the next 20: every entry reads its subscription and payment method, so 500
 * at once were 800 requests and seconds of rendering. The button says how many are left; pressed,
 * it moves the focus to the first of the new entries, so a keyboard or screen reader user reads
 * on from there. The entries read their subscription and payment method once the list has painted
 * (they say "Loading…" until then): started within the list's first render, those 40 requests were
 * a third of the time until it showed (issue 14).
 */
export function TicketsList() {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const locale = useLocale();
  const orders = useQuery({
    ...ordersQuery(queries),
    select: (raw) =>
      byDisplayedStatus(
        raw.map((order): TicketEntryData => ({
          ...toOrderListItem(order),
          rawStatus: order.order_status,
          product: order.product,
          subscriptionId: order.subscription_id ?? undefined,
          monthlyPrice: order.monthly_price,
        })),
      ),
  });
  // Without the tickets the list still works: it offers no download or ticket until they are there.
  const tickets = useQuery(ticketsQuery(queries)).data;
  const offers = useMemo(() => ticketsToOffer(tickets ?? []), [tickets]);
  const readDetails = usePainted(orders.isSuccess);
  const [shown, setShown] = useState(ticketsPageSize);
  // The entry whose heading gets the focus after "Show more": the first one it added.
  const [focusFrom, setFocusFrom] = useState<number | undefined>(undefined);
  const firstAdded = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusFrom !== undefined) firstAdded.current?.focus();
  }, [focusFrom]);

  if (orders.isError) {
    return (
      <LoadFailed title={t({ id: 'tickets:list.error.title', message: 'Your tickets cannot be loaded' })} onRetry={() => void orders.refetch()}>
        <Trans id="tickets:list.error.description">Please try again in a moment.</Trans>
      </LoadFailed>
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
          <Trans id="tickets:list.empty.description">
            With a Deutschlandticket subscription you travel on local public transport all over Germany. Order it here in a few steps.
          </Trans>
        </p>
        <p>
          <Link href="/app/order" standalone>
            {t({ id: 'tickets:list.order', message: 'Order a ticket' })}
          </Link>
        </p>
      </div>
    );
  }
  const total = orders.data.length;
  const visible = orders.data.slice(0, shown);
  const left = total - visible.length;
  const next = Math.min(ticketsPageSize, left);
  return (
    <>
      <ul className={styles.list} aria-label={t({ id: 'tickets:list.label', message: 'Your orders and subscriptions' })}>
        {visible.map((entry, index) => (
          <TicketEntry
            key={entry.id}
            entry={entry}
            ticket={entry.subscriptionId ? offers.get(entry.subscriptionId) : undefined}
            readDetails={readDetails}
            locale={locale}
            headingRef={index === focusFrom ? firstAdded : undefined}
          />
        ))}
      </ul>
      {left > 0 ? (
        <div className={styles.more}>
          <p data-testid="tickets-shown">
            <Trans id="tickets:list.shown">
              Showing {visible.length} of {total}
            </Trans>
          </p>
          <Button
            variant="secondary"
            onPress={() => {
              setFocusFrom(visible.length);
              setShown(visible.length + ticketsPageSize);
            }}
          >
            {t({ id: 'tickets:list.showMore', message: `Show ${next} more` })}
          </Button>
        </div>
      ) : null}
    </>
  );
}

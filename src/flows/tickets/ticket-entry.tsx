import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { Ref } from 'react';

import type { components } from '#openapi/schema.gen';
import type { DisplayedStatus, OrderListItem } from '#src/domain/order-status';
import { isEnded, ticketActionsOf } from '#src/domain/ticket-actions';
import { formatDate, formatMonth, formatPrice } from '#src/i18n/format';
import type { Locale } from '#src/i18n/locales';
import { PaymentBadge } from './payment-badge';
import { TicketActionsList } from './ticket-actions-list';
import * as styles from './tickets.css';
import { subscriptionQuery } from '#src/api/queries/subscriptions';

type Ticket = components['schemas']['Ticket'];

export interface TicketEntryData extends OrderListItem {
  rawStatus: string;
  /** The product ordered (its rules decide the traveler change, SPEC.md 6.1). */
  product: string | undefined;
  subscriptionId: string | undefined;
  monthlyPrice: number | undefined;
}

/**
 * One order or subscription of "My tickets": number, status, traveler, period, monthly price, the
 * payment badge, and the actions its state allows (src/domain/ticket-actions.ts), no others.
 * `ticket` is the one it offers (`ticketsToOffer`); its subscription and payment method are read
 * once `readDetails` is true (what is in React Query's cache shows before).
 */
export function TicketEntry({
  entry,
  ticket,
  readDetails,
  locale,
  headingRef,
}: {
  entry: TicketEntryData;
  ticket: Ticket | undefined;
  readDetails: boolean;
  locale: Locale;
  headingRef?: Ref<HTMLHeadingElement> | undefined;
}) {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const subscription = useQuery({ ...subscriptionQuery(queries, entry.subscriptionId ?? ''), enabled: readDetails && entry.subscriptionId !== undefined }).data;
  const state = { orderStatus: entry.rawStatus, product: entry.product, hasSubscription: entry.subscriptionId !== undefined, subscription, ticket };
  const actions = ticketActionsOf(state);
  const ended = isEnded(state);
  const ids = { orderId: entry.id, subscriptionId: entry.subscriptionId, ticketId: ticket?.id };

  return (
    <li className={styles.item} data-testid="order-item" data-order={entry.number}>
      {/* Focusable by script (not by Tab): "Show more" of the list moves the focus to the first new entry. */}
      <h2 className={styles.title} ref={headingRef} tabIndex={-1}>
        {/* SPEC.md 4.3: a subscription only once fulfilled or terminated; a revoked one that had a subscription is an order. */}
        {entry.type === 'subscription'
          ? t({ id: 'tickets:list.subscription', message: 'Subscription' })
          : t({ id: 'tickets:list.order.type', message: 'Order' })}{' '}
        {entry.number}
      </h2>
      <p className={styles.status} data-status={entry.status}>
        <StatusText status={entry.status} />
      </p>
      {ended ? (
        <p className={styles.ended} data-testid="ended">
          {entry.subscriptionId ? (
            <Trans id="tickets:list.ended">This subscription has ended.</Trans>
          ) : (
            <Trans id="tickets:list.orderEnded">This order was not carried out.</Trans>
          )}
        </p>
      ) : null}
      <dl className={styles.details}>
        <dt>{t({ id: 'tickets:list.traveler', message: 'Traveler' })}</dt>
        <dd>
          {entry.travelerFirstName} {entry.travelerLastName}
        </dd>
        {entry.buyOn ? (
          <>
            <dt>{t({ id: 'tickets:list.start', message: 'From' })}</dt>
            <dd>{formatMonth(entry.buyOn, locale)}</dd>
          </>
        ) : null}
        {subscription?.terminate_date ? (
          <>
            <dt>
              <Trans id="tickets:list.until">Until</Trans>
            </dt>
            <dd>{formatDate(subscription.terminate_date, locale)}</dd>
          </>
        ) : null}
        {actions.includes('withdrawContract') && subscription?.withdrawableUntil ? (
          <>
            <dt>
              <Trans id="tickets:list.withdrawableUntil">Withdrawal possible until</Trans>
            </dt>
            <dd>{formatDate(subscription.withdrawableUntil, locale)}</dd>
          </>
        ) : null}
        {entry.monthlyPrice !== undefined ? (
          <>
            <dt>{t({ id: 'tickets:list.monthlyPrice', message: 'Monthly price' })}</dt>
            <dd>{formatPrice(entry.monthlyPrice, locale)}</dd>
          </>
        ) : null}
        <dt>{t({ id: 'tickets:list.payment', message: 'Payment method' })}</dt>
        <dd>
          <PaymentBadge orderId={entry.id} read={readDetails} />
        </dd>
      </dl>
      <TicketActionsList
        actions={actions}
        ids={ids}
        ticket={ticket}
        label={t({ id: 'tickets:list.actions', message: `What you can do with ${entry.number}` })}
      />
    </li>
  );
}

export function StatusText({ status }: { status: DisplayedStatus }) {
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

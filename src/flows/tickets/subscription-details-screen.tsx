import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { failureOf } from '#src/domain/failure';
import { isAlreadyCancelled } from '#src/domain/order-status';
import { ticketActionsOf, ticketToOffer } from '#src/domain/ticket-actions';
import { formatDate, formatPrice } from '#src/i18n/format';
import { useLocale } from '#src/i18n/use-locale';
import { BackLink, ticketsHref } from '#src/flows/back-link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { PaymentBadge } from './payment-badge';
import { useProductName } from '#src/i18n/product-name';
import { TicketActionsList } from './ticket-actions-list';
import * as styles from './tickets.css';
import { subscriptionDetailsQuery, ticketsQuery } from '#src/api/queries/subscriptions';
import { ordersQuery } from '#src/api/queries/orders';

/**
 * Subscription details (issue 10; GET .../details, SPEC.md 7.3): what a customer wants to know,
 * number, status, start, end when terminated, monthly price, traveler, billing name and the payment
 * badge, with the actions its state allows (src/domain/ticket-actions.ts). The route puts the heading above.
 */
export function SubscriptionDetailsScreen({ subscriptionId }: { subscriptionId: string }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const locale = useLocale();
  const productName = useProductName();
  const details = useQuery(subscriptionDetailsQuery(queries, subscriptionId));
  const orders = useQuery(ordersQuery(queries)).data;
  const tickets = useQuery(ticketsQuery(queries)).data ?? [];

  if (details.isPending) {
    return (
      <LoadingStatus>
        <Trans id="tickets:details.loading">Loading your subscription…</Trans>
      </LoadingStatus>
    );
  }
  if (details.isError) {
    const notFound = failureOf(details.error).status === 404;
    return (
      <LoadFailed
        title={
          notFound
            ? t({ id: 'tickets:details.notFound', message: 'This subscription does not exist' })
            : t({ id: 'tickets:details.error', message: 'Your subscription could not be loaded' })
        }
        onRetry={notFound ? undefined : () => void details.refetch()}
        back={<BackLink to={ticketsHref} />}
      >
        <Trans id="tickets:details.error.description">Your orders and subscriptions are in My tickets.</Trans>
      </LoadFailed>
    );
  }
  const data = details.data;
  const order = orders?.find((candidate) => candidate.id === data.orderId);
  const ticket = ticketToOffer(tickets, subscriptionId);
  const ended = isAlreadyCancelled(data.status);
  // The raw order status decides like in the list; until the list is there, the subscription's own state.
  const actions = ticketActionsOf({
    orderStatus: order?.order_status ?? (data.terminate_date ? 'terminated' : 'fulfilled'),
    product: data.product,
    hasSubscription: true,
    subscription: data,
    ticket,
  });
  const status = ended
    ? t({ id: 'tickets:details.status.ended', message: 'Ended' })
    : data.terminate_date
      ? t({ id: 'tickets:details.status.terminated', message: 'Terminated' })
      : data.status === 'paused'
        ? t({ id: 'tickets:details.status.paused', message: 'Paused this month' })
        : t({ id: 'tickets:status.active', message: 'Active' });

  return (
    <>
      <dl className={styles.details} data-testid="subscription-details">
        <dt>
          <Trans id="tickets:details.number">Subscription number</Trans>
        </dt>
        <dd>{data.subscriptionNumber}</dd>
        <dt>
          <Trans id="tickets:details.orderNumber">Order number</Trans>
        </dt>
        <dd>{data.orderNumber}</dd>
        <dt>
          <Trans id="tickets:details.product">Product</Trans>
        </dt>
        <dd>{productName(data.product)}</dd>
        <dt>
          <Trans id="tickets:details.status">Status</Trans>
        </dt>
        <dd data-status={ended ? 'ended' : data.terminate_date ? 'terminated' : data.status}>{status}</dd>
        <dt>
          <Trans id="tickets:details.start">Start</Trans>
        </dt>
        <dd>{formatDate(data.startsOn, locale)}</dd>
        {data.terminate_date ? (
          <>
            <dt>
              <Trans id="tickets:details.end">End</Trans>
            </dt>
            <dd>{formatDate(data.terminate_date, locale)}</dd>
          </>
        ) : null}
        {actions.includes('withdrawContract') && data.withdrawableUntil ? (
          <>
            <dt>
              <Trans id="tickets:list.withdrawableUntil">Withdrawal possible until</Trans>
            </dt>
            <dd>{formatDate(data.withdrawableUntil, locale)}</dd>
          </>
        ) : null}
        <dt>
          <Trans id="tickets:details.monthlyPrice">Monthly price</Trans>
        </dt>
        <dd>{formatPrice(data.monthlyPrice, locale)}</dd>
        <dt>
          <Trans id="tickets:details.traveler">Traveler</Trans>
        </dt>
        <dd>
          {data.traveler.firstName} {data.traveler.lastName}
        </dd>
        <dt>
          <Trans id="tickets:details.billingName">Billing name</Trans>
        </dt>
        <dd>
          {data.subscriber.firstName} {data.subscriber.lastName}
        </dd>
        <dt>
          <Trans id="tickets:details.payment">Payment method</Trans>
        </dt>
        <dd>
          <PaymentBadge orderId={data.orderId} />
        </dd>
      </dl>
      <TicketActionsList
        actions={actions.filter((action) => action !== 'details')}
        ids={{ orderId: data.orderId, subscriptionId, ticketId: ticket?.id }}
        ticket={ticket}
        label={t({ id: 'tickets:details.actions', message: `What you can do with ${data.subscriptionNumber}` })}
      />
      <p className={styles.notice}>
        <BackLink to={ticketsHref} />
      </p>
    </>
  );
}

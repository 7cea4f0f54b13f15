import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DialogTrigger } from 'react-aria-components';

import type { components } from '#openapi/schema.gen';
import { failureOf } from '#src/domain/failure';
import { isInstrumentEditable, paymentEditHref } from '#src/domain/payment-instrument';
import { instrumentBadge } from '#src/domain/payment-rules';
import { BackLink, ticketsHref } from '#src/flows/back-link';
import { ordersQuery } from '#src/api/queries/orders';
import { paymentInstrumentQuery } from '#src/api/queries/payment';
import { usePaymentInstrumentWords } from '#src/i18n/payment-instrument';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Badge } from '#src/ui/badge';
import { Button } from '#src/ui/button';
import { Icon } from '#src/ui/icon';
import { Link } from '#src/ui/link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { PopoverDialog } from '#src/ui/popover';
import * as styles from './payment-details.css';

type Instrument = components['schemas']['PaymentInstrument'];

/**
 * The payment details of an order (SPEC.md 2.3, 4.6; issue 12): the order number and its
 * instrument (kind, holder, masked IBAN or card number, expiry) with the badge of SPEC.md 4.6, and
 * the edit link to the payment edit page (SPEC.md 2.2). The employer's or university's instrument
 * cannot be changed here: the page says so and points to My data (SPEC.md 2.2, 6.1). No instrument
 * (404) says none is stored, with the edit link (SPEC.md 8 "Payment not found"); an order id the
 * customer does not have is not found, with the way back and no retry; a failing call shows the
 * error badge and a retry. The route puts the heading above.
 */
export function PaymentDetailsScreen({ orderId }: { orderId: string }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const orders = useQuery(ordersQuery(queries));
  const instrument = useQuery(paymentInstrumentQuery(queries, orderId));

  if (orders.isPending) return <Loading />;
  if (orders.isError) {
    return (
      <LoadFailed
        title={t({ id: 'payment:details.error', message: 'Your payment method could not be loaded' })}
        onRetry={() => {
          void orders.refetch();
          void instrument.refetch();
        }}
        back={<BackLink to={ticketsHref} />}
      >
        <Trans id="payment:details.error.description">Please try again in a moment.</Trans>
      </LoadFailed>
    );
  }
  const order = orders.data.find((candidate) => candidate.id === orderId);
  if (!order) {
    return (
      <LoadFailed title={t({ id: 'payment:details.orderNotFound', message: 'This order does not exist' })} back={<BackLink to={ticketsHref} />}>
        <Trans id="payment:details.orderNotFound.description">Your orders and subscriptions are in My tickets.</Trans>
      </LoadFailed>
    );
  }
  const orderNumber = order.order_number;
  const editLink = <EditLink href={paymentEditHref(orderNumber, orderId)} />;

  if (instrument.isPending) return <Loading />;
  if (instrument.isError) {
    if (failureOf(instrument.error).status === 404) {
      return (
        <>
          <Details orderNumber={orderNumber}>
            <NoInstrument />
          </Details>
          <Alert className={notice} headingLevel={2} title={<Trans id="payment:details.notFound.title">No payment method stored</Trans>}>
            <Trans id="payment:details.notFound.description">No payment method is stored for this order yet.</Trans>
          </Alert>
          <ActionRow>
            {editLink}
            <BackLink to={ticketsHref} />
          </ActionRow>
        </>
      );
    }
    return (
      <>
        <Details orderNumber={orderNumber}>
          <FailedBadge />
        </Details>
        <LoadFailed
          title={t({ id: 'payment:details.instrumentError', message: 'Your payment method cannot be checked right now' })}
          onRetry={() => void instrument.refetch()}
          canRetry={!instrument.isFetching}
          back={<BackLink to={ticketsHref} />}
        >
          <Trans id="payment:details.error.description">Please try again in a moment.</Trans>
        </LoadFailed>
      </>
    );
  }

  const data = instrument.data;
  const editable = isInstrumentEditable(data.paymentInstrumentType);
  return (
    <>
      <Details orderNumber={orderNumber} instrument={data} />
      <StatusHint instrument={data} />
      {editable && data.locked ? (
        <>
          <LockedNotice reason={data.lockedReason} />
          <ActionRow>
            <BackLink to={ticketsHref} />
          </ActionRow>
        </>
      ) : editable ? (
        <ActionRow>
          {editLink}
          <BackLink to={ticketsHref} />
        </ActionRow>
      ) : (
        <>
          <p className={styles.text} data-testid="payment-not-editable">
            <Trans id="payment:details.notEditable">
              This payment method belongs to your employer or university and cannot be changed here. Your employer or university, or our customer service, can
              tell you more.
            </Trans>
          </p>
          <ActionRow>
            <Link href="/app/dashboard/account" standalone>
              <Trans id="payment:details.toAccount">Go to my data</Trans>
            </Link>
            <BackLink to={ticketsHref} />
          </ActionRow>
        </>
      )}
    </>
  );
}

function Loading() {
  return (
    <LoadingStatus>
      <Trans id="payment:details.loading">Loading your payment method…</Trans>
    </LoadingStatus>
  );
}

/** The edit icon of SPEC.md 2.3, a link with its name in words (the pencil is decorative). */
function EditLink({ href }: { href: string }) {
  return (
    <Link href={href} standalone className={styles.edit} data-testid="payment-edit">
      <Icon name="edit" />
      <Trans id="payment:details.edit">Change payment method</Trans>
    </Link>
  );
}

/**
 * SPEC.md 6.1: the operator locked the card, so there is no edit link. With the operator's
 * explanation, an info button opens it in a popover (Enter opens, Escape closes, focus returns to
 * the button); the explanation is the operator's German text, shown as is (decision 32). Without
 * one, a plain sentence says that it cannot be changed.
 */
function LockedNotice({ reason }: { reason: string | undefined }) {
  const { t } = useLingui();
  return (
    <p className={`${styles.text} ${styles.locked}`} data-testid="payment-locked">
      <Trans id="payment:details.locked">This payment method is locked and cannot be changed at the moment.</Trans>{' '}
      {reason ? (
        <DialogTrigger>
          <Button variant="text" size="sm" className={styles.lockedInfo}>
            <Icon name="info" />
            <Trans id="payment:details.locked.why">Why is it locked?</Trans>
          </Button>
          <PopoverDialog title={t({ id: 'payment:details.locked.title', message: 'Why this payment method is locked' })} placement="bottom start">
            <p lang="de" className={styles.lockedReason}>
              {reason}
            </p>
          </PopoverDialog>
        </DialogTrigger>
      ) : (
        <Trans id="payment:details.locked.noReason">Our customer service can tell you more.</Trans>
      )}
    </p>
  );
}

function NoInstrument() {
  const words = usePaymentInstrumentWords();
  return <>{words.none}</>;
}

function FailedBadge() {
  const words = usePaymentInstrumentWords();
  return (
    <span data-testid="payment-badge">
      <Badge variant="error">{words.failed}</Badge>
    </span>
  );
}

function Row({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The order number and, once read, the instrument's fields; `children` stands in for the instrument when there is none. */
function Details({ orderNumber, instrument, children }: { orderNumber: string; instrument?: Instrument; children?: ReactNode }) {
  const words = usePaymentInstrumentWords();
  return (
    <dl className={styles.details} data-testid="payment-details">
      <Row term={<Trans id="payment:details.orderNumber">Order number</Trans>}>{orderNumber}</Row>
      <Row term={<Trans id="payment:details.method">Payment method</Trans>}>
        {instrument ? (
          <span data-testid="payment-badge">
            {words.kind(instrument.paymentInstrumentType)}{' '}
            <Badge variant={instrumentBadge(instrument.instrumentStatus)}>{words.status(instrument.instrumentStatus)}</Badge>
          </span>
        ) : (
          children
        )}
      </Row>
      {instrument?.accountHolder ? (
        <Row
          term={
            instrument.paymentInstrumentType === 'CREDITCARD' ? (
              <Trans id="payment:details.cardHolder">Cardholder</Trans>
            ) : (
              <Trans id="payment:details.holder">Account holder</Trans>
            )
          }
        >
          {instrument.accountHolder}
        </Row>
      ) : null}
      {instrument?.iban ? <Row term={<Trans id="payment:details.iban">IBAN</Trans>}>{instrument.iban}</Row> : null}
      {instrument?.bic ? <Row term={<Trans id="payment:details.bic">BIC</Trans>}>{instrument.bic}</Row> : null}
      {instrument?.issuer ? <Row term={<Trans id="payment:details.issuer">Card</Trans>}>{instrument.issuer}</Row> : null}
      {instrument?.number ? <Row term={<Trans id="payment:details.cardNumber">Card number</Trans>}>{instrument.number}</Row> : null}
      {instrument?.validity ? <Row term={<Trans id="payment:details.validity">Valid until</Trans>}>{instrument.validity}</Row> : null}
    </dl>
  );
}

/** What an error badge means for the customer, and what to do (SPEC.md 4.6). */
function StatusHint({ instrument }: { instrument: Instrument }) {
  switch (instrument.instrumentStatus) {
    case 'Expired':
      return (
        <p className={styles.text}>
          <Trans id="payment:details.hint.expired">This payment method has expired. Please enter a new one so that we can collect your next payments.</Trans>
        </p>
      );
    case 'PaymentFailed':
      return (
        <p className={styles.text}>
          <Trans id="payment:details.hint.paymentFailed">The last payment with this payment method failed. Please check it or enter a new one.</Trans>
        </p>
      );
    case 'SecurityCheckPending':
      return (
        <p className={styles.text}>
          <Trans id="payment:details.hint.securityCheckPending">
            The security check of this payment method is not finished yet. If it does not complete, please enter the payment method again.
          </Trans>
        </p>
      );
    default:
      return null;
  }
}

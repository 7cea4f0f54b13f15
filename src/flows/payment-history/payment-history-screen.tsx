import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { formatDate, formatPrice } from '#src/i18n/format';
import type { Locale } from '#src/i18n/locales';
import { useLocale } from '#src/i18n/use-locale';
import { BackLink, overviewHref } from '#src/flows/back-link';
import { Badge } from '#src/ui/badge';
import { Link } from '#src/ui/link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { groupPayments, type Payment, type PaymentGroup } from './payment-groups';
import * as styles from './payment-history.css';
import { paymentAccountQuery, paymentsQuery } from '#src/api/queries/payment';

/**
 * The payment history (SPEC.md 7.4; issue 12, item 3): the customer's payments per subscription
 * (or per order while there is none), each with its due date, amount, status in words (a failed one
 * with an error badge) and method, the newest first; the customer number of the payment account
 * above them. No payments: says so. The payments cannot be loaded: the alert with "Try again" and
 * the way back. The account is extra: when it fails, the customer number is left out. The route
 * puts the heading above.
 */
export function PaymentHistoryScreen() {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const locale = useLocale();
  const payments = useQuery(paymentsQuery(queries));
  const account = useQuery(paymentAccountQuery(queries));

  if (payments.isPending) {
    return (
      <LoadingStatus>
        <Trans id="payments:loading">Loading your payments…</Trans>
      </LoadingStatus>
    );
  }
  if (payments.isError) {
    return (
      <LoadFailed
        title={t({ id: 'payments:error', message: 'Your payments could not be loaded' })}
        onRetry={() => void payments.refetch()}
        canRetry={!payments.isFetching}
        back={<BackLink to={overviewHref} standalone={false} />}
      >
        <Trans id="payments:error.description">Please try again in a moment.</Trans>
      </LoadFailed>
    );
  }

  const groups = groupPayments(payments.data);
  return (
    <>
      <p>
        <BackLink to={overviewHref} standalone={false} />
      </p>
      {account.data ? (
        <dl className={styles.account} data-testid="payment-account">
          <dt>
            <Trans id="payments:account.customerNumber">Customer number</Trans>
          </dt>
          <dd>{account.data.customerNumber}</dd>
        </dl>
      ) : null}
      {groups.length === 0 ? (
        <div className={styles.empty} data-testid="payments-empty">
          <p>
            <Trans id="payments:empty">You have no payments yet.</Trans>
          </p>
          <p>
            <Trans id="payments:empty.text">As soon as a monthly amount of one of your subscriptions is due, you will find it here.</Trans>
          </p>
          <p>
            <Link href="/app/dashboard/tickets">
              <Trans id="payments:empty.tickets">Go to my tickets</Trans>
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className={styles.intro}>
            <Trans id="payments:intro">Your monthly payments for each subscription, the newest first.</Trans>
          </p>
          {groups.map((group) => (
            <PaymentGroupSection key={group.number} group={group} locale={locale} />
          ))}
        </>
      )}
    </>
  );
}

function PaymentGroupSection({ group, locale }: { group: PaymentGroup; locale: Locale }) {
  const { t } = useLingui();
  const headingId = `payments-${group.number}`;
  const number = group.number;
  return (
    <section className={styles.group} aria-labelledby={headingId} data-testid="payment-group" data-number={group.number}>
      <h2 id={headingId} className={styles.groupTitle}>
        {group.kind === 'subscription'
          ? t({ id: 'payments:group.subscription', message: `Subscription ${number}` })
          : t({ id: 'payments:group.order', message: `Order ${number}` })}
      </h2>
      <table role="table" className={styles.table} aria-labelledby={headingId}>
        <colgroup>
          <col className={styles.dateColumn} />
          <col className={styles.amountColumn} />
          <col className={styles.statusColumn} />
          <col />
        </colgroup>
        <thead role="rowgroup" className={styles.head}>
          <tr role="row">
            <th role="columnheader" scope="col">
              <Trans id="payments:column.dueDate">Due date</Trans>
            </th>
            <th role="columnheader" scope="col" className={styles.amount}>
              <Trans id="payments:column.amount">Amount</Trans>
            </th>
            <th role="columnheader" scope="col">
              <Trans id="payments:column.status">Status</Trans>
            </th>
            <th role="columnheader" scope="col">
              <Trans id="payments:column.method">Payment method</Trans>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {group.payments.map((payment) => (
            <tr role="row" key={payment.id} className={styles.row} data-testid="payment" data-status={payment.status}>
              <td role="cell" className={styles.date}>
                {formatDate(payment.dueDate, locale)}
              </td>
              <td role="cell" className={styles.amount}>
                {formatPrice(payment.amount, locale)}
              </td>
              <td role="cell">
                <PaymentStatus status={payment.status} />
              </td>
              <td role="cell">
                <PaymentMethod type={payment.paymentInstrumentType} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PaymentStatus({ status }: { status: Payment['status'] }) {
  const { t } = useLingui();
  if (status === 'failed') return <Badge variant="error">{t({ id: 'payments:status.failed', message: 'Failed' })}</Badge>;
  return (
    <>
      {
        {
          open: t({ id: 'payments:status.open', message: 'Open' }),
          paid: t({ id: 'payments:status.paid', message: 'Paid' }),
          refunded: t({ id: 'payments:status.refunded', message: 'Refunded' }),
        }[status]
      }
    </>
  );
}

function PaymentMethod({ type }: { type: Payment['paymentInstrumentType'] }) {
  const { t } = useLingui();
  return (
    <>
      {
        {
          BANKACCOUNT: t({ id: 'payments:method.bankAccount', message: 'Direct debit' }),
          CREDITCARD: t({ id: 'payments:method.creditCard', message: 'Credit card' }),
          TDX_Instrument: t({ id: 'payments:method.tdx', message: 'Via your employer or university' }),
        }[type]
      }
    </>
  );
}

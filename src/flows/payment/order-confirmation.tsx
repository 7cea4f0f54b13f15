import { Trans } from '@lingui/react/macro';

import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import * as styles from './payment.css';

export interface OrderConfirmationProps {
  orderNumber: string | undefined;
  /** Shown as the payment's success step: the payment was just recorded. */
  paid?: boolean;
}

/** The order confirmation's page heading, which its page puts above it. */
export function OrderConfirmationTitle() {
  return <Trans id="order:confirmation.title">Thank you for your order</Trans>;
}

/**
 * The order confirmation (SPEC.md 2.3) in three parts: email sent, account verification, ticket
 * available. Each says only what works today (issue 13, item 5): the verification mail's link
 * confirms the address (/actions/verify-email, issue 11), the tickets list shows the order's
 * status. It is the page after an order without payment (/app/order/confirmation) and the success
 * step of the payment after an order (SPEC.md 4.6); each puts `OrderConfirmationTitle` above it.
 */
export function OrderConfirmation({ orderNumber, paid = false }: OrderConfirmationProps) {
  return (
    <>
      {orderNumber ? (
        <p>
          <Trans id="order:confirmation.orderNumber">
            Your order number: <strong data-testid="order-number">{orderNumber}</strong>
          </Trans>
        </p>
      ) : null}
      {paid ? (
        <Alert
          variant="success"
          headingLevel={2}
          announce
          className={styles.notice}
          title={<Trans id="payment:success.title">Your payment details have been saved</Trans>}
        >
          <Trans id="payment:success.text">The first amount will be collected with the payment method you chose.</Trans>
        </Alert>
      ) : null}
      <ol className={styles.parts}>
        <li className={styles.part}>
          <h2 className={styles.partTitle}>
            <Trans id="order:confirmation.email.title">Confirmation sent by email</Trans>
          </h2>
          <p>
            <Trans id="order:confirmation.email.text">
              We have sent you an email with the details of your order. If it has not arrived, please check your spam folder.
            </Trans>
          </p>
        </li>
        <li className={styles.part}>
          <h2 className={styles.partTitle}>
            <Trans id="order:confirmation.address.title">Confirming your email address</Trans>
          </h2>
          <p>
            <Trans id="order:confirmation.address.confirmByLink">
              If you created your account with this order, we have also sent you an email to confirm your address. Please open the link in that email: it
              confirms your address. If the link has expired, the page it opens sends you a new one.
            </Trans>
          </p>
        </li>
        <li className={styles.part}>
          <h2 className={styles.partTitle}>
            <Trans id="order:confirmation.ticket.title">Your ticket</Trans>
          </h2>
          <p>
            <Trans id="order:confirmation.ticket.status">Under My tickets you can see your order and its status.</Trans>
          </p>
          <Link href="/app/dashboard/tickets" className={styles.partLink}>
            <Trans id="order:confirmation.ticket.link">Go to my tickets</Trans>
          </Link>
        </li>
      </ol>
    </>
  );
}

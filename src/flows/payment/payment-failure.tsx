import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';

import type { FailureView } from '#machines/payment/payment.selectors';
import { BackLink, overviewHref } from '#src/flows/back-link';
import { Button } from '#src/ui/button';
import * as styles from './payment.css';

/** The payment failure's page heading, which its page puts above it. */
export function PaymentFailureTitle() {
  return <Trans id="payment:failure.title">The payment did not go through</Trans>;
}

/**
 * The payment failure view (SPEC.md 8): payment:failure.description, plus payment:shop.failure.text
 * after a shop error (a 500). Retry only when the machine's guard allows it: not a shop error and
 * an order number exists. Retry starts the payment of that order again: in the payment screen it is
 * the flow's `payment.retry` (`onRetry`); on the failure page, which has no flow, a new payment page.
 * The payment screen's failed step and the failure page each put `PaymentFailureTitle` above it.
 */
export function PaymentFailure({ view, onRetry }: { view: FailureView; onRetry?: () => void }) {
  const navigate = useNavigate();
  const { orderNumber } = view;
  return (
    <>
      <p>
        <Trans id="payment:failure.description">Your payment could not be completed. No money has been taken.</Trans>
      </p>
      {view.hasShopError ? (
        <p>
          <Trans id="payment:shop.failure.text">
            Our shop could not process the payment. Please do not try again right now; our customer service will contact you if needed.
          </Trans>
        </p>
      ) : null}
      <div className={styles.actions}>
        {view.canRetry && orderNumber !== undefined ? (
          <Button variant="primary" onPress={onRetry ?? (() => void navigate({ to: '/app/payment/$orderNumber', params: { orderNumber } }))}>
            <Trans id="payment:failure.retry">Try again</Trans>
          </Button>
        ) : null}
        <BackLink to={overviewHref} />
      </div>
    </>
  );
}

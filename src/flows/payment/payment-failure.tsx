import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';

import type { FailureView } from '#machines/payment/payment.selectors';
import { Button } from '#src/ui/button';
import { Link } from '#src/ui/link';
import { PageHeading } from '#src/ui/page-heading';
import * as styles from './payment.css';

/**
 * The payment failure view (SPEC.md 8): payment:failure.description, plus payment:shop.failure.text
 * after a shop error (a 500). Retry only when the machine's guard allows it: not a shop error and
 * an order number exists. Retry starts the payment of that order again: in the payment screen it is
 * the flow's `payment.retry` (`onRetry`); on the failure page, which has no flow, a new payment page.
 */
export function PaymentFailure({ view, onRetry }: { view: FailureView; onRetry?: () => void }) {
  const navigate = useNavigate();
  const { orderNumber } = view;
  return (
    <>
      <PageHeading>
        <Trans id="payment:failure.title">The payment did not go through</Trans>
      </PageHeading>
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
        <Link href="/app/dashboard" standalone>
          <Trans id="payment:failure.back">Back to the overview</Trans>
        </Link>
      </div>
    </>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useRouteContext } from '@tanstack/react-router';

import type { PaymentVariant, ProviderResult } from '#machines/payment/payment.machine';
import type { PaymentView } from '#machines/payment/payment.selectors';
import { isAllowedFrameUrl } from '#src/config/runtime-config';
import { Alert } from '#src/ui/alert';
import { DonePage } from '#src/ui/done-page';
import { PageHeading } from '#src/ui/page-heading';
import { useStepFocus } from '#src/ui/use-step-focus';
import { BackLabel, paymentDetailsHref, ticketsHref } from '#src/flows/back-link';
import { OrderConfirmation, OrderConfirmationTitle } from './order-confirmation';
import { PaymentFailure, PaymentFailureTitle } from './payment-failure';
import * as styles from './payment.css';
import { usePayment } from './use-payment';

export interface PaymentScreenProps {
  variant: PaymentVariant;
  orderNumber: string;
  orderId: string | undefined;
  /** The provider's result when this page load is its return (from the route's query). */
  providerResult: ProviderResult | undefined;
}

/**
 * The payment screen (SPEC.md 4.6): after an order (`order`) or as a change of the payment
 * instrument (`edit`). It renders the flow's view and sends its events, nothing else: where a
 * failure leads (the failure page after an order) is the machine's `showFailurePage`.
 */
export function PaymentScreen(input: PaymentScreenProps) {
  const { view, send } = usePayment(input);

  // SPEC.md 4.8: every step change scrolls to the top, and the new step's heading takes focus.
  useStepFocus(view.step);

  return <PaymentStep view={view} variant={input.variant} onRetry={() => send({ type: 'payment.retry' })} />;
}

/** The provider's page in the frame (SPEC.md 4.6: 1700 px high), only from an allowed origin. */
function ProviderFrame({ frameUrl, frameHeightPx }: { frameUrl: string; frameHeightPx: number }) {
  const { config } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  // Defence in depth: the machine only gets here with an allowed URL; the frame checks again.
  const src = isAllowedFrameUrl(frameUrl, config.paymentFrameOrigins, window.location.origin) ? frameUrl : undefined;
  return (
    <iframe
      className={styles.frame}
      title={t({ id: 'payment:frame.title', message: 'Payment form of our payment provider' })}
      src={src}
      height={frameHeightPx}
      referrerPolicy="strict-origin-when-cross-origin"
      allow="payment"
    />
  );
}

/** One step of the payment as the selectors describe it (rendered alone in the component tests). */
export function PaymentStep({ view, variant, onRetry }: { view: PaymentView; variant: PaymentVariant; onRetry: () => void }) {
  const title = variant === 'order' ? <Trans id="payment:title">Payment</Trans> : <Trans id="payment:edit.title">Change payment method</Trans>;

  switch (view.step) {
    case 'loading':
      return (
        <>
          <PageHeading>{title}</PageHeading>
          <p role="status">
            {view.phase === 'confirming' ? (
              <Trans id="payment:loading.confirming">Confirming your payment…</Trans>
            ) : (
              <Trans id="payment:loading.preparing">Preparing the payment form…</Trans>
            )}
          </p>
        </>
      );
    case 'provider':
      return (
        <>
          <PageHeading>{title}</PageHeading>
          <p className={styles.intro}>
            {variant === 'order' ? (
              <Trans id="payment:frame.intro">
                Choose how you want to pay. You enter your payment details on the secure page of our payment provider; afterwards you come back here
                automatically.
              </Trans>
            ) : (
              <Trans id="payment:edit.frame.intro">
                Enter your new payment method on the secure page of our payment provider. Nothing is charged now; future payments use the new method.
              </Trans>
            )}
          </p>
          <ProviderFrame frameUrl={view.frameUrl} frameHeightPx={view.frameHeightPx} />
        </>
      );
    case 'succeeded':
      if (view.kind === 'order') {
        return (
          <>
            <PageHeading>
              <OrderConfirmationTitle />
            </PageHeading>
            <OrderConfirmation orderNumber={view.orderNumber} paid />
          </>
        );
      }
      return (
        <DonePage
          title={<Trans id="payment:edit.success.title">Your payment method has been changed</Trans>}
          linkHref="/app/dashboard/tickets"
          linkLabel={<Trans id="payment:edit.success.link">Go to my tickets</Trans>}
        >
          <Alert variant="success" headingLevel={2} announce className={styles.notice} title={<Trans id="payment:edit.success.alert">Saved</Trans>}>
            <Trans id="payment:edit.success.text">From now on we collect your payments with the new payment method.</Trans>
          </Alert>
        </DonePage>
      );
    case 'notFound': {
      if (view.missing === 'order') {
        // No order with this number: the tickets list has every order with its payment; no retry.
        return (
          <DonePage title={<Trans id="payment:notFound.title">Payment not found</Trans>} linkHref={ticketsHref} linkLabel={<BackLabel to={ticketsHref} />}>
            <p>
              <Trans id="payment:notFound.order.description">
                Your account has no order with the number {view.orderNumber}. In My tickets you find each of your orders with its payment method and the way to
                change it.
              </Trans>
            </p>
          </DonePage>
        );
      }
      const href =
        view.variant === 'order'
          ? `/app/payment/${encodeURIComponent(view.orderNumber)}`
          : `/app/payment/edit/${encodeURIComponent(view.orderNumber)}?${new URLSearchParams({ ...(view.orderId ? { orderId: view.orderId } : {}), orderNumber: view.orderNumber })}`;
      return (
        <DonePage
          title={<Trans id="payment:notFound.title">Payment not found</Trans>}
          linkHref={href}
          linkLabel={<Trans id="payment:notFound.link">Enter the payment details again</Trans>}
        >
          <p>
            <Trans id="payment:notFound.description">We could not find this payment. The link may be out of date, or the payment was not completed.</Trans>
          </p>
        </DonePage>
      );
    }
    case 'notEditable':
      // Not a failed payment: this payment method is not the customer's to change here (SPEC.md 6.1).
      return (
        <DonePage
          title={<Trans id="payment:notEditable.title">This payment method cannot be changed here</Trans>}
          linkHref="/app/dashboard/account"
          linkLabel={<Trans id="payment:notEditable.link">Go to my data</Trans>}
        >
          <p>
            <Trans id="payment:notEditable.description">
              The ticket of order {view.orderNumber} is paid through your employer or university, so its payment method cannot be changed in the portal. Your
              employer or university, or our customer service, can tell you more. My data shows your ticket and how to reach us.
            </Trans>
          </p>
        </DonePage>
      );
    case 'locked':
      // Not a failed payment: the operator locked this payment method (SPEC.md 6.1, decision 32).
      return (
        <DonePage
          title={<Trans id="payment:locked.title">This payment method is locked</Trans>}
          linkHref={view.orderId ? paymentDetailsHref(view.orderId) : ticketsHref}
          linkLabel={<Trans id="payment:locked.link">Go to the payment details</Trans>}
        >
          <p>
            <Trans id="payment:locked.description">
              The payment method of order {view.orderNumber} has been locked, so it cannot be changed at the moment. The payment details say why, where a reason
              was given; our customer service can help.
            </Trans>
          </p>
        </DonePage>
      );
    case 'failed':
      // In an edit the failure stays here; after an order the machine goes on to the failure page.
      return (
        <>
          <PageHeading>
            <PaymentFailureTitle />
          </PageHeading>
          <PaymentFailure view={view} onRetry={onRetry} />
        </>
      );
  }
}

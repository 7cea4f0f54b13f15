import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';

import type { PaymentVariant, ProviderResult } from '#machines/payment/payment.machine';
import { type PaymentView, selectPaymentView } from '#machines/payment/payment.selectors';
import { isAllowedFrameUrl } from '#src/config/runtime-config';
import { resolveProduct } from '#src/domain/product';
import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import { inspection } from '../inspector';
import type { HeadingComponent } from './heading';
import { OrderConfirmation } from './order-confirmation';
import { providePaymentMachine } from './payment-actors';
import { PaymentFailure } from './payment-failure';
import * as styles from './payment.css';

export interface PaymentFlowProps {
  variant: PaymentVariant;
  orderNumber: string;
  orderId: string | undefined;
  /** The provider's result when this page load is its return (from the route's query). */
  providerResult: ProviderResult | undefined;
  heading: HeadingComponent;
}

const sameView = (a: PaymentView, b: PaymentView) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The payment screen (SPEC.md 4.6): after an order (`order`) or as a change of the payment
 * instrument (`edit`). One machine per mount; the route keys the flow by its order number.
 */
export function PaymentFlow({ variant, orderNumber, orderId, providerResult, heading: PageHeading }: PaymentFlowProps) {
  const context = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const { t, i18n } = useLingui();

  const [machine] = useState(() =>
    providePaymentMachine({
      api: context.api,
      queries: context.queries,
      queryClient: context.queryClient,
      config: context.config,
      portalOrigin: window.location.origin,
      // Read when the payment is posted, in the language shown then (i18n is the one active instance).
      productText: (productId) => i18n._(productTexts[resolveProduct(productId).name]),
    }),
  );
  const actor = useActorRef(machine, { ...inspection(), input: { variant, orderNumber, orderId, providerResult } });
  const view = useSelector(actor, selectPaymentView, sameView);

  // The provider's return while this flow is already showing the frame (the route's query changed).
  useEffect(() => {
    if (providerResult && actor.getSnapshot().matches('showingProvider')) actor.send({ type: 'payment.returned', result: providerResult });
  }, [actor, providerResult]);

  // After an order a failure goes to the failure page (SPEC.md 4.6); a 503 goes to /maintenance instead.
  const failedAfterOrder = view.step === 'failed' && variant === 'order' && view.status !== 503;
  const failedOrderNumber = view.step === 'failed' ? view.orderNumber : undefined;
  const hasShopError = view.step === 'failed' && view.hasShopError;
  useEffect(() => {
    if (!failedAfterOrder) return;
    void navigate({ to: '/app/payment/failure', search: { ...(failedOrderNumber ? { orderNumber: failedOrderNumber } : {}), hasShopError }, replace: true });
  }, [failedAfterOrder, failedOrderNumber, hasShopError, navigate]);

  // SPEC.md 4.8: every step change scrolls to the top, and the new step's heading takes focus.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('[data-page-heading]')?.focus({ preventScroll: true });
  }, [view.step]);

  const title =
    variant === 'order' ? <Trans id="payment:title">Payment</Trans> : <Trans id="payment:edit.title">Change payment method</Trans>;

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
    case 'provider': {
      // Defence in depth: the machine only gets here with an allowed URL; the frame checks again.
      const src = isAllowedFrameUrl(view.frameUrl, context.config.paymentFrameOrigins, window.location.origin) ? view.frameUrl : undefined;
      return (
        <>
          <PageHeading>{title}</PageHeading>
          <p className={styles.intro}>
            {variant === 'order' ? (
              <Trans id="payment:frame.intro">
                Choose how you want to pay. You enter your payment details on the secure page of our payment provider; afterwards you come back here automatically.
              </Trans>
            ) : (
              <Trans id="payment:edit.frame.intro">
                Enter your new payment method on the secure page of our payment provider. Nothing is charged now; future payments use the new method.
              </Trans>
            )}
          </p>
          <iframe
            className={styles.frame}
            title={t({ id: 'payment:frame.title', message: 'Payment form of our payment provider' })}
            src={src}
            height={view.frameHeightPx}
            referrerPolicy="strict-origin-when-cross-origin"
            allow="payment"
          />
        </>
      );
    }
    case 'succeeded':
      if (view.kind === 'order') return <OrderConfirmation orderNumber={view.orderNumber} paid heading={PageHeading} />;
      return (
        <>
          <PageHeading>
            <Trans id="payment:edit.success.title">Your payment method has been changed</Trans>
          </PageHeading>
          <Alert variant="success" headingLevel={2} announce className={styles.notice} title={<Trans id="payment:edit.success.alert">Saved</Trans>}>
            <Trans id="payment:edit.success.text">From now on we collect your payments with the new payment method.</Trans>
          </Alert>
          <p>
            <Link href="/app/dashboard/tickets" standalone>
              <Trans id="payment:edit.success.link">Go to my tickets</Trans>
            </Link>
          </p>
        </>
      );
    case 'notFound': {
      const href =
        view.variant === 'order'
          ? `/app/payment/${encodeURIComponent(view.orderNumber)}`
          : `/app/payment/edit/${encodeURIComponent(view.orderNumber)}?${new URLSearchParams({ ...(view.orderId ? { orderId: view.orderId } : {}), orderNumber: view.orderNumber })}`;
      return (
        <>
          <PageHeading>
            <Trans id="payment:notFound.title">Payment not found</Trans>
          </PageHeading>
          <p>
            <Trans id="payment:notFound.description">
              We could not find this payment. The link may be out of date, or the payment was not completed.
            </Trans>
          </p>
          <p>
            <Link href={href} standalone>
              <Trans id="payment:notFound.link">Enter the payment details again</Trans>
            </Link>
          </p>
        </>
      );
    }
    case 'failed':
      // After an order the failure page takes over (see above); until then, and in an edit, the view is here.
      return <PaymentFailure view={view} heading={PageHeading} />;
  }
}

/** SPEC.md 3: productText is the product name as shown to the customer. */
const productTexts = {
  deuti: msg({ id: 'payment:productText.deuti', message: 'Germany ticket' }),
  joti: msg({ id: 'payment:productText.joti', message: 'Job ticket' }),
  seti: msg({ id: 'payment:productText.seti', message: 'Semester ticket' }),
};

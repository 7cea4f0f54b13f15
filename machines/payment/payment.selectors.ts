import type { SnapshotFrom } from 'xstate';

import { initialPaymentContext, type PaymentErrorCode, paymentFrameHeightPx, paymentMachine, type PaymentVariant } from './payment.machine';

/** Snapshot -> view model of the payment screens. The screens render this, nothing else. */

type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export interface FailureView {
  step: 'failed';
  /** SPEC.md 8: payment:shop.failure.text is added when true. */
  hasShopError: boolean;
  /** SPEC.md 8: retry only when it is not a shop error and an order number exists. */
  canRetry: boolean;
  orderNumber: string | undefined;
  code: PaymentErrorCode | undefined;
  status: number | undefined;
}

export type PaymentView =
  | { step: 'loading'; phase: 'preparing' | 'confirming' }
  | { step: 'provider'; frameUrl: string; frameHeightPx: number }
  | { step: 'succeeded'; kind: 'order'; orderNumber: string }
  | { step: 'succeeded'; kind: 'change'; orderNumber: string }
  /**
   * `order`: the customer has no order with this number (the link goes to the tickets). `payment`:
   * the order is there, but no payment matches the provider's result (the link enters it again).
   */
  | { step: 'notFound'; missing: 'order' | 'payment'; variant: PaymentVariant; orderNumber: string; orderId: string | undefined }
  | { step: 'notEditable'; orderNumber: string }
  | { step: 'locked'; orderNumber: string; orderId: string | undefined }
  | FailureView;

export function selectPaymentView(snapshot: PaymentSnapshot): PaymentView {
  const { context } = snapshot;
  if (snapshot.matches('showingProvider') && context.redirectUrl !== undefined) {
    return { step: 'provider', frameUrl: context.redirectUrl, frameHeightPx: paymentFrameHeightPx };
  }
  if (snapshot.matches('succeeded')) {
    return context.orderNumber !== undefined
      ? { step: 'succeeded', kind: 'order', orderNumber: context.orderNumber }
      : { step: 'succeeded', kind: 'change', orderNumber: context.order?.orderNumber ?? context.reference.orderNumber };
  }
  if (snapshot.matches('notFound')) {
    return {
      step: 'notFound',
      // The order load is the only call before the order is known; the success call comes after it.
      missing: context.order === undefined ? 'order' : 'payment',
      variant: context.variant,
      orderNumber: context.order?.orderNumber ?? context.reference.orderNumber,
      orderId: context.order?.orderId ?? context.reference.orderId,
    };
  }
  if (snapshot.matches('notEditable')) {
    return { step: 'notEditable', orderNumber: context.order?.orderNumber ?? context.reference.orderNumber };
  }
  if (snapshot.matches('locked')) {
    return {
      step: 'locked',
      orderNumber: context.order?.orderNumber ?? context.reference.orderNumber,
      orderId: context.order?.orderId ?? context.reference.orderId,
    };
  }
  if (snapshot.matches('failurePage')) {
    // The flow is on its way to the failure page: until it shows, the same view as the page.
    return failureViewFromQuery({ orderNumber: context.orderNumber, hasShopError: context.hasShopError });
  }
  if (snapshot.matches('failed')) {
    return {
      step: 'failed',
      hasShopError: context.hasShopError,
      canRetry: snapshot.can({ type: 'payment.retry' }),
      orderNumber: context.orderNumber,
      code: context.error?.code,
      status: context.error?.status,
    };
  }
  return { step: 'loading', phase: snapshot.matches('confirming') ? 'confirming' : 'preparing' };
}

/**
 * The failure page (/app/payment/failure?orderNumber=&hasShopError=) shows what the machine's
 * `failed` state would: the same guard decides about retry, so the rule lives in one place.
 */
export function failureViewFromQuery(query: { orderNumber: string | undefined; hasShopError: boolean }): FailureView {
  const context = { ...initialPaymentContext({ variant: 'order', orderNumber: query.orderNumber ?? '' }), hasShopError: query.hasShopError };
  const view = selectPaymentView(paymentMachine.resolveState({ value: 'failed', context }));
  if (view.step !== 'failed') throw new Error('unreachable: a failed snapshot has the failure view');
  return view;
}

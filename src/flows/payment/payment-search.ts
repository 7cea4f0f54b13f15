import type { ProviderResult } from '#machines/payment/payment.machine';

/**
 * The query parameters of the payment routes (docs/decisions/0009-hosted-payment-page.md). The
 * router parses values JSON-first (`hasShopError=false` arrives as a boolean, `123` as a number),
 * so every value is read back as text here.
 */

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** /app/payment/{orderNumber} and /app/payment/edit/{orderNumber}: the order and the provider's return. */
export interface PaymentSearch {
  orderId?: string;
  orderNumber?: string;
  transactionId?: string;
  paymentMethod?: string;
  paymentInstrumentId?: string;
}

export function parsePaymentSearch(search: Record<string, unknown>): PaymentSearch {
  const result: PaymentSearch = {};
  for (const key of ['orderId', 'orderNumber', 'transactionId', 'paymentMethod', 'paymentInstrumentId'] as const) {
    const value = text(search[key]);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

/**
 * The provider's return: a page load whose query has a transaction and a payment method (the
 * instrument id is empty when the provider failed after the payment; the success call decides).
 */
export function providerResultOf(search: PaymentSearch): ProviderResult | undefined {
  if (!search.transactionId || !search.paymentMethod) return undefined;
  return { transactionId: search.transactionId, paymentMethod: search.paymentMethod, paymentInstrumentId: search.paymentInstrumentId ?? '' };
}

/** /app/payment/failure?orderNumber=&hasShopError= */
export interface FailureSearch {
  orderNumber?: string;
  hasShopError?: boolean;
}

export function parseFailureSearch(search: Record<string, unknown>): FailureSearch {
  const orderNumber = text(search.orderNumber)?.trim();
  return { ...(orderNumber ? { orderNumber } : {}), hasShopError: search.hasShopError === true || search.hasShopError === 'true' };
}

/** /app/order/confirmation?orderNumber= */
export function parseConfirmationSearch(search: Record<string, unknown>): { orderNumber?: string } {
  const orderNumber = text(search.orderNumber)?.trim();
  return orderNumber ? { orderNumber } : {};
}

import * as v from 'valibot';

import type { ProviderResult } from '#machines/payment/payment.machine';

/**
 * The query parameters of the payment routes (docs/decisions/0009-hosted-payment-page.md), as the
 * routes' `validateSearch` (valibot is a Standard Schema, which the router takes as it is). The
 * router parses values JSON-first (`hasShopError=false` arrives as a boolean, `123` as a number),
 * so every value is read back as text here. A bad value is dropped, never an error page: each key
 * has a fallback, so the schemas cannot fail. This module imports no screen: the routes' options
 * are in the entry chunk.
 */

/** A value as the router hands it over, read back as the text it was in the address. */
const searchText = v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String));
/** Text, or dropped. */
const optionalText = v.fallback(v.optional(searchText), undefined);
/** Trimmed text that is not empty, or dropped. */
const optionalTrimmedText = v.fallback(v.optional(v.pipe(searchText, v.trim(), v.nonEmpty())), undefined);

/** /app/payment/{orderNumber} and /app/payment/edit/{orderNumber}: the order and the provider's return. */
export const paymentSearchSchema = v.object({
  orderId: optionalText,
  orderNumber: optionalText,
  transactionId: optionalText,
  paymentMethod: optionalText,
  paymentInstrumentId: optionalText,
});

export type PaymentSearch = v.InferOutput<typeof paymentSearchSchema>;

/**
 * The provider's return: a page load whose query has a transaction and a payment method (the
 * instrument id is empty when the provider failed after the payment; the success call decides).
 */
export function providerResultOf(search: PaymentSearch): ProviderResult | undefined {
  if (!search.transactionId || !search.paymentMethod) return undefined;
  return { transactionId: search.transactionId, paymentMethod: search.paymentMethod, paymentInstrumentId: search.paymentInstrumentId ?? '' };
}

/** /app/payment/failure?orderNumber=&hasShopError=: a shop error only when it says `true`. */
export const failureSearchSchema = v.object({
  orderNumber: optionalTrimmedText,
  hasShopError: v.fallback(
    v.pipe(
      v.optional(v.union([v.boolean(), v.string()])),
      v.transform((value) => value === true || value === 'true'),
    ),
    false,
  ),
});

/** /app/order/confirmation?orderNumber= */
export const confirmationSearchSchema = v.object({
  orderNumber: optionalTrimmedText,
});

import * as v from 'valibot';

import type { StepId } from '#machines/order-wizard/order-wizard.types';
import type { ResetLink } from '#machines/password-reset/password-reset.machine';
import type { ProviderResult } from '#machines/payment/payment.machine';

/*
 * The routes' search schemas (`validateSearch`; valibot is a Standard Schema, which the router
 * takes as it is), one home for all. The router parses a query value JSON-first (`123` arrives as
 * a number, `true` as a boolean), so a value is read back as the text it was in the address. A
 * schema never fails: a bad value is dropped (its key's fallback), never an error page.
 *
 * One module, not one per area: the routes' options are in the entry chunk, and a module the
 * schemas shared became a chunk of its own there (+0.14 KiB on every page). It imports no screen
 * (lint: eslint/import-direction.js).
 */

/** A value as the router hands it over, read back as the text it was in the address. */
const searchText = v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String));

/** Trimmed text that is not empty. */
const trimmedText = v.pipe(searchText, v.trim(), v.nonEmpty());

/** The value, or dropped: undefined when absent or bad. */
function optionalOrDropped<const TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.fallback(v.optional(schema), undefined);
}

// The order routes (/order, /app/order) ------------------------------------------------------

const stepIds = ['company', 'startAndTraveler', 'billing', 'account', 'summary'] as const satisfies readonly StepId[];

/**
 * `?step=`: the step the browser's history points at. `?affiliate=`: the partner whose link the
 * visitor came by (SPEC.md 7.5), trimmed, at most 100 characters as register and the order take it;
 * the wizard keeps it in its draft and sends it with both.
 */
export const orderStepSearchSchema = v.object({
  step: optionalOrDropped(v.picklist(stepIds)),
  affiliate: optionalOrDropped(v.pipe(trimmedText, v.maxLength(100))),
});

// The payment routes and the order confirmation (docs/decisions/0009-hosted-payment-page.md) --

const optionalText = optionalOrDropped(searchText);

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
  orderNumber: optionalOrDropped(trimmedText),
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
  orderNumber: optionalOrDropped(trimmedText),
});

// The tickets and account pages: a notice a flow leaves there when it ends -------------------

/** `?notice=emailChanged` after the email change (SPEC.md 2.2). */
export const ticketsNotices = ['emailChanged'] as const;
export type TicketsNotice = (typeof ticketsNotices)[number];

/** /app/dashboard/tickets?notice= */
export const ticketsSearchSchema = v.object({
  notice: optionalOrDropped(v.picklist(ticketsNotices)),
});

/** What an account flow reports when it comes back to the account page. */
export const accountNotices = ['passwordChanged', 'emailVerified', 'staffNumberChanged'] as const;
export type AccountNotice = (typeof accountNotices)[number];

/** /app/dashboard/account?notice= */
export const accountSearchSchema = v.object({
  notice: optionalOrDropped(v.picklist(accountNotices)),
});

// The termination's success page ------------------------------------------------------------

/** `?date=YYYY-MM-DD`: the end date the flow passes; without a good one the page reads it from the subscription. */
export const terminateSuccessSearchSchema = v.object({
  date: optionalOrDropped(v.pipe(v.string(), v.trim(), v.isoDate())),
});

// The mailed links: password reset and email verification (SPEC.md 2.2) ---------------------

/** /password-reset?user_id&token: the mailed link has both; the sign-in page's "forgot password" link none. */
export const passwordResetSearchSchema = v.object({ user_id: optionalOrDropped(trimmedText), token: optionalOrDropped(trimmedText) });

export type PasswordResetSearch = v.InferOutput<typeof passwordResetSearchSchema>;

/** The link, when the query has both parts; otherwise the page asks for a link. */
export function resetLinkOf(search: PasswordResetSearch): ResetLink | undefined {
  return search.user_id && search.token ? { userId: search.user_id, token: search.token } : undefined;
}

/** An id or token of the verification mail: a value the router read as `true` or `false` is none, and is dropped. */
const linkPart = optionalOrDropped(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.nonEmpty()));

/** /actions/verify-email?user_id&token */
export const verifyEmailSearchSchema = v.object({
  user_id: linkPart,
  token: linkPart,
});

/** /actions/verify-email/failed?user_id */
export const verifyEmailFailedSearchSchema = v.object({
  user_id: linkPart,
});

// The maintenance page (SPEC.md 2.2, 4.8) ----------------------------------------------------

/** A path of the portal's own, not the maintenance page's: no other origin, no `//host`, no backslash. */
const portalPath = v.pipe(v.string(), v.regex(/^\/(?![/\\]|maintenance\b)[^\\]*$/));

/** /maintenance?from=: the page whose call was answered 503, where "Try again" leads. */
export const maintenanceSearchSchema = v.object({
  from: optionalOrDropped(portalPath),
});

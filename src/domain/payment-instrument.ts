/**
 * What the portal may do with an order's payment instrument (SPEC.md 2.2, 6.1). Pure: the payment
 * details page and the tests share it; the sandbox applies the same rule when an edit is started
 * (sandbox/handlers/payment.ts answers `instrumentNotEditable`).
 */

/** SPEC.md 6.1: the instrument types the payment page cannot change (the employer's or university's). */
export const notEditableInstrumentTypes = ['TDX_Instrument'] as const;

/**
 * Whether the customer can change the instrument on the payment page. A TDX_Instrument cannot: the
 * customer is pointed to the account page instead (SPEC.md 2.2, 6.1).
 */
export function isInstrumentEditable(paymentInstrumentType: string): boolean {
  return !(notEditableInstrumentTypes as readonly string[]).includes(paymentInstrumentType);
}

/** The payment edit page of an order (SPEC.md 2.2: it takes orderId from the query). */
export function paymentEditHref(orderNumber: string, orderId: string): string {
  return `/app/payment/edit/${encodeURIComponent(orderNumber)}?orderId=${encodeURIComponent(orderId)}`;
}

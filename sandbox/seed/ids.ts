/**
 * Ids of the seeded orders and subscriptions, shared by the seed files and the tests so that each
 * can name "the deuti customer's active subscription" without a query. README.md's demo table
 * lists what each one is.
 */
export const seededOrders = {
  /** deuti: fulfilled, its subscription active and terminable. Payment: BANKACCOUNT, Ok. */
  deutiActive: { id: 'order-deuti-active', number: 'A-100001', subscriptionId: 'sub-deuti-active', subscriptionNumber: 'S-A100001' },
  /** deuti: terminated, the termination can still be withdrawn. Payment: CREDITCARD, Ok. */
  deutiTerminatedWithdrawable: { id: 'order-deuti-term-w', number: 'A-100002', subscriptionId: 'sub-deuti-term-w', subscriptionNumber: 'S-A100002' },
  /** deuti: terminated, the termination cannot be withdrawn any more. Payment: CREDITCARD, Expired. */
  deutiTerminatedFinal: { id: 'order-deuti-term-f', number: 'A-100003', subscriptionId: 'sub-deuti-term-f', subscriptionNumber: 'S-A100003' },
  /** deuti: raw statuses of an order that is not yet a subscription (SPEC.md 4.3: displayed "ordered"). */
  deutiInProgress: { id: 'order-deuti-inprogress', number: 'A-100004', subscriptionId: null, subscriptionNumber: null },
  deutiSubmitted: { id: 'order-deuti-submitted', number: 'A-100005', subscriptionId: null, subscriptionNumber: null },
  deutiVerified: { id: 'order-deuti-verified', number: 'A-100006', subscriptionId: null, subscriptionNumber: null },
  deutiApproved: { id: 'order-deuti-approved', number: 'A-100007', subscriptionId: null, subscriptionNumber: null },
  deutiAccepted: { id: 'order-deuti-accepted', number: 'A-100008', subscriptionId: null, subscriptionNumber: null },
  /** deuti: an unknown raw status ("rejected"), displayed as revoked. */
  deutiUnknownStatus: { id: 'order-deuti-unknown', number: 'A-100009', subscriptionId: null, subscriptionNumber: null },
  /** deuti: a subscription revoked by the operator. Payment: BANKACCOUNT, PaymentFailed. */
  deutiRevoked: { id: 'order-deuti-revoked', number: 'A-100010', subscriptionId: 'sub-deuti-revoked', subscriptionNumber: 'S-A100010' },
  /** deuti: a subscription canceled (its end date passed). */
  deutiCanceled: { id: 'order-deuti-canceled', number: 'A-100011', subscriptionId: 'sub-deuti-canceled', subscriptionNumber: 'S-A100011' },
  /** joti: fulfilled, partly subsidized company. Payment: CREDITCARD, SecurityCheckPending. */
  jotiActive: { id: 'order-joti-active', number: 'B-200001', subscriptionId: 'sub-joti-active', subscriptionNumber: 'S-B200001' },
  /** seti: fulfilled. Payment: TDX_Instrument (cannot be edited on the payment page), Ok. */
  setiActive: { id: 'order-seti-active', number: 'C-300001', subscriptionId: 'sub-seti-active', subscriptionNumber: 'S-C300001' },
  /** undeletable@example.com: an active subscription with an open payment. Payment: BANKACCOUNT, Ok. */
  undeletableActive: { id: 'order-undeletable', number: 'A-100099', subscriptionId: 'sub-undeletable', subscriptionNumber: 'S-A100099' },
} as const;

/** The subscription number of an order's subscription: S- and the order number without its dash. */
export function subscriptionNumberFor(orderNumber: string): string {
  return `S-${orderNumber.replace('-', '')}`;
}

export type SeededOrderKey = keyof typeof seededOrders;

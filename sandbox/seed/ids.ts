/**
 * Ids of the seeded orders and subscriptions, shared by the seed files and the tests so that each
 * can name "the deuti customer's active subscription" without a query. README.md's demo table
 * lists what each one is.
 */
export const seededOrders = {
  /** deuti: fulfilled, its subscription active and terminable. Payment: BANKACCOUNT, Ok. */
  deutiActive: { id: 'order-deuti-active', number: 'A-100001', subscriptionId: 'sub-deuti-active' },
  /** deuti: terminated, the termination can still be withdrawn. Payment: CREDITCARD, Ok. */
  deutiTerminatedWithdrawable: { id: 'order-deuti-term-w', number: 'A-100002', subscriptionId: 'sub-deuti-term-w' },
  /** deuti: terminated, the termination cannot be withdrawn any more. Payment: CREDITCARD, Expired. */
  deutiTerminatedFinal: { id: 'order-deuti-term-f', number: 'A-100003', subscriptionId: 'sub-deuti-term-f' },
  /** deuti: raw statuses of an order that is not yet a subscription (SPEC.md 4.3: displayed "ordered"). */
  deutiInProgress: { id: 'order-deuti-inprogress', number: 'A-100004', subscriptionId: null },
  deutiSubmitted: { id: 'order-deuti-submitted', number: 'A-100005', subscriptionId: null },
  deutiVerified: { id: 'order-deuti-verified', number: 'A-100006', subscriptionId: null },
  deutiApproved: { id: 'order-deuti-approved', number: 'A-100007', subscriptionId: null },
  deutiAccepted: { id: 'order-deuti-accepted', number: 'A-100008', subscriptionId: null },
  /** deuti: an unknown raw status ("rejected"), displayed as revoked. */
  deutiUnknownStatus: { id: 'order-deuti-unknown', number: 'A-100009', subscriptionId: null },
  /** deuti: a subscription revoked by the operator. Payment: BANKACCOUNT, PaymentFailed. */
  deutiRevoked: { id: 'order-deuti-revoked', number: 'A-100010', subscriptionId: 'sub-deuti-revoked' },
  /** deuti: a subscription canceled (its end date passed). */
  deutiCanceled: { id: 'order-deuti-canceled', number: 'A-100011', subscriptionId: 'sub-deuti-canceled' },
  /** joti: fulfilled, partly subsidized company. Payment: CREDITCARD, SecurityCheckPending. */
  jotiActive: { id: 'order-joti-active', number: 'B-200001', subscriptionId: 'sub-joti-active' },
  /** seti: fulfilled. Payment: TDX_Instrument (cannot be edited on the payment page), Ok. */
  setiActive: { id: 'order-seti-active', number: 'C-300001', subscriptionId: 'sub-seti-active' },
  /** undeletable@example.com: an active subscription with an open payment. Payment: BANKACCOUNT, Ok. */
  undeletableActive: { id: 'order-undeletable', number: 'A-100099', subscriptionId: 'sub-undeletable' },
} as const;

export type SeededOrderKey = keyof typeof seededOrders;

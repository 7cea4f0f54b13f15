import { and, assign, fromPromise, not, setup } from 'xstate';

import { failureGuards, statusOfError } from '#machines/shared/failure-guards';
import { hasCode } from '#src/domain/failure';

/**
 * Payment after an order, and the change of a payment instrument (SPEC.md 4.6, 7.4; docs/architecture.md#security).
 *
 * On load the instrument is saved: the machine waits for the order data for payment and the
 * customer's email address, posts the upsert payload and shows the provider's `redirectUrl` in a
 * frame, but only when the URL's origin is on the allow-list (the injected `isAllowedFrameUrl`
 * guard; it refuses everything until the app provides it). The customer corrects refused entries in
 * the frame; on a final outcome the provider sends the whole window back to the portal with
 * transactionId, paymentMethod and paymentInstrumentId (decision 9); the route hands them in
 * (as input on a fresh load, or as `payment.returned`) and the machine confirms the payment.
 *
 * On failure (SPEC.md 4.6): after an order the failure page takes over (`failurePage`, whose entry
 * `showFailurePage` the app implements with the router), except for a 503, which the API client
 * already sends to /maintenance; in an edit the failure shows in place (`failed`). Two outcomes are
 * not failed payments and say so in plain words (issue 12): an order number the customer has no
 * order with is `notFound` (SPEC.md 8 "Payment not found", a way to the tickets, no retry that
 * would load the same missing order again), and an instrument that cannot be changed here
 * (SPEC.md 6.1, TDX_Instrument) is `notEditable` (a neutral page pointing to My data), one the
 * operator locked (SPEC.md 6.1, decision 32) is `locked` (a page pointing to its payment details).
 *
 * One machine serves both variants (SPEC.md 4.6's "payment flow" and "payment edit flow"): the edit
 * flow is the payment flow without an order number. Both wait for the order and user data, post the
 * payment, frame the redirectUrl or show the failure view, and confirm the provider's return; they
 * differ only in where a failure shows (`isAfterOrder`) and in the success step (the selectors).
 * Two machines would repeat every state and transition; the model tests run both variants (each
 * also as the provider's return) at 100 %.
 *
 * The machine knows no HTTP, router or text: the app provides the actors and `showFailurePage`
 * (src/flows/payment/payment.actors.ts) and maps the error codes to messages.
 */

/** SPEC.md 4.6 and 9: the height of the embedded payment frame, in CSS pixels. */
export const paymentFrameHeightPx = 1700;

/** `order`: payment right after an order. `edit`: a new instrument for an existing order. */
export type PaymentVariant = 'order' | 'edit';

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type PaymentErrorCode = 'orderLoadFailed' | 'userLoadFailed' | 'saveFailed' | 'frameNotAllowed' | 'confirmFailed';

export interface PaymentError {
  code: PaymentErrorCode;
  /** The HTTP status of the failing call, when there was an answer. */
  status: number | undefined;
}

/** The provider's result as the return URL carries it (SPEC.md 3, payment success variant). */
export interface ProviderResult {
  transactionId: string;
  paymentMethod: string;
  /** Empty when the provider failed after the payment (the success call then answers 500). */
  paymentInstrumentId: string;
}

/**
 * The order data for payment (SPEC.md 3) as far as the machine looks at it; the flow's loader
 * returns the whole record and its save and confirm actors post it on.
 */
export interface PaymentOrder {
  orderId: string;
  orderNumber: string;
}

/** The saved instrument as the success call answers it (masked). */
export interface SavedInstrument {
  paymentInstrumentType: string;
  instrumentStatus: string;
}

/** Which order the route names: its number from the path, its id when the query carries it. */
export interface OrderReference {
  orderNumber: string;
  orderId: string | undefined;
}

export interface PaymentInput {
  variant: PaymentVariant;
  orderNumber: string;
  orderId?: string | undefined;
  /** Present when the page load is the provider's return. */
  providerResult?: ProviderResult | undefined;
}

export interface PaymentContext {
  variant: PaymentVariant;
  reference: OrderReference;
  /**
   * The order number of the payment: SPEC.md's "when an order number exists". Set after an order,
   * absent in the edit variant (the upsert payload goes without it, SPEC.md 3).
   */
  orderNumber: string | undefined;
  order: PaymentOrder | undefined;
  userMail: string | undefined;
  redirectUrl: string | undefined;
  providerResult: ProviderResult | undefined;
  instrument: SavedInstrument | undefined;
  error: PaymentError | undefined;
  /** SPEC.md 4.6: true only when the failing call answered 500. */
  hasShopError: boolean;
}

export type PaymentEvent = { type: 'payment.returned'; result: ProviderResult } | { type: 'payment.retry' };

/** The save actor's input: the upsert payload is the order data plus productText and userMail. */
export interface SavePaymentInput {
  order: PaymentOrder;
  userMail: string;
  /** Absent in the edit variant: the payload is sent without orderNumber. */
  orderNumber: string | undefined;
}

export interface ConfirmPaymentInput extends SavePaymentInput {
  result: ProviderResult;
}

/** The context a payment starts with (also what `payment.retry` starts over from). */
export function initialPaymentContext(input: PaymentInput): PaymentContext {
  return {
    variant: input.variant,
    reference: { orderNumber: input.orderNumber, orderId: input.orderId || undefined },
    orderNumber: input.variant === 'order' && input.orderNumber !== '' ? input.orderNumber : undefined,
    order: undefined,
    userMail: undefined,
    redirectUrl: undefined,
    providerResult: input.providerResult,
    instrument: undefined,
    error: undefined,
    hasShopError: false,
  };
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    /** The order data for payment (getOrder; the id is looked up by number when the route lacks it). */
    loadOrder: fromPromise<PaymentOrder, OrderReference>(async () => {
      throw new Error('loadOrder is provided by the app');
    }),
    /** The signed-in customer's email address, the upsert payload's userMail. */
    loadUser: fromPromise<{ userMail: string }>(async () => {
      throw new Error('loadUser is provided by the app');
    }),
    /** upsertPaymentInstrument: answers the provider page to show. */
    savePayment: fromPromise<{ redirectUrl: string }, SavePaymentInput>(async () => {
      throw new Error('savePayment is provided by the app');
    }),
    /** confirmPaymentSuccess: the upsert payload plus the provider's result. */
    confirmPayment: fromPromise<SavedInstrument, ConfirmPaymentInput>(async () => {
      throw new Error('confirmPayment is provided by the app');
    }),
  },
  actions: {
    /** Shows the failure page (/app/payment/failure?orderNumber=&hasShopError=); the app implements it with the router. */
    showFailurePage: (_, _params: { orderNumber: string | undefined; hasShopError: boolean }) => {},
    fail: assign((_, params: { code: PaymentErrorCode; error: unknown }) => {
      const status = statusOfError(params.error);
      return { error: { code: params.code, status }, hasShopError: status === 500 };
    }),
  },
  guards: {
    /** The allow-list check (docs/architecture.md#security). Refuses everything until the app provides it. */
    isAllowedFrameUrl: (_, _params: { url: string }) => false,
    hasOrder: ({ context }) => context.order !== undefined,
    hasUserMail: ({ context }) => context.userMail !== undefined,
    hasProviderResult: ({ context }) => context.providerResult !== undefined,
    isNotFound: failureGuards.isNotFound,
    /** SPEC.md 4.8: a 503 sends the customer to /maintenance (the API client does it), not to the failure page. */
    isServiceUnavailable: failureGuards.isServiceUnavailable,
    /** The payment right after an order (not the change of an instrument): its failures go to the failure page. */
    isAfterOrder: ({ context }) => context.variant === 'order',
    /** SPEC.md 6.1: a TDX_Instrument cannot be changed on the payment page. */
    isNotEditable: (_, params: { error: unknown }) => hasCode(params.error, 'instrumentNotEditable'),
    /** SPEC.md 6.1, decision 32: the operator locked the instrument (409 instrumentLocked). */
    isLocked: (_, params: { error: unknown }) => hasCode(params.error, 'instrumentLocked'),
    /** SPEC.md 4.6 and 8: retry only when it is not a shop error and an order number exists. */
    canRetry: ({ context }) => !context.hasShopError && context.orderNumber !== undefined,
  },
}).createMachine({
  id: 'payment',
  description: 'Saves the payment instrument at the provider, shows its page in a frame, and confirms its result (SPEC.md 4.6).',
  meta: { spec: 'SPEC.md 2.2, 2.3, 3, 4.6, 7.4, 8; docs/architecture.md#security; docs/decisions/0009-hosted-payment-page.md' },
  context: ({ input }) => initialPaymentContext(input),
  initial: 'loading',
  states: {
    loading: {
      description:
        'Waits for the order data for payment and the user data (both load at once). When both are there it posts the payment, or confirms it when this page load is the provider’s return.',
      meta: { spec: 'SPEC.md 4.6 payment edit flow: waits for order and user data, then posts the payment' },
      invoke: [
        {
          id: 'loadOrder',
          src: 'loadOrder',
          input: ({ context }) => context.reference,
          onDone: [
            {
              description: 'Both are there, and the provider sent the customer back: confirm.',
              guard: and(['hasUserMail', 'hasProviderResult']),
              target: 'confirming',
              actions: assign({ order: ({ event }) => event.output }),
            },
            {
              description: 'Both are there: post the payment.',
              guard: and(['hasUserMail', not('hasProviderResult')]),
              target: 'saving',
              actions: assign({ order: ({ event }) => event.output }),
            },
            { description: 'Still waiting for the user data.', actions: assign({ order: ({ event }) => event.output }) },
          ],
          onError: [
            {
              description: 'A 503: the failure stays here while the API client goes to /maintenance (SPEC.md 4.8).',
              guard: { type: 'isServiceUnavailable', params: ({ event }) => ({ error: event.error }) },
              target: 'failed',
              actions: { type: 'fail', params: ({ event }) => ({ code: 'orderLoadFailed', error: event.error }) },
            },
            {
              description:
                'The customer has no order with this number (404): the not-found view with the way to the tickets, not a failed payment whose retry would look for the same order again.',
              guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
              target: 'notFound',
            },
            {
              description: 'After an order, any other failure goes to the failure page.',
              guard: 'isAfterOrder',
              target: 'failurePage',
              actions: { type: 'fail', params: ({ event }) => ({ code: 'orderLoadFailed', error: event.error }) },
            },
            { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ code: 'orderLoadFailed', error: event.error }) } },
          ],
        },
        {
          id: 'loadUser',
          src: 'loadUser',
          onDone: [
            {
              description: 'Both are there, and the provider sent the customer back: confirm.',
              guard: and(['hasOrder', 'hasProviderResult']),
              target: 'confirming',
              actions: assign({ userMail: ({ event }) => event.output.userMail }),
            },
            {
              description: 'Both are there: post the payment.',
              guard: and(['hasOrder', not('hasProviderResult')]),
              target: 'saving',
              actions: assign({ userMail: ({ event }) => event.output.userMail }),
            },
            { description: 'Still waiting for the order data.', actions: assign({ userMail: ({ event }) => event.output.userMail }) },
          ],
          onError: [
            {
              description: 'A 503: the failure stays here while the API client goes to /maintenance (SPEC.md 4.8).',
              guard: { type: 'isServiceUnavailable', params: ({ event }) => ({ error: event.error }) },
              target: 'failed',
              actions: { type: 'fail', params: ({ event }) => ({ code: 'userLoadFailed', error: event.error }) },
            },
            {
              description: 'After an order, any other failure goes to the failure page.',
              guard: 'isAfterOrder',
              target: 'failurePage',
              actions: { type: 'fail', params: ({ event }) => ({ code: 'userLoadFailed', error: event.error }) },
            },
            { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ code: 'userLoadFailed', error: event.error }) } },
          ],
        },
      ],
    },
    saving: {
      description: 'Posts the upsert payload (order data plus productText and userMail; without orderNumber in an edit) and gets the provider page.',
      meta: { spec: 'SPEC.md 3 payment upsert payload, 4.6 "on load, the instrument is saved", 7.4' },
      invoke: {
        id: 'savePayment',
        src: 'savePayment',
        input: ({ context }) => ({ order: context.order!, userMail: context.userMail!, orderNumber: context.orderNumber }),
        onDone: [
          {
            guard: { type: 'isAllowedFrameUrl', params: ({ event }) => ({ url: event.output.redirectUrl }) },
            target: 'showingProvider',
            actions: assign({ redirectUrl: ({ event }) => event.output.redirectUrl }),
          },
          {
            description: 'The frame never loads a URL outside the allow-list: after an order, the failure page instead.',
            guard: 'isAfterOrder',
            target: 'failurePage',
            actions: assign({ error: { code: 'frameNotAllowed', status: undefined }, hasShopError: false }),
          },
          {
            description: 'The frame never loads a URL outside the allow-list: the failure view appears instead.',
            target: 'failed',
            actions: assign({ error: { code: 'frameNotAllowed', status: undefined }, hasShopError: false }),
          },
        ],
        onError: [
          {
            description: 'A 503: the failure stays here while the API client goes to /maintenance (SPEC.md 4.8).',
            guard: { type: 'isServiceUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ code: 'saveFailed', error: event.error }) },
          },
          {
            description: 'SPEC.md 6.1: this instrument cannot be changed on the payment page: not a failed payment, a page that says so and points to My data.',
            guard: { type: 'isNotEditable', params: ({ event }) => ({ error: event.error }) },
            target: 'notEditable',
          },
          {
            description:
              'SPEC.md 6.1: the operator locked this instrument (reached by the page’s address only: a locked card has no edit link): a page that says so and leads to its payment details.',
            guard: { type: 'isLocked', params: ({ event }) => ({ error: event.error }) },
            target: 'locked',
          },
          {
            description: 'After an order, any other failure goes to the failure page.',
            guard: 'isAfterOrder',
            target: 'failurePage',
            actions: { type: 'fail', params: ({ event }) => ({ code: 'saveFailed', error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ code: 'saveFailed', error: event.error }) } },
        ],
      },
    },
    showingProvider: {
      description:
        'The provider’s page in an embedded frame, 1700 px high. A refused entry stays in the frame, with the portal around it; a final outcome moves the whole window back to the portal (the return URL), which hands the result in.',
      meta: { spec: 'SPEC.md 4.6 and 9: embedded frame, height 1700px', frameHeightPx: paymentFrameHeightPx },
      on: {
        'payment.returned': {
          description: 'The provider sent the whole window back to the portal, and the route hands in its result.',
          target: 'confirming',
          actions: assign({ providerResult: ({ event }) => event.result }),
        },
      },
    },
    confirming: {
      description: 'Records the provider’s result (confirmPaymentSuccess with transactionId, paymentMethod, paymentInstrumentId).',
      meta: { spec: 'SPEC.md 3 payment success variant, 7.4 .../success' },
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        input: ({ context }) => ({ order: context.order!, userMail: context.userMail!, orderNumber: context.orderNumber, result: context.providerResult! }),
        onDone: { target: 'succeeded', actions: assign({ instrument: ({ event }) => event.output }) },
        onError: [
          {
            description: 'No payment matches the result (an old or altered return link): the not-found view with a link to pay or edit again.',
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            description: 'A 503: the failure stays here while the API client goes to /maintenance (SPEC.md 4.8).',
            guard: { type: 'isServiceUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ code: 'confirmFailed', error: event.error }) },
          },
          {
            description: 'After an order, any other failure goes to the failure page.',
            guard: 'isAfterOrder',
            target: 'failurePage',
            actions: { type: 'fail', params: ({ event }) => ({ code: 'confirmFailed', error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ code: 'confirmFailed', error: event.error }) } },
        ],
      },
    },
    succeeded: {
      description: 'The success step: the order confirmation when an order number exists, otherwise a change confirmation linking to the tickets.',
      meta: { spec: 'SPEC.md 2.3 order confirmation, 4.6 success step' },
      type: 'final',
    },
    notFound: {
      description:
        'SPEC.md 8 payment not found: a title and description with a link. No order with this number (the order is unknown): the link goes to the tickets, where each order has its payment; no payment matches the provider’s result (the order is known): the link enters the payment details again.',
      meta: { spec: 'SPEC.md 8 payment not found' },
      type: 'final',
    },
    notEditable: {
      description:
        'SPEC.md 6.1: the order’s instrument (a TDX_Instrument, paid through the employer or university) cannot be changed on the payment page: a neutral page with the reason and the link to My data, no failure and no retry.',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/account, 6.1 TDX_Instrument' },
      type: 'final',
    },
    locked: {
      description:
        'SPEC.md 6.1: the operator locked the order’s instrument, so it cannot be changed: a neutral page with the link to the order’s payment details (which say why, when the operator gave a reason), no failure and no retry.',
      meta: { spec: 'SPEC.md 6.1 locked card; docs/decisions/0032-staff-number-change-and-locked-instrument.md' },
      type: 'final',
    },
    failed: {
      description:
        'The failure view in place: in an edit, or after an order while a 503 goes to /maintenance. hasShopError only after a 500; retry only when allowed.',
      meta: { spec: 'SPEC.md 4.6 on failure, 4.8 503, 8 payment failure' },
      on: {
        'payment.retry': {
          description: 'Start over from loading: not after a shop error (500), and only when an order number exists; the order id found is kept.',
          guard: 'canRetry',
          target: 'loading',
          actions: assign(({ context }) => ({
            order: undefined,
            userMail: undefined,
            redirectUrl: undefined,
            providerResult: undefined,
            error: undefined,
            hasShopError: false,
            reference: context.order ? { orderNumber: context.reference.orderNumber, orderId: context.order.orderId } : context.reference,
          })),
        },
      },
    },
    failurePage: {
      description:
        'After an order: the failure page (/app/payment/failure) with the order number, and hasShopError only after a 500; it offers retry by the same rule as the failure view.',
      meta: { spec: 'SPEC.md 2.2 /app/payment/failure, 4.6 on failure, 8 payment failure' },
      type: 'final',
      entry: { type: 'showFailurePage', params: ({ context }) => ({ orderNumber: context.orderNumber, hasShopError: context.hasShopError }) },
    },
  },
});

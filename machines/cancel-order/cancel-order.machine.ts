import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';

/**
 * Cancelling an order that has not started (SPEC.md 7.1: GET /api/v3/order/orders/{id}/cancel,
 * then PUT /api/v1/order/orders/{id}/cancel; issue 10). The customer opens it from "My tickets" on
 * an order shown as ordered. The machine loads whether the order can still be cancelled, asks for
 * confirmation, cancels it once, and shows the result. A 409 means the order can no longer be
 * cancelled (it became a subscription or was cancelled meanwhile, e.g. in another tab); any other
 * failure keeps the screen with its alert and allows another try.
 *
 * The machine knows no HTTP, router or text: src/flows/cancel-order/cancel-order.actors.ts provides
 * the actors; the screen maps the codes to messages.
 */

/** The order's cancellation state (the contract's OrderCancellation). */
export interface OrderCancellationState {
  orderNumber: string;
  isCancellable: boolean;
  /** When it was cancelled (ISO timestamp); null while it is not. */
  cancelledAt: string | null;
}

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type CancelOrderErrorCode = 'loadFailed' | 'cancelFailed' | 'orderNotCancellable';

export interface CancelOrderInput {
  orderId: string;
}

export interface CancelOrderContext {
  orderId: string;
  order: OrderCancellationState | undefined;
  error: CancelOrderErrorCode | undefined;
}

export type CancelOrderEvent = { type: 'cancellation.confirm' } | { type: 'load.retry' };

export const cancelOrderMachine = setup({
  types: {
    context: {} as CancelOrderContext,
    events: {} as CancelOrderEvent,
    input: {} as CancelOrderInput,
  },
  actors: {
    /** GET /api/v3/order/orders/{id}/cancel (SPEC.md 7.1). */
    loadCancellation: fromPromise<OrderCancellationState, { orderId: string }>(async () => {
      throw new Error('loadCancellation is provided by the app');
    }),
    /** PUT /api/v1/order/orders/{id}/cancel (SPEC.md 7.1). */
    cancelOrder: fromPromise<OrderCancellationState, { orderId: string }>(async () => {
      throw new Error('cancelOrder is provided by the app');
    }),
  },
  guards: {
    isCancellable: (_, params: { order: OrderCancellationState }) => params.order.isCancellable,
    isConflict: failureGuards.isConflict,
  },
}).createMachine({
  id: 'cancelOrder',
  description: 'Cancels an order that has not started after the customer confirms it (SPEC.md 7.1).',
  meta: { spec: 'SPEC.md 2.2, 4.3, 7.1' },
  context: ({ input }) => ({ orderId: input.orderId, order: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads whether the order can still be cancelled.',
      meta: { spec: 'SPEC.md 7.1 GET /api/v3/order/orders/{id}/cancel' },
      invoke: {
        id: 'loadCancellation',
        src: 'loadCancellation',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            description: 'It can be cancelled: explain and ask for confirmation.',
            guard: { type: 'isCancellable', params: ({ event }) => ({ order: event.output }) },
            target: 'ready',
            actions: assign({ order: ({ event }) => event.output }),
          },
          {
            description: 'It cannot be cancelled (any more): say why, without a button.',
            target: 'notCancellable',
            actions: assign({ order: ({ event }) => event.output }),
          },
        ],
        onError: { description: 'Any failure to load (a 503 goes to /maintenance first).', target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: {
      description: 'The order could not be loaded: an alert with a retry.',
      meta: { spec: 'SPEC.md 8 (load errors of a screen)' },
      on: {
        'load.retry': { description: 'Load again.', target: 'loading', actions: assign({ error: undefined }) },
      },
    },
    ready: {
      description: 'Explains what cancelling does and asks for confirmation; after a failed attempt it shows the error and allows another.',
      meta: { spec: 'SPEC.md 4.3 (an order shown as ordered)' },
      on: {
        'cancellation.confirm': { description: 'The customer confirms: cancel the order.', target: 'cancelling', actions: assign({ error: undefined }) },
      },
    },
    cancelling: {
      description: 'Cancels the order once; a second confirmation meanwhile is ignored.',
      meta: { spec: 'SPEC.md 7.1 PUT /api/v1/order/orders/{id}/cancel' },
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { description: 'Cancelled: the result.', target: 'done', actions: assign({ order: ({ event }) => event.output }) },
        onError: [
          {
            description: '409 orderNotCancellable: it changed meanwhile (a subscription now, or cancelled already): say so.',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'notCancellable',
            actions: assign({ error: 'orderNotCancellable' }),
          },
          {
            description: 'Any other failure: keep the screen, show the error, allow trying again.',
            target: 'ready',
            actions: assign({ error: 'cancelFailed' }),
          },
        ],
      },
    },
    notCancellable: {
      description: 'The order cannot be cancelled (any more): the reason, and the way back to My tickets.',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/tickets' },
      type: 'final',
    },
    done: {
      description: 'The order is cancelled: the result, and the way back to My tickets.',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/tickets' },
      type: 'final',
    },
  },
});

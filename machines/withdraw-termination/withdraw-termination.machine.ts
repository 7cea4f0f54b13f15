import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';

/**
 * Withdrawing the termination of a subscription (SPEC.md 2.2, 2.3, 4.4, 8): the reference flow of
 * the flow kit (docs/guides/adding-a-flow.md).
 *
 * It loads the subscription, shows what the withdrawal does when `canWithdrawTermination` is true
 * (else a call to action to order anew), and on confirmation posts the withdrawal once. A 409 means
 * the termination can no longer be withdrawn (it changed meanwhile, e.g. in another tab); any other
 * failure keeps the screen with an error code and lets the customer try again.
 *
 * The machine knows no HTTP, router or text: the app provides the actors and `showSuccessPage`
 * (src/flows/withdraw-termination/withdraw-termination.actors.ts); the screen maps the codes to
 * messages.
 */

/** The subscription as far as the flow looks at it (from the contract's SubscriptionDetails). */
export interface SubscriptionToWithdraw {
  canWithdrawTermination: boolean;
  /** The date the termination ends the subscription (YYYY-MM-DD); null when it is not terminated. */
  terminateDate: string | null;
  /** The customer's monthly price in euros, which goes on after the withdrawal. */
  monthlyPrice: number;
}

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type WithdrawTerminationErrorCode = 'loadFailed' | 'withdrawFailed';

export interface WithdrawTerminationInput {
  subscriptionId: string;
}

export interface WithdrawTerminationContext {
  subscriptionId: string;
  subscription: SubscriptionToWithdraw | undefined;
  error: WithdrawTerminationErrorCode | undefined;
}

export type WithdrawTerminationEvent = { type: 'withdrawal.confirm' } | { type: 'load.retry' };

export const withdrawTerminationMachine = setup({
  types: {
    context: {} as WithdrawTerminationContext,
    events: {} as WithdrawTerminationEvent,
    input: {} as WithdrawTerminationInput,
  },
  actors: {
    /** GET the subscription's details (SPEC.md 7.3). */
    loadSubscription: fromPromise<SubscriptionToWithdraw, { subscriptionId: string }>(async () => {
      throw new Error('loadSubscription is provided by the app');
    }),
    /** POST .../{id}/withdraw-termination (SPEC.md 7.3). */
    withdrawTermination: fromPromise<void, { subscriptionId: string }>(async () => {
      throw new Error('withdrawTermination is provided by the app');
    }),
  },
  actions: {
    /** Shows the success page of the withdrawal; the app implements it with the router. */
    showSuccessPage: (_, _params: { subscriptionId: string }) => {},
  },
  guards: {
    canWithdraw: (_, params: { subscription: SubscriptionToWithdraw }) => params.subscription.canWithdrawTermination,
    isConflict: failureGuards.isConflict,
  },
}).createMachine({
  id: 'withdrawTermination',
  description: 'Withdraws the termination of a subscription after the customer confirms it (SPEC.md 4.4).',
  meta: { spec: 'SPEC.md 2.2, 2.3, 4.4, 7.3, 8' },
  context: ({ input }) => ({ subscriptionId: input.subscriptionId, subscription: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the subscription: whether its termination can be withdrawn, its end date and monthly price.',
      meta: { spec: 'SPEC.md 4.4, 7.3 GET /api/v2/subscription/subscriptions/{id}/details' },
      invoke: {
        id: 'loadSubscription',
        src: 'loadSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: [
          {
            description: 'canWithdrawTermination is true: explain the withdrawal and ask for confirmation.',
            guard: { type: 'canWithdraw', params: ({ event }) => ({ subscription: event.output }) },
            target: 'ready',
            actions: assign({ subscription: ({ event }) => event.output }),
          },
          {
            description: 'canWithdrawTermination is false: the call to action to order anew.',
            target: 'notWithdrawable',
            actions: assign({ subscription: ({ event }) => event.output }),
          },
        ],
        onError: { description: 'Any failure to load (a 503 goes to /maintenance first).', target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: {
      description: 'The subscription could not be loaded: withdrawTermination.error, with a retry.',
      meta: { spec: 'SPEC.md 8 withdrawTermination.error' },
      on: {
        'load.retry': { description: 'Load the subscription again.', target: 'loading', actions: assign({ error: undefined }) },
      },
    },
    ready: {
      description: 'Explains what the withdrawal does and asks for confirmation; after a failed attempt it shows the error and allows another.',
      meta: { spec: 'SPEC.md 2.3 withdraw termination, 4.4' },
      on: {
        'withdrawal.confirm': { description: 'The customer confirms: post the withdrawal.', target: 'withdrawing', actions: assign({ error: undefined }) },
      },
    },
    withdrawing: {
      description: 'Posts the withdrawal once; a second confirmation meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.4, 7.3 POST .../{id}/withdraw-termination' },
      invoke: {
        id: 'withdrawTermination',
        src: 'withdrawTermination',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: { description: 'Withdrawn: the subscription continues.', target: 'done' },
        onError: [
          {
            description: '409: the termination can no longer be withdrawn (it changed meanwhile): the same call to action as on load.',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'notWithdrawable',
          },
          {
            description: 'Any other failure: keep the screen, show the error, allow trying again.',
            target: 'ready',
            actions: assign({ error: 'withdrawFailed' }),
          },
        ],
      },
    },
    notWithdrawable: {
      description: 'The termination cannot be withdrawn: a call to action leads to /app/order.',
      meta: { spec: 'SPEC.md 2.2 /app/order, 4.4 call-to-action when canWithdrawTermination is false' },
      type: 'final',
    },
    done: {
      description: 'The termination is withdrawn: the success page.',
      meta: { spec: 'SPEC.md 2.2 withdraw-termination/success' },
      type: 'final',
      entry: { type: 'showSuccessPage', params: ({ context }) => ({ subscriptionId: context.subscriptionId }) },
    },
  },
});

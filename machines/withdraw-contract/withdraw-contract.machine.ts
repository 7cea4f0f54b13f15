import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';

/**
 * Withdrawing from a new contract within its 14 days (§ 355 BGB; issue 30, decision 29; SPEC.md
 * 7.3 POST .../{id}/cancel, cancelSubscription): a flow of the flow kit
 * (docs/guides/adding-a-flow.md), made from the withdrawal of a termination.
 *
 * It loads the subscription, explains the withdrawal and until when it is possible while the
 * subscription's `withdrawableUntil` is set (else: the period is over, and ending the subscription
 * is the way), asks for confirmation in a dialog, and on confirmation posts the cancellation once.
 * A 409 means the period ended or the subscription changed meanwhile (e.g. in another tab); any
 * other failure closes the dialog, keeps the screen with an error code and lets the customer try
 * again.
 *
 * The machine knows no HTTP, router or text: the app provides the actors and `showSuccessPage`
 * (src/flows/withdraw-contract/withdraw-contract.actors.ts); the screen maps the codes to
 * messages.
 */

/** The subscription as far as the flow looks at it (from the contract's SubscriptionDetails). */
export interface ContractToWithdraw {
  /** The last day the contract can be withdrawn (YYYY-MM-DD); null when it cannot be (any more). */
  withdrawableUntil: string | null;
  subscriptionNumber: string;
  /** The customer's monthly price in euros, which is no longer charged after the withdrawal. */
  monthlyPrice: number;
}

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type WithdrawContractErrorCode = 'loadFailed' | 'withdrawFailed';

export interface WithdrawContractInput {
  subscriptionId: string;
}

export interface WithdrawContractContext {
  subscriptionId: string;
  subscription: ContractToWithdraw | undefined;
  error: WithdrawContractErrorCode | undefined;
}

export type WithdrawContractEvent = { type: 'withdrawal.request' } | { type: 'withdrawal.confirm' } | { type: 'withdrawal.cancel' } | { type: 'load.retry' };

export const withdrawContractMachine = setup({
  types: {
    context: {} as WithdrawContractContext,
    events: {} as WithdrawContractEvent,
    input: {} as WithdrawContractInput,
  },
  actors: {
    /** GET the subscription's details (SPEC.md 7.3). */
    loadSubscription: fromPromise<ContractToWithdraw, { subscriptionId: string }>(async () => {
      throw new Error('loadSubscription is provided by the app');
    }),
    /** POST .../{id}/cancel (SPEC.md 7.3, cancelSubscription). */
    withdrawContract: fromPromise<void, { subscriptionId: string }>(async () => {
      throw new Error('withdrawContract is provided by the app');
    }),
  },
  actions: {
    /** Shows the success page of the withdrawal; the app implements it with the router. */
    showSuccessPage: (_, _params: { subscriptionId: string }) => {},
  },
  guards: {
    canWithdraw: (_, params: { subscription: ContractToWithdraw }) => params.subscription.withdrawableUntil !== null,
    isConflict: failureGuards.isConflict,
  },
}).createMachine({
  id: 'withdrawContract',
  description: 'Withdraws from a new contract within its 14-day period after the customer confirms it in a dialog (§ 355 BGB, decision 29).',
  meta: { spec: 'SPEC.md 7.3 POST .../cancel; issue 30; decision 29' },
  context: ({ input }) => ({ subscriptionId: input.subscriptionId, subscription: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the subscription: until when it can be withdrawn, its number and monthly price.',
      meta: { spec: 'SPEC.md 7.3 GET /api/v2/subscription/subscriptions/{id}/details' },
      invoke: {
        id: 'loadSubscription',
        src: 'loadSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: [
          {
            description: 'withdrawableUntil is set: explain the withdrawal and until when it is possible.',
            guard: { type: 'canWithdraw', params: ({ event }) => ({ subscription: event.output }) },
            target: 'ready',
            actions: assign({ subscription: ({ event }) => event.output }),
          },
          {
            description: 'withdrawableUntil is null: the period is over (or the subscription ended); ending it is the way.',
            target: 'notWithdrawable',
            actions: assign({ subscription: ({ event }) => event.output }),
          },
        ],
        onError: { description: 'Any failure to load (a 503 goes to /maintenance first).', target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: {
      description: 'The subscription could not be loaded: withdrawContract.error, with a retry.',
      meta: { spec: 'SPEC.md 8 (load errors)' },
      on: {
        'load.retry': { description: 'Load the subscription again.', target: 'loading', actions: assign({ error: undefined }) },
      },
    },
    ready: {
      description: 'Explains what the withdrawal does and until when it is possible; after a failed attempt it shows the error and allows another.',
      meta: { spec: 'SPEC.md 4.4, 7.3 POST .../cancel; issue 30: offered while the period runs, saying until when' },
      on: {
        'withdrawal.request': {
          description: 'The customer asks to withdraw: the confirmation dialog.',
          target: 'confirming',
          actions: assign({ error: undefined }),
        },
      },
    },
    confirming: {
      description: 'The dialog names the subscription and what ends, and asks for confirmation.',
      meta: { spec: 'SPEC.md 2.3, 4.4 confirm in a dialog, as for ending a subscription; issue 30' },
      on: {
        'withdrawal.confirm': { description: 'The customer confirms: post the cancellation.', target: 'withdrawing' },
        'withdrawal.cancel': { description: 'The customer closes the dialog: back to the explanation, nothing sent.', target: 'ready' },
      },
    },
    withdrawing: {
      description: 'Posts the cancellation once; the dialog shows it is busy, a second confirmation or a close meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.8, 7.3 POST /api/v2/subscription/subscriptions/{id}/cancel' },
      invoke: {
        id: 'withdrawContract',
        src: 'withdrawContract',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: { description: 'Withdrawn: the subscription is revoked; the success page.', target: 'done' },
        onError: [
          {
            description: '409 subscriptionNotCancellable: the period ended or the subscription changed meanwhile: the same message as on load.',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'notWithdrawable',
          },
          {
            description: 'Any other failure: close the dialog, show the error, allow trying again.',
            target: 'ready',
            actions: assign({ error: 'withdrawFailed' }),
          },
        ],
      },
    },
    notWithdrawable: {
      description: 'The contract cannot be withdrawn (any more): a clear message, the way to end the subscription and back to the tickets.',
      meta: { spec: 'SPEC.md 4.4 ending at a month’s end instead; issue 30: only while the period runs' },
      type: 'final',
    },
    done: {
      description: 'The contract is withdrawn: the success page.',
      meta: { spec: 'SPEC.md 2.3 a success page, as for ending a subscription; issue 30' },
      type: 'final',
      entry: { type: 'showSuccessPage', params: ({ context }) => ({ subscriptionId: context.subscriptionId }) },
    },
  },
});

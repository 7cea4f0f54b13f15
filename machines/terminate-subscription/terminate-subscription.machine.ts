import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';

/**
 * Ending (terminating) a subscription, signed in (SPEC.md 2.3 End subscription, 4.3, 4.4, 7.3, 8).
 *
 * It loads the subscription's possible termination dates. A subscription that is revoked, canceled
 * or already terminated (SPEC.md 4.3) offers no termination: the screen says so and shows no form.
 * Otherwise the customer picks one of the offered dates, confirms it in a dialog, and the machine
 * puts the termination once; then the success page with the date. A 400 means the subscription was
 * terminated meanwhile (SPEC.md 8 isAlreadyTerminated), except the sandbox's `invalidTerminationDate`
 * (the chosen date is no longer offered, e.g. the 10th of the month has passed), which loads the
 * dates again and asks for another choice. Any other failure keeps the choice and allows another try.
 *
 * The machine knows no HTTP, router or text: src/flows/terminate-subscription/terminate-subscription.actors.ts
 * provides the actors and `showSuccessPage`; the screen maps the codes to messages.
 */

/** The subscription as far as the flow looks at it (the contract's Subscription and SubscriptionDetails). */
export interface SubscriptionToTerminate {
  subscriptionNumber: string;
  /** Free text; revoked and canceled mean already cancelled (SPEC.md 3, 4.3). */
  status: string;
  /** The dates it can be terminated at (YYYY-MM-DD), the earliest first; empty when none. */
  terminationDates: readonly string[];
  /** The date a termination ends it (YYYY-MM-DD); null when it is not terminated. */
  terminateDate: string | null;
  canWithdrawTermination: boolean;
  /** The customer's monthly price in euros, which stops after the end. */
  monthlyPrice: number;
}

/**
 * What went wrong, as a code the screen translates (machines store codes, never sentences):
 * `isAlreadyTerminated` and `terminationFailed` are SPEC.md 8's (messageKeys.termination).
 */
export type TerminateSubscriptionErrorCode = 'loadFailed' | 'terminationFailed' | 'isAlreadyTerminated' | 'dateNoLongerOffered';

export interface TerminateSubscriptionInput {
  subscriptionId: string;
}

export interface TerminateSubscriptionContext {
  subscriptionId: string;
  subscription: SubscriptionToTerminate | undefined;
  /** The date the customer chose (one of terminationDates); kept after a failed attempt. */
  chosenDate: string | undefined;
  error: TerminateSubscriptionErrorCode | undefined;
}

export type TerminateSubscriptionEvent =
  { type: 'termination.request'; terminateDate: string } | { type: 'termination.confirm' } | { type: 'termination.cancel' } | { type: 'load.retry' };

/** SPEC.md 4.3: revoked or canceled is already cancelled; a terminated one has its end already. */
export function isTerminable(subscription: SubscriptionToTerminate): boolean {
  return (
    subscription.terminateDate === null && subscription.status !== 'revoked' && subscription.status !== 'canceled' && subscription.terminationDates.length > 0
  );
}

export const terminateSubscriptionMachine = setup({
  types: {
    context: {} as TerminateSubscriptionContext,
    events: {} as TerminateSubscriptionEvent,
    input: {} as TerminateSubscriptionInput,
  },
  actors: {
    /** GET .../{id}/terminate (the dates) and .../{id}/details (number and price) (SPEC.md 7.3). */
    loadTermination: fromPromise<SubscriptionToTerminate, { subscriptionId: string }>(async () => {
      throw new Error('loadTermination is provided by the app');
    }),
    /** PUT .../{id}/terminate with the chosen date (SPEC.md 7.3). */
    terminateSubscription: fromPromise<void, { subscriptionId: string; terminateDate: string }>(async () => {
      throw new Error('terminateSubscription is provided by the app');
    }),
  },
  actions: {
    /** Shows the success page with the end date; the app implements it with the router. */
    showSuccessPage: (_, _params: { subscriptionId: string; terminateDate: string }) => {},
  },
  guards: {
    canTerminate: (_, params: { subscription: SubscriptionToTerminate }) => isTerminable(params.subscription),
    isOffered: ({ context }, params: { terminateDate: string }) => context.subscription?.terminationDates.includes(params.terminateDate) ?? false,
    isBadRequest: failureGuards.isBadRequest,
    hasProblemCode: failureGuards.hasProblemCode,
  },
}).createMachine({
  id: 'terminateSubscription',
  description: 'Terminates a subscription at a date the customer picks and confirms (SPEC.md 4.4).',
  meta: { spec: 'SPEC.md 2.3, 4.3, 4.4, 7.3, 8' },
  context: ({ input }) => ({ subscriptionId: input.subscriptionId, subscription: undefined, chosenDate: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the subscription: its status, its possible termination dates, its number and monthly price.',
      meta: { spec: 'SPEC.md 7.3 GET /api/v2/subscription/subscriptions/{id}/terminate and .../details' },
      invoke: {
        id: 'loadTermination',
        src: 'loadTermination',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: [
          {
            description: 'It can be terminated: offer its dates, the earliest chosen.',
            guard: { type: 'canTerminate', params: ({ event }) => ({ subscription: event.output }) },
            target: 'choosing',
            actions: assign({ subscription: ({ event }) => event.output, chosenDate: ({ event }) => event.output.terminationDates[0] }),
          },
          {
            description: 'Revoked, canceled or already terminated (SPEC.md 4.3): say so, no form.',
            target: 'notTerminable',
            actions: assign({ subscription: ({ event }) => event.output, error: undefined }),
          },
        ],
        onError: { description: 'Any failure to load (a 503 goes to /maintenance first).', target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: {
      description: 'The subscription could not be loaded: an error with a retry.',
      meta: { spec: 'SPEC.md 8 (load errors)' },
      on: {
        'load.retry': { description: 'Load the subscription again.', target: 'loading', actions: assign({ error: undefined }) },
      },
    },
    choosing: {
      description: 'The offered dates as a radio group; after a failed attempt it shows the error and keeps the choice.',
      meta: { spec: 'SPEC.md 2.3 End subscription: pick a termination date; 5.1 termination date required' },
      on: {
        'termination.request': {
          description: 'The customer chose an offered date and asks to terminate: the confirmation dialog.',
          guard: { type: 'isOffered', params: ({ event }) => ({ terminateDate: event.terminateDate }) },
          target: 'confirming',
          actions: assign({ chosenDate: ({ event }) => event.terminateDate, error: undefined }),
        },
      },
    },
    confirming: {
      description: 'The dialog names the subscription, the date and what ends, and asks for confirmation.',
      meta: { spec: 'SPEC.md 2.3, 4.4 confirm in a dialog' },
      on: {
        'termination.confirm': { description: 'The customer confirms: put the termination.', target: 'terminating' },
        'termination.cancel': { description: 'The customer closes the dialog: back to the dates, the choice kept.', target: 'choosing' },
      },
    },
    terminating: {
      description: 'Puts the termination once; the dialog shows it is busy, a second confirmation or a close meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.4, 4.8, 7.3 PUT /api/v2/subscription/subscriptions/{id}/terminate' },
      invoke: {
        id: 'terminateSubscription',
        src: 'terminateSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId, terminateDate: context.chosenDate ?? '' }),
        onDone: { description: 'Terminated: the success page.', target: 'done' },
        onError: [
          {
            description: '400 invalidTerminationDate: the date is no longer offered (the dates moved on): load them again and ask again.',
            guard: { type: 'hasProblemCode', params: ({ event }) => ({ error: event.error, code: 'invalidTerminationDate' }) },
            target: 'loading',
            actions: assign({ error: 'dateNoLongerOffered', chosenDate: undefined }),
          },
          {
            description: '400: terminated meanwhile (e.g. in another tab): isAlreadyTerminated, with the way back to the tickets.',
            guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) },
            target: 'alreadyTerminated',
            actions: assign({ error: 'isAlreadyTerminated' }),
          },
          {
            description: 'Any other failure: keep the choice, show the error, allow trying again.',
            target: 'choosing',
            actions: assign({ error: 'terminationFailed' }),
          },
        ],
      },
    },
    notTerminable: {
      description: 'Revoked, canceled or already terminated when loaded: a clear message and no form.',
      meta: { spec: 'SPEC.md 4.3 already cancelled, no termination offered' },
      type: 'final',
    },
    alreadyTerminated: {
      description: 'The server refused: the subscription was terminated meanwhile (isAlreadyTerminated), with a link to the tickets.',
      meta: { spec: 'SPEC.md 4.4, 8 Termination, 400: isAlreadyTerminated' },
      type: 'final',
    },
    done: {
      description: 'Terminated: the success page with the end date.',
      meta: { spec: 'SPEC.md 2.3, 4.4 then the success page' },
      type: 'final',
      entry: { type: 'showSuccessPage', params: ({ context }) => ({ subscriptionId: context.subscriptionId, terminateDate: context.chosenDate ?? '' }) },
    },
  },
});

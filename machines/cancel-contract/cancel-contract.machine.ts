import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';
import { hasStatus } from '#src/domain/failure';

/**
 * Ending a contract without signing in (§ 312k BGB's cancellation button; issue 10 item 6; decision
 * 22): the public page /cancel-contract, linked from every page's footer.
 *
 * The visitor identifies the subscription (order or subscription number, first and last name, date
 * of birth, and an email address for the confirmation), chooses the next possible date or one of
 * the possible dates, and confirms with "jetzt kündigen" / "cancel now"; the confirmation says what
 * was ended, when the notice was received and when the subscription ends. Failures: no contract
 * with these details (one message, whatever was wrong), already terminated (SPEC.md 8
 * isAlreadyTerminated), too many tries (with the time to try again), anything else (try again,
 * nothing typed is lost: what was sent stays in the context and fills the form again).
 *
 * The machine knows no HTTP, router or text: src/flows/cancel-contract/cancel-contract.actors.ts
 * provides the actors; the screen maps the codes to messages.
 */

/** What the visitor types to identify the subscription, and where the confirmation goes. */
export interface TerminationIdentity {
  /** The order number (A-100001) or the subscription number (S-A100001). */
  number: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthdate: string;
  email: string;
}

/** The identified subscription and its possible termination dates (earliest first). */
export interface TerminationCandidate {
  subscriptionNumber: string;
  orderNumber: string;
  terminationDates: string[];
}

/** `next`: ordinary termination at the next possible date; else one of the possible dates. */
export type TerminationChoice = 'next' | (string & {});

/** The confirmation of the received notice (the contract's TerminationConfirmation). */
export interface TerminationConfirmation {
  subscriptionNumber: string;
  orderNumber: string;
  /** When the notice was received (ISO date-time). */
  receivedAt: string;
  /** The date the subscription ends (YYYY-MM-DD). */
  terminateDate: string;
  email: string;
}

/**
 * What went wrong, as a code the screen translates (machines store codes, never sentences):
 * `contractNotFound` (404, the same for every wrong detail), `tooManyAttempts` (429, with `retryAt`),
 * `lookupFailed` and `terminationFailed` (anything else: try again), `dateNoLongerOffered` (400
 * invalidTerminationDate: the chosen date passed meanwhile, the dates are read again).
 */
export type CancelContractErrorCode = 'contractNotFound' | 'tooManyAttempts' | 'lookupFailed' | 'terminationFailed' | 'dateNoLongerOffered';

export interface CancelContractContext {
  identity: TerminationIdentity | undefined;
  candidate: TerminationCandidate | undefined;
  choice: TerminationChoice;
  confirmation: TerminationConfirmation | undefined;
  error: CancelContractErrorCode | undefined;
  /** After a 429: when the visitor may try again (ISO date-time), as the app read it from Retry-After. */
  retryAt: string | undefined;
}

export type CancelContractEvent =
  | { type: 'identity.submit'; identity: TerminationIdentity }
  | { type: 'identity.edit' }
  | { type: 'termination.choose'; choice: TerminationChoice }
  | { type: 'choice.edit' }
  | { type: 'termination.confirm' };

/**
 * The time to try again that the app put on a 429 failure (`retryAt`), if any. The same as
 * machines/shared/too-many-attempts.ts, which the signed-in flows use: importing it here changed how
 * the build splits its shared chunks and put the start page's initial JavaScript 9 bytes over its
 * 120 KiB budget (tests/build/bundle-budget.test.ts). One home for both once that budget has room.
 */
export function retryAtOf(error: unknown): string | undefined {
  const value = typeof error === 'object' && error !== null ? (error as { retryAt?: unknown }).retryAt : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The date a choice ends the subscription at, for a candidate. */
export function terminateDateOf(candidate: TerminationCandidate, choice: TerminationChoice): string | undefined {
  return choice === 'next' ? candidate.terminationDates[0] : candidate.terminationDates.find((date) => date === choice);
}

export const cancelContractMachine = setup({
  types: {
    context: {} as CancelContractContext,
    events: {} as CancelContractEvent,
  },
  actors: {
    /** POST /api/v2/subscription/terminations/dates (decision 22): the subscription and its possible dates. */
    findTerminationDates: fromPromise<TerminationCandidate, { identity: TerminationIdentity }>(async () => {
      throw new Error('findTerminationDates is provided by the app');
    }),
    /** POST /api/v2/subscription/terminations (decision 22): the termination and its confirmation. */
    requestTermination: fromPromise<TerminationConfirmation, { identity: TerminationIdentity; choice: TerminationChoice }>(async () => {
      throw new Error('requestTermination is provided by the app');
    }),
  },
  guards: {
    hasProblemCode: failureGuards.hasProblemCode,
    isNotFound: failureGuards.isNotFound,
    /** 429: too many failed tries from this browser or address. */
    isTooManyAttempts: (_, params: { error: unknown }) => hasStatus(params.error, 429),
    /** The choice is one of the subscription's possible dates (`next` always is). */
    isOffered: (_, params: { candidate: TerminationCandidate; choice: TerminationChoice }) => terminateDateOf(params.candidate, params.choice) !== undefined,
  },
}).createMachine({
  id: 'cancelContract',
  description: 'Ends a contract without signing in: identify, choose the date, confirm with "jetzt kündigen", the confirmation (§ 312k BGB, decision 22).',
  meta: { spec: 'SPEC.md 4.4, 8; issue 10 item 6; decision 22' },
  context: { identity: undefined, candidate: undefined, choice: 'next', confirmation: undefined, error: undefined, retryAt: undefined },
  initial: 'identify',
  states: {
    identify: {
      description:
        'The visitor identifies the subscription and gives the email for the confirmation; after a failure the form shows the error and what was typed.',
      meta: { spec: 'SPEC.md 3 (contact: firstName, lastName, birthdate), 5.1, 5.2; decision 22: number and email' },
      on: {
        'identity.submit': {
          description: 'The validated details: look the subscription up.',
          target: 'lookingUp',
          actions: assign({ identity: ({ event }) => event.identity, error: undefined, retryAt: undefined }),
        },
      },
    },
    lookingUp: {
      description: 'Looks the subscription up and reads its possible dates, once; a second submit meanwhile is ignored.',
      meta: { spec: 'SPEC.md 7.3 GET .../terminate with birthdate; anonymous: POST /api/v2/subscription/terminations/dates' },
      invoke: {
        id: 'findTerminationDates',
        src: 'findTerminationDates',
        input: ({ context }) => ({ identity: context.identity! }),
        onDone: [
          {
            description: 'Found, and the earlier choice is still possible: choose (it stays selected).',
            guard: { type: 'isOffered', params: ({ context, event }) => ({ candidate: event.output, choice: context.choice }) },
            target: 'choose',
            actions: assign({ candidate: ({ event }) => event.output }),
          },
          {
            description: 'Found; the earlier choice is gone: choose, with the next possible date selected.',
            target: 'choose',
            actions: assign({ candidate: ({ event }) => event.output, choice: 'next' }),
          },
        ],
        onError: [
          {
            description: '400 isAlreadyTerminated: the subscription is already terminated (SPEC.md 8).',
            guard: { type: 'hasProblemCode', params: ({ event }) => ({ error: event.error, code: 'isAlreadyTerminated' }) },
            target: 'alreadyTerminated',
            actions: assign({ error: undefined }),
          },
          {
            description: '404: no contract with these details (the same for every wrong detail).',
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'identify',
            actions: assign({ error: 'contractNotFound' }),
          },
          {
            description: '429: too many failed tries; the form says when to try again.',
            guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'identify',
            actions: assign({ error: 'tooManyAttempts', retryAt: ({ event }) => retryAtOf(event.error) }),
          },
          { description: 'Any other failure: the form again with what was typed; try again.', target: 'identify', actions: assign({ error: 'lookupFailed' }) },
        ],
      },
    },
    choose: {
      description: 'The identified subscription: the next possible date or one of the possible dates.',
      meta: { spec: 'SPEC.md 2.3 pick a termination date; decision 22' },
      on: {
        'termination.choose': {
          description: 'A possible date is chosen: show what will happen and ask for the confirmation.',
          guard: { type: 'isOffered', params: ({ context, event }) => ({ candidate: context.candidate!, choice: event.choice }) },
          target: 'confirm',
          actions: assign({ choice: ({ event }) => event.choice, error: undefined }),
        },
        'identity.edit': { description: 'Back to the details (they stay filled in).', target: 'identify', actions: assign({ error: undefined }) },
      },
    },
    confirm: {
      description:
        'What will be ended and when, with the button "jetzt kündigen" / "cancel now"; after a failed attempt it shows the error and allows another.',
      meta: { spec: 'SPEC.md 4.4 confirm; § 312k BGB: the button "jetzt kündigen"' },
      on: {
        'termination.confirm': { description: 'The visitor confirms: send the termination.', target: 'terminating', actions: assign({ error: undefined }) },
        'choice.edit': { description: 'Back to the dates (the choice stays selected).', target: 'choose', actions: assign({ error: undefined }) },
      },
    },
    terminating: {
      description: 'Sends the termination once; a second press meanwhile is ignored.',
      meta: { spec: 'SPEC.md 7.3 PUT .../terminate; anonymous: POST /api/v2/subscription/terminations' },
      invoke: {
        id: 'requestTermination',
        src: 'requestTermination',
        input: ({ context }) => ({ identity: context.identity!, choice: context.choice }),
        onDone: { description: 'Received: the confirmation.', target: 'done', actions: assign({ confirmation: ({ event }) => event.output }) },
        onError: [
          {
            description: '400 isAlreadyTerminated: terminated meanwhile (e.g. in another tab).',
            guard: { type: 'hasProblemCode', params: ({ event }) => ({ error: event.error, code: 'isAlreadyTerminated' }) },
            target: 'alreadyTerminated',
            actions: assign({ error: undefined }),
          },
          {
            description: '400 invalidTerminationDate: the chosen date passed meanwhile; read the dates again and say so.',
            guard: { type: 'hasProblemCode', params: ({ event }) => ({ error: event.error, code: 'invalidTerminationDate' }) },
            target: 'lookingUp',
            actions: assign({ error: 'dateNoLongerOffered' }),
          },
          {
            description: '404: the details no longer fit a contract (changed meanwhile).',
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'identify',
            actions: assign({ error: 'contractNotFound' }),
          },
          {
            description: '429: too many failed tries from this browser; say when to try again.',
            guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'identify',
            actions: assign({ error: 'tooManyAttempts', retryAt: ({ event }) => retryAtOf(event.error) }),
          },
          {
            description: 'Any other failure: keep the screen, show the error, allow trying again.',
            target: 'confirm',
            actions: assign({ error: 'terminationFailed' }),
          },
        ],
      },
    },
    alreadyTerminated: {
      description: 'The subscription is already terminated (SPEC.md 8 isAlreadyTerminated); the visitor may end another one.',
      meta: { spec: 'SPEC.md 4.4, 8 isAlreadyTerminated' },
      on: {
        'identity.edit': { description: 'End another contract: the details form again, filled in.', target: 'identify' },
      },
    },
    done: {
      description: 'The confirmation: what was ended, when the notice was received, the end date, and where the email went.',
      meta: { spec: 'SPEC.md 4.4 success page; § 312k BGB confirmation (decision 22)' },
      type: 'final',
    },
  },
});

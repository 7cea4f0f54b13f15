import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';
import { type PausePeriod, resumeMonthsOf } from '#src/domain/pause';

/**
 * Pausing a subscription for whole months and ending a pause early (SPEC.md 1, 4.4, 7.3; the
 * rules in src/domain/pause.ts). It loads the subscription's pause state and price; without a
 * pause the customer picks the first and the last month among the pausable ones, reviews what the
 * pause saves in a confirmation and sends it once; with a running or planned pause the customer
 * picks the month the ticket is valid again, confirms, and the pause ends early (or is removed
 * when it has not begun). The result stays on the screen with the new state.
 *
 * Failures keep the customer's choice: a 400 (a month no longer pausable, a resume month already
 * past) and a 409/404 (terminated or paused/resumed meanwhile) get their own code and offer to
 * read the current state again; any other failure offers to try again.
 *
 * The machine knows no HTTP, router or text: src/flows/pause-subscription/pause-subscription.actors.ts
 * provides the actors; the screen maps the codes to messages.
 */

/** The pause state as the contract's SubscriptionPause gives it, plus the month it was read in. */
export interface PauseState {
  canPause: boolean;
  /** The months that can be paused now, ascending (YYYY-MM). */
  pausableMonths: string[];
  /** The running or planned pause; a subscription has at most one. */
  pause: PausePeriod | undefined;
  /** The current month (YYYY-MM) when the state was read: resuming is possible from it on. */
  thisMonth: string;
}

/** What the flow loads: the pause state and, from the subscription's details, its price and end. */
export interface PauseData extends PauseState {
  /** The customer's monthly price in euros: not charged for a paused month. */
  monthlyPrice: number;
  /** The date a termination ends the subscription (YYYY-MM-DD); null when not terminated. */
  terminateDate: string | null;
}

/** What the last change did, shown on the screen with the new state. */
export type PauseResult = { kind: 'paused'; pause: PausePeriod } | { kind: 'resumed'; month: string; removed: boolean };

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type PauseSubscriptionErrorCode =
  | 'loadFailed'
  /** 400 on pause: a chosen month cannot be paused (any more). */
  | 'monthNotPausable'
  /** 409 on pause: the subscription cannot be paused now (terminated or paused meanwhile). */
  | 'pauseNotPossible'
  | 'pauseFailed'
  /** 400 on resume: the chosen month is past. */
  | 'resumeMonthNotPossible'
  /** 404 on resume: no pause covers the month (ended or changed meanwhile). */
  | 'pauseNotFound'
  | 'resumeFailed';

export interface PauseSubscriptionInput {
  subscriptionId: string;
}

export interface PauseSubscriptionContext {
  subscriptionId: string;
  data: PauseData | undefined;
  /** The months the customer chose to pause; kept through failures and a reload when still possible. */
  choice: PausePeriod | undefined;
  /** The month the customer chose to resume from (the ticket is valid again from its first day). */
  resumeMonth: string | undefined;
  result: PauseResult | undefined;
  error: PauseSubscriptionErrorCode | undefined;
}

export type PauseSubscriptionEvent =
  | { type: 'pauseStart.choose'; month: string }
  | { type: 'pauseEnd.choose'; month: string }
  | { type: 'pause.review' }
  | { type: 'pause.confirm' }
  | { type: 'pause.cancel' }
  | { type: 'pause.retry' }
  | { type: 'resumeMonth.choose'; month: string }
  | { type: 'resume.review' }
  | { type: 'resume.confirm' }
  | { type: 'resume.cancel' }
  | { type: 'resume.retry' }
  | { type: 'load.retry' }
  | { type: 'subscription.reload' };

/** The choice kept when it is still possible, else the first pausable month alone. */
function choiceFor(data: PauseData | PauseState, kept: PausePeriod | undefined): PausePeriod | undefined {
  const { pausableMonths } = data;
  if (kept && pausableMonths.includes(kept.pauseFrom) && pausableMonths.includes(kept.pauseUntil) && kept.pauseFrom <= kept.pauseUntil) return kept;
  const first = pausableMonths[0];
  return first ? { pauseFrom: first, pauseUntil: first } : undefined;
}

/** The resume month kept when it is still possible, else the earliest. */
function resumeMonthFor(data: PauseData | PauseState, kept: string | undefined): string | undefined {
  if (!data.pause) return undefined;
  const months = resumeMonthsOf(data.pause, data.thisMonth);
  return kept && months.includes(kept) ? kept : months[0];
}

export const pauseSubscriptionMachine = setup({
  types: {
    context: {} as PauseSubscriptionContext,
    events: {} as PauseSubscriptionEvent,
    input: {} as PauseSubscriptionInput,
  },
  actors: {
    /** GET .../{id}/pause and GET .../{id}/details (SPEC.md 7.3). */
    loadPause: fromPromise<PauseData, { subscriptionId: string }>(async () => {
      throw new Error('loadPause is provided by the app');
    }),
    /** PUT .../{id}/pause with the first and last month (SPEC.md 7.3). */
    pauseSubscription: fromPromise<PauseState, { subscriptionId: string; pause: PausePeriod }>(async () => {
      throw new Error('pauseSubscription is provided by the app');
    }),
    /** DELETE .../{id}/pause?pauseDate= the first day of the month the ticket is valid again (SPEC.md 7.3). */
    resumeSubscription: fromPromise<PauseState, { subscriptionId: string; month: string }>(async () => {
      throw new Error('resumeSubscription is provided by the app');
    }),
  },
  actions: {
    /** The loaded state; the customer's choices are kept where they are still possible. */
    keepLoaded: assign(({ context }, params: { data: PauseData }) => ({
      data: params.data,
      choice: choiceFor(params.data, context.choice),
      resumeMonth: resumeMonthFor(params.data, context.resumeMonth),
    })),
    /** The state a pause or resume answered with; price and end date stay as loaded. */
    keepAnswered: assign(({ context }, params: { state: PauseState; fallbackPause: PausePeriod | undefined }) => {
      const data: PauseData = {
        ...params.state,
        pause: params.state.pause ?? params.fallbackPause,
        monthlyPrice: context.data?.monthlyPrice ?? 0,
        terminateDate: context.data?.terminateDate ?? null,
      };
      return { data, choice: choiceFor(data, undefined), resumeMonth: resumeMonthFor(data, undefined), error: undefined };
    }),
  },
  guards: {
    hasPause: (_, params: { state: PauseState }) => params.state.pause !== undefined,
    canPause: (_, params: { state: PauseState }) => params.state.canPause && params.state.pausableMonths.length > 0,
    /** The month is one of the pausable months (and, for the last month, not before the first). */
    isPausableStart: ({ context }, params: { month: string }) => context.data?.pausableMonths.includes(params.month) ?? false,
    isPausableEnd: ({ context }, params: { month: string }) =>
      (context.data?.pausableMonths.includes(params.month) ?? false) && context.choice !== undefined && params.month >= context.choice.pauseFrom,
    isResumeMonth: ({ context }, params: { month: string }) =>
      context.data?.pause !== undefined && resumeMonthsOf(context.data.pause, context.data.thisMonth).includes(params.month),
    hasChoice: ({ context }) => context.choice !== undefined,
    hasResumeMonth: ({ context }) => context.resumeMonth !== undefined,
    /** Retrying is offered after a failure that was not the customer's choice (5xx, no answer). */
    pauseFailed: ({ context }) => context.error === 'pauseFailed',
    resumeFailed: ({ context }) => context.error === 'resumeFailed',
    /** Reading the state again is offered after an answer that says it changed meanwhile. */
    changedMeanwhile: ({ context }) =>
      context.error === 'monthNotPausable' ||
      context.error === 'pauseNotPossible' ||
      context.error === 'resumeMonthNotPossible' ||
      context.error === 'pauseNotFound',
    isBadRequest: failureGuards.isBadRequest,
    isConflict: failureGuards.isConflict,
    isNotFound: failureGuards.isNotFound,
  },
}).createMachine({
  id: 'pauseSubscription',
  description: 'Pauses a subscription for whole months, or ends its pause early, after the customer confirms (SPEC.md 4.4, 7.3).',
  meta: { spec: 'SPEC.md 1, 4.4, 7.3' },
  context: ({ input }) => ({
    subscriptionId: input.subscriptionId,
    data: undefined,
    choice: undefined,
    resumeMonth: undefined,
    result: undefined,
    error: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the pause state (pausable months, the running or planned pause) and the monthly price.',
      meta: { spec: 'SPEC.md 7.3 GET .../{id}/pause, GET .../{id}/details' },
      invoke: {
        id: 'loadPause',
        src: 'loadPause',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: [
          {
            description: 'A pause is running or planned: show it and offer to end it early.',
            guard: { type: 'hasPause', params: ({ event }) => ({ state: event.output }) },
            target: 'paused',
            actions: { type: 'keepLoaded', params: ({ event }) => ({ data: event.output }) },
          },
          {
            description: 'Months can be paused: the choice of months.',
            guard: { type: 'canPause', params: ({ event }) => ({ state: event.output }) },
            target: 'choosing',
            actions: { type: 'keepLoaded', params: ({ event }) => ({ data: event.output }) },
          },
          {
            description: 'Nothing can be paused (terminated or not running).',
            target: 'notPausable',
            actions: { type: 'keepLoaded', params: ({ event }) => ({ data: event.output }) },
          },
        ],
        onError: { description: 'Any failure to load (a 503 goes to /maintenance first).', target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: {
      description: 'The pause state could not be loaded: the load error, with a retry.',
      meta: { spec: 'SPEC.md 8 (load errors)' },
      on: {
        'load.retry': { description: 'Load again.', target: 'loading', actions: assign({ error: undefined }) },
      },
    },
    choosing: {
      description: 'The customer picks the first and the last paused month and sees what the pause saves; after a failure the choice stays with its message.',
      meta: { spec: 'SPEC.md 1 pause, 7.3 PUT .../{id}/pause' },
      on: {
        'pauseStart.choose': {
          description: 'A pausable first month; the last month moves along when it would be earlier.',
          guard: { type: 'isPausableStart', params: ({ event }) => ({ month: event.month }) },
          actions: assign({
            choice: ({ context, event }) => ({
              pauseFrom: event.month,
              pauseUntil: context.choice && context.choice.pauseUntil >= event.month ? context.choice.pauseUntil : event.month,
            }),
          }),
        },
        'pauseEnd.choose': {
          description: 'A pausable last month, not before the first.',
          guard: { type: 'isPausableEnd', params: ({ event }) => ({ month: event.month }) },
          actions: assign({ choice: ({ context, event }) => ({ pauseFrom: context.choice?.pauseFrom ?? event.month, pauseUntil: event.month }) }),
        },
        'pause.review': {
          description: 'Ask for confirmation, naming the months and the saving.',
          guard: 'hasChoice',
          target: 'confirmingPause',
          actions: assign({ result: undefined }),
        },
        'pause.retry': {
          description: 'After a failure that was not the choice: send the same months again.',
          guard: 'pauseFailed',
          target: 'pausing',
          actions: assign({ error: undefined, result: undefined }),
        },
        'subscription.reload': {
          description: 'After an answer that says it changed meanwhile: read the current state, keeping the choice where possible.',
          guard: 'changedMeanwhile',
          target: 'loading',
          actions: assign({ error: undefined }),
        },
      },
    },
    confirmingPause: {
      description: 'The confirmation dialog names the months, the saving and the month the ticket is valid again.',
      meta: { spec: 'SPEC.md 1 pause, 4.4' },
      on: {
        'pause.confirm': { description: 'The customer confirms: send the pause.', target: 'pausing', actions: assign({ error: undefined }) },
        'pause.cancel': { description: 'Back to the choice, unchanged.', target: 'choosing' },
      },
    },
    pausing: {
      description: 'Sends the pause once; a second confirmation meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.8, 7.3 PUT .../{id}/pause' },
      invoke: {
        id: 'pauseSubscription',
        src: 'pauseSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId, pause: context.choice ?? { pauseFrom: '', pauseUntil: '' } }),
        onDone: {
          description: 'Paused: the result and the pause, which can be ended early.',
          target: 'paused',
          actions: [
            assign({
              result: ({ context, event }) => ({ kind: 'paused' as const, pause: event.output.pause ?? context.choice ?? { pauseFrom: '', pauseUntil: '' } }),
            }),
            { type: 'keepAnswered', params: ({ context, event }) => ({ state: event.output, fallbackPause: context.choice }) },
          ],
        },
        onError: [
          {
            description: '400: a chosen month cannot be paused (any more); the choice stays.',
            guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: assign({ error: 'monthNotPausable' }),
          },
          {
            description: '409: the subscription cannot be paused now (terminated or paused meanwhile); the choice stays.',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: assign({ error: 'pauseNotPossible' }),
          },
          { description: 'Any other failure: the choice stays, trying again is offered.', target: 'choosing', actions: assign({ error: 'pauseFailed' }) },
        ],
      },
    },
    paused: {
      description: 'The running or planned pause, what it saves, and the choice of the month the ticket is valid again to end it early.',
      meta: { spec: 'SPEC.md 1 resume, 7.3 DELETE .../{id}/pause' },
      on: {
        'resumeMonth.choose': {
          description: 'A month from which the pause can end: this month or later, within the pause.',
          guard: { type: 'isResumeMonth', params: ({ event }) => ({ month: event.month }) },
          actions: assign({ resumeMonth: ({ event }) => event.month }),
        },
        'resume.review': {
          description: 'Ask for confirmation, naming the date the ticket is valid again.',
          guard: 'hasResumeMonth',
          target: 'confirmingResume',
          actions: assign({ result: undefined }),
        },
        'resume.retry': {
          description: 'After a failure that was not the choice: send the same month again.',
          guard: 'resumeFailed',
          target: 'resuming',
          actions: assign({ error: undefined, result: undefined }),
        },
        'subscription.reload': {
          description: 'After an answer that says it changed meanwhile: read the current state.',
          guard: 'changedMeanwhile',
          target: 'loading',
          actions: assign({ error: undefined }),
        },
      },
    },
    confirmingResume: {
      description: 'The confirmation dialog names the date the ticket is valid again and the price charged from then on.',
      meta: { spec: 'SPEC.md 1 resume, 4.4' },
      on: {
        'resume.confirm': { description: 'The customer confirms: end the pause.', target: 'resuming', actions: assign({ error: undefined }) },
        'resume.cancel': { description: 'Back to the pause, unchanged.', target: 'paused' },
      },
    },
    resuming: {
      description: 'Ends the pause once; a second confirmation meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.8, 7.3 DELETE .../{id}/pause' },
      invoke: {
        id: 'resumeSubscription',
        src: 'resumeSubscription',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId, month: context.resumeMonth ?? '' }),
        onDone: [
          {
            description: 'The pause is shorter now: the result and the shortened pause.',
            guard: { type: 'hasPause', params: ({ event }) => ({ state: event.output }) },
            target: 'paused',
            actions: [
              assign({ result: ({ context }) => ({ kind: 'resumed' as const, month: context.resumeMonth ?? '', removed: false }) }),
              { type: 'keepAnswered', params: ({ event }) => ({ state: event.output, fallbackPause: undefined }) },
            ],
          },
          {
            description: 'The pause is removed and months can be paused again: the result and the choice of months.',
            guard: { type: 'canPause', params: ({ event }) => ({ state: event.output }) },
            target: 'choosing',
            actions: [
              assign({ result: ({ context }) => ({ kind: 'resumed' as const, month: context.resumeMonth ?? '', removed: true }) }),
              { type: 'keepAnswered', params: ({ event }) => ({ state: event.output, fallbackPause: undefined }) },
            ],
          },
          {
            description: 'The pause is removed and nothing can be paused now: the result.',
            target: 'notPausable',
            actions: [
              assign({ result: ({ context }) => ({ kind: 'resumed' as const, month: context.resumeMonth ?? '', removed: true }) }),
              { type: 'keepAnswered', params: ({ event }) => ({ state: event.output, fallbackPause: undefined }) },
            ],
          },
        ],
        onError: [
          {
            description: '400: the month is past (a new month began meanwhile); the choice stays.',
            guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) },
            target: 'paused',
            actions: assign({ error: 'resumeMonthNotPossible' }),
          },
          {
            description: '404: no pause covers the month any more (ended or changed meanwhile); the choice stays.',
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'paused',
            actions: assign({ error: 'pauseNotFound' }),
          },
          { description: 'Any other failure: the choice stays, trying again is offered.', target: 'paused', actions: assign({ error: 'resumeFailed' }) },
        ],
      },
    },
    notPausable: {
      description: 'The subscription cannot be paused (terminated, ended or not running): says so and leads back to the tickets.',
      meta: { spec: 'SPEC.md 4.3, 4.4' },
      type: 'final',
    },
  },
});

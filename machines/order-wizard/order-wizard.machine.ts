import { and, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';
import { failureEndsRequest, messageKeys } from '#src/domain/failure';
import { skipsPayment } from '#src/domain/price';
import { products } from '#src/domain/product';
import { needsStartMonthWarning } from '#src/domain/start-month';
import { buildSubmitPayload, companyIdOf, isOrderDataComplete } from './order-wizard.payload';
import type {
  AccountData,
  AutoSignInInput,
  FetchQuoteInput,
  FormStepId,
  OrderedParams,
  OrderWizardContext,
  OrderWizardData,
  OrderWizardErrorCode,
  OrderWizardEvent,
  OrderWizardInput,
  OrderWizardOutput,
  Quote,
  RegisterInput,
  RegisterOutput,
  StepId,
  StepNextEvent,
  SubmitOrderInput,
  SubmitOrderOutput,
} from './order-wizard.types';

/**
 * The order wizard (SPEC.md 2.3, 4.1, 6.1, 7.1, 8; docs/architecture.md#layers-and-the-import-direction, #data-and-state): company, start date and
 * traveler, billing address, account (registration variant), summary; then register, auto sign-in
 * and submit, and the page that follows. The machine knows no HTTP, no browser and no clock: the app
 * provides `fetchQuote`, `register`, `autoSignIn`, `submitOrder` and the two page changes
 * (src/flows/order-wizard/order-wizard.actors.ts), tests provide fakes. The types are in
 * order-wizard.types.ts, the payload mapping in order-wizard.payload.ts, the persisted draft in
 * order-wizard.persistence.ts.
 *
 * Decisions (details at the code they concern; docs/decisions/0014-order-wizard.md):
 * - Quotes: the company step's Next quotes the company for the first offered start date
 *   (`quotingCompany`), the start step's Next quotes the chosen start date (`quotingStart`: DEU4900
 *   for deuti, the company for joti and seti). The step stays on screen meanwhile (Next loading);
 *   a failure returns to it with `quoteFailed`, its values still typed. The latest quote wins.
 * - The start-month dialog (SPEC.md 4.1): choosing the current month from day 11 on, or pressing
 *   Next with it, asks first (`startMonthWarning`); a confirmed month is not asked again; a Next
 *   that asked goes on after the confirmation. "Today" comes with the input and `wizard.restored`.
 * - Browser history: `history.popped` moves back one step, or forward one step when the step on
 *   screen has complete stored values (an account without its password cannot go forward).
 * - Idempotency keys come with the input and live in the context, so a retry and a restored
 *   snapshot reuse them. After an answer that ends the logical request the key is renewed
 *   deterministically with `nextIdempotencyKey` (`<uuid>.2`, ...).
 * - After restoring, the app sends `wizard.restored` with whether a session exists; the summary
 *   then asks for the password again (`passwordNeededAgain`) or for a sign-in.
 * - seti: the billing names come from the student record and are read-only in the form; the
 *   machine keeps whatever the billing step sends (the server checks them against the record).
 */

// ---------------------------------------------------------------- pure helpers

export const maxSubmitAttempts = 2;

/** The next idempotency key of a series: `k` → `k.2` → `k.3` (deterministic, so the machine stays pure). */
export function nextIdempotencyKey(key: string): string {
  const match = /^(.*)\.(\d+)$/.exec(key);
  return match ? `${match[1]}.${Number(match[2]) + 1}` : `${key}.2`;
}

/** The account step exists while a visitor still has to register (not once registered or signed in). */
export function accountStepApplies(context: Pick<OrderWizardContext, 'registration' | 'userId' | 'signedIn'>): boolean {
  return context.registration && context.userId === undefined && !context.signedIn;
}

/** The steps of this wizard, in order (SPEC.md 4.1): company and account only where they apply. */
export function stepsOf(context: Pick<OrderWizardContext, 'product' | 'registration' | 'userId' | 'signedIn'>): StepId[] {
  return [
    ...(products[context.product].hasCompanies ? (['company'] as const) : []),
    'startAndTraveler',
    'billing',
    ...(accountStepApplies(context) ? (['account'] as const) : []),
    'summary',
  ];
}

function hasPassword(account: AccountData | undefined): boolean {
  return typeof account?.password === 'string' && account.password !== '';
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** SPEC.md 4.1: the start month is the current month and today is day 11 or later, and it was not confirmed yet. */
function asksAboutStartMonth(startDate: string, context: Pick<OrderWizardContext, 'today' | 'confirmedStartMonth'>): boolean {
  return (
    isoDate.test(startDate) && isoDate.test(context.today) && context.confirmedStartMonth !== startDate && needsStartMonthWarning(startDate, context.today)
  );
}

/**
 * Whether a step's stored values are complete, so the browser's forward button may pass it: the
 * company with its quote; the start step with the quote of its start date (a company changed since
 * has a quote of the first offered month only); the billing address; the account with its password.
 */
function isStepComplete(data: OrderWizardData, step: FormStepId): boolean {
  switch (step) {
    case 'company':
      return data.company !== undefined && data.quote !== undefined;
    case 'startAndTraveler':
      return data.startAndTraveler !== undefined && data.quote !== undefined && data.quotedStartDate === data.startAndTraveler.startDate;
    case 'billing':
      return data.billing !== undefined;
    case 'account':
      return data.account?.isPrivacyStatementAccepted === true && hasPassword(data.account);
  }
}

/** Merges the billing or account step's values into the collected data (the other steps wait for their quote). */
function mergeStep(data: OrderWizardData, event: StepNextEvent): OrderWizardData {
  switch (event.step) {
    case 'billing':
      return { ...data, billing: event.values };
    case 'account':
      return { ...data, account: event.values };
    default:
      return data;
  }
}

// ---------------------------------------------------------------- the machine

export const orderWizardMachine = setup({
  types: {
    input: {} as OrderWizardInput,
    context: {} as OrderWizardContext,
    events: {} as OrderWizardEvent,
    output: {} as OrderWizardOutput,
  },
  actors: {
    /** GET /api/v1/quotation/quotes/{companyId}?subscriptionStartsOn= (SPEC.md 7.2); without a start date, for the first offered one. */
    fetchQuote: fromPromise<Quote, FetchQuoteInput>(async () => {
      throw new Error('order-wizard: the app provides the fetchQuote actor');
    }),
    /** POST /api/v2/auth/register with the Idempotency-Key; it rejects with a failure `failureOf` reads (status, code). */
    register: fromPromise<RegisterOutput, RegisterInput>(async () => {
      throw new Error('order-wizard: the app provides the register actor');
    }),
    /** The auto sign-in grant, routed through the session machine (session.autoSignIn). */
    autoSignIn: fromPromise<unknown, AutoSignInInput>(async () => {
      throw new Error('order-wizard: the app provides the autoSignIn actor');
    }),
    /** POST /api/v3/order/orders/submit with the Idempotency-Key; one attempt per invocation. */
    submitOrder: fromPromise<SubmitOrderOutput, SubmitOrderInput>(async () => {
      throw new Error('order-wizard: the app provides the submitOrder actor');
    }),
  },
  actions: {
    /** The company step's values wait for their quote. */
    holdCompany: assign(({ event }) => (event.type === 'step.next' && event.step === 'company' ? { pendingCompany: event.values, error: undefined } : {})),
    storeCompany: assign(({ context }, params: { quote: Quote }) => ({
      data: { ...context.data, company: context.pendingCompany, quote: params.quote, quotedStartDate: undefined },
      pendingCompany: undefined,
      error: undefined,
    })),
    /** The start step's values wait for their quote (or for the start-month answer). */
    holdStart: assign(({ event }) =>
      event.type === 'step.next' && event.step === 'startAndTraveler'
        ? { pendingStart: event.values, chosenStartDate: event.values.startDate, error: undefined }
        : {},
    ),
    storeStart: assign(({ context }, params: { quote: Quote }) => ({
      data: { ...context.data, startAndTraveler: context.pendingStart, quote: params.quote, quotedStartDate: context.pendingStart?.startDate },
      pendingStart: undefined,
      chosenStartDate: undefined,
      error: undefined,
    })),
    dropPending: assign({ pendingCompany: undefined, pendingStart: undefined }),
    /** Asked when the month is chosen in the form: "no" goes back to the month chosen before. */
    askStartMonth: assign(({ context, event }) =>
      event.type === 'startDate.chosen'
        ? { startMonthQuestion: { month: event.startDate, revertTo: context.chosenStartDate ?? context.data.startAndTraveler?.startDate ?? '' } }
        : {},
    ),
    /** Asked on Next (a restored month, or a new day): "no" leaves no month chosen. */
    askStartMonthOnNext: assign(({ event }) =>
      event.type === 'step.next' && event.step === 'startAndTraveler'
        ? { startMonthQuestion: { month: event.values.startDate, revertTo: '' }, chosenStartDate: event.values.startDate, error: undefined }
        : {},
    ),
    rememberChosenStartDate: assign(({ event }) => (event.type === 'startDate.chosen' ? { chosenStartDate: event.startDate } : {})),
    confirmStartMonth: assign(({ context }) => ({
      confirmedStartMonth: context.startMonthQuestion?.month,
      chosenStartDate: context.startMonthQuestion?.month,
      startMonthQuestion: undefined,
    })),
    rejectStartMonth: assign(({ context }) => ({
      chosenStartDate: context.startMonthQuestion?.revertTo,
      startMonthQuestion: undefined,
      pendingStart: undefined,
    })),
    /** Leaving the start step without storing it: what the form showed is forgotten. */
    leaveStartStep: assign({ error: undefined, chosenStartDate: undefined, pendingStart: undefined, startMonthQuestion: undefined }),
    storeStep: assign(({ context, event }) => (event.type === 'step.next' ? { data: mergeStep(context.data, event), error: undefined } : {})),
    clearError: assign({ error: undefined }),
    storeSummary: assign(({ context, event }) =>
      event.type === 'order.submit' ? { data: { ...context.data, summary: event.values }, error: undefined, submitAttempts: 0 } : {},
    ),
    setError: assign((_, params: { code: OrderWizardErrorCode }) => ({ error: params.code })),
    storeRegistration: assign((_, output: RegisterOutput) => ({ userId: output.userId, autoSignInCode: output.autoSignInCode })),
    renewRegisterKey: assign(({ context }) => ({ registerKey: nextIdempotencyKey(context.registerKey) })),
    renewRegisterKeyIfEnded: assign(({ context }, params: { error: unknown }) => ({
      registerKey: failureEndsRequest(params.error) ? nextIdempotencyKey(context.registerKey) : context.registerKey,
    })),
    storeSignIn: assign({ signedIn: true, autoSignInCode: undefined }),
    countSubmitAttempt: assign(({ context }) => ({ submitAttempts: context.submitAttempts + 1 })),
    storeOrder: assign(({ context }, output: SubmitOrderOutput) => ({ orderNumber: output.orderNumber, submitKey: nextIdempotencyKey(context.submitKey) })),
    renewSubmitKeyIfEnded: assign(({ context }, params: { error: unknown }) => ({
      submitKey: failureEndsRequest(params.error) ? nextIdempotencyKey(context.submitKey) : context.submitKey,
    })),
    /** A session that exists now, and the customer's day (the app sends both after mounting). */
    recordRestored: assign(({ context, event }) =>
      event.type === 'wizard.restored' ? { signedIn: context.signedIn || event.signedIn, today: event.today } : {},
    ),
    /** SPEC.md 4.1: the payment page of the order; the app implements it with the router. */
    showPaymentPage: (_, _params: OrderedParams) => {},
    /** SPEC.md 4.1: nothing to pay, the order confirmation; the app implements it with the router. */
    showConfirmationPage: (_, _params: OrderedParams) => {},
  },
  guards: {
    hasCompanyStep: ({ context }) => products[context.product].hasCompanies,
    hasAccountStep: ({ context }) => accountStepApplies(context),
    isStep: ({ event }, params: { step: FormStepId }) => event.type === 'step.next' && event.step === params.step,
    isGoTo: ({ event }, params: { step: FormStepId }) => event.type === 'step.goTo' && event.step === params.step,
    /** SPEC.md 6.1: where the traveler must be the subscriber (joti, seti), isTraveler must be true. */
    travelerAllowed: ({ context, event }) =>
      event.type === 'step.next' && event.step === 'startAndTraveler' && (!products[context.product].travelerMustBeSubscriber || event.values.isTraveler),
    /** SPEC.md 4.1: the month chosen (or sent with Next) is the current month from day 11 on, not confirmed yet. */
    asksAboutStartMonth: ({ context, event }) =>
      (event.type === 'startDate.chosen' && asksAboutStartMonth(event.startDate, context)) ||
      (event.type === 'step.next' && event.step === 'startAndTraveler' && asksAboutStartMonth(event.values.startDate, context)),
    /** A Next waits for the start-month answer. */
    nextWaits: ({ context }) => context.pendingStart !== undefined,
    isPoppedTo: ({ event }, params: { step: StepId }) => event.type === 'history.popped' && event.step === params.step,
    /** The step on screen has complete stored values (see `isStepComplete`). */
    isStepComplete: ({ context }, params: { step: FormStepId }) => isStepComplete(context.data, params.step),
    /** Terms accepted (SPEC.md 5.2), every part there, and the password where a registration is due. */
    canOrder: ({ context, event }) =>
      event.type === 'order.submit' &&
      event.values.areConditionsOfTransportAccepted &&
      event.values.areAgbAccepted &&
      isOrderDataComplete(context.data, context.product) &&
      (context.userId !== undefined || context.signedIn || (context.data.account?.isPrivacyStatementAccepted === true && hasPassword(context.data.account))),
    needsRegistration: ({ context }) => context.userId === undefined && !context.signedIn,
    needsSignIn: ({ context }) => !context.signedIn,
    hasAutoSignInCode: ({ context }) => context.autoSignInCode !== undefined,
    /** 409, not an idempotency conflict: SPEC.md section 8's mailAddressAlreadyExists. */
    isMailAddressTaken: (_, params: { error: unknown }) => messageKeys.register(params.error) === 'mailAddressAlreadyExists',
    isBadRequest: failureGuards.isBadRequest,
    canRetrySubmit: ({ context }) => context.submitAttempts < maxSubmitAttempts,
    /** SPEC.md 4.1: the quote's customerPrice is 0. */
    skipsPayment: ({ context }) => context.data.quote !== undefined && skipsPayment(context.data.quote),
    /** Restored before registering, and the password was not persisted: it has to be typed again. */
    passwordNeededAgain: ({ context, event }) =>
      event.type === 'wizard.restored' && accountStepApplies(context) && !event.signedIn && !hasPassword(context.data.account),
    /** Restored after registering but before the auto sign-in: the code is gone, a sign-in is needed. */
    signInNeededAgain: ({ context, event }) =>
      event.type === 'wizard.restored' && context.userId !== undefined && !context.signedIn && !event.signedIn && context.autoSignInCode === undefined,
    restoredSignedIn: ({ context, event }) => event.type === 'wizard.restored' && event.signedIn && !context.signedIn,
  },
}).createMachine({
  id: 'orderWizard',
  description: 'The order wizard: steps with their quotes, then register (visitors), auto sign-in, submit and the next page (SPEC.md 4.1).',
  meta: { spec: 'SPEC.md 2.3, 4.1, 6.1, 7.1, 8; docs/architecture.md#layers-and-the-import-direction, #data-and-state' },
  context: ({ input }) => ({
    product: input.product,
    registration: input.registration,
    affiliate: input.affiliate,
    today: input.today,
    data: {},
    error: undefined,
    registerKey: input.idempotencyKeys.register,
    submitKey: input.idempotencyKeys.submit,
    userId: undefined,
    autoSignInCode: undefined,
    signedIn: !input.registration,
    submitAttempts: 0,
    orderNumber: undefined,
    pendingCompany: undefined,
    pendingStart: undefined,
    chosenStartDate: undefined,
    confirmedStartMonth: undefined,
    startMonthQuestion: undefined,
  }),
  output: ({ context }) => ({ orderNumber: context.orderNumber ?? '', skipPayment: context.data.quote ? skipsPayment(context.data.quote) : false }),
  initial: 'company',
  on: {
    'wizard.restored': {
      description: 'Sent by the app after mounting (a restored draft or a new one): notes a session that exists now, and today.',
      actions: 'recordRestored',
    },
  },
  states: {
    company: {
      description: 'Company and staff (matriculation) number; only for products with several company ids (joti, seti).',
      meta: { spec: 'SPEC.md 4.1, 5.3, 6.1' },
      always: {
        description: 'deuti has no company step: the wizard starts with the start date.',
        guard: not('hasCompanyStep'),
        target: 'startAndTraveler',
      },
      on: {
        'step.next': {
          description: 'Next: the company is quoted before the wizard goes on.',
          guard: { type: 'isStep', params: { step: 'company' } },
          target: 'quotingCompany',
          actions: 'holdCompany',
        },
        'history.popped': {
          description: 'Browser forward: on to the start step when the company and its quote are stored.',
          guard: and([
            { type: 'isPoppedTo', params: { step: 'startAndTraveler' as const } },
            { type: 'isStepComplete', params: { step: 'company' as const } },
          ]),
          target: 'startAndTraveler',
          actions: 'clearError',
        },
      },
    },
    quotingCompany: {
      description: 'The quote of the company for the first offered start month; the company step stays on screen, Next loading.',
      meta: { spec: 'SPEC.md 4.1, 4.2, 7.2' },
      invoke: {
        id: 'companyQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({
          companyId: companyIdOf({ company: context.pendingCompany }, context.product),
          startDate: undefined,
          product: context.product,
        }),
        onDone: {
          description: 'Quoted: the company and its quote are stored; on to the start step.',
          target: 'startAndTraveler',
          actions: { type: 'storeCompany', params: ({ event }) => ({ quote: event.output }) },
        },
        onError: {
          description: 'No quote: back to the company step with quoteFailed; what was typed stays in the form.',
          target: 'company',
          actions: ['dropPending', { type: 'setError', params: { code: 'quoteFailed' } }],
        },
      },
    },
    startAndTraveler: {
      description: 'Start month and traveler; the current month from day 11 on asks first (SPEC.md 4.1).',
      meta: { spec: 'SPEC.md 4.1, 5.1, 6.1' },
      on: {
        'startDate.chosen': [
          {
            description: 'The current month from day 11 on, not confirmed yet: the dialog asks.',
            guard: 'asksAboutStartMonth',
            target: 'startMonthWarning',
            actions: 'askStartMonth',
          },
          { description: 'Any other month: noted, so "another month" can go back to it.', actions: 'rememberChosenStartDate' },
        ],
        'step.next': [
          {
            description: 'Next with the current month from day 11 on, not confirmed yet (e.g. restored): the dialog asks; Next waits for the answer.',
            guard: and([{ type: 'isStep', params: { step: 'startAndTraveler' as const } }, 'travelerAllowed', 'asksAboutStartMonth']),
            target: 'startMonthWarning',
            actions: ['holdStart', 'askStartMonthOnNext'],
          },
          {
            description: 'Next: the chosen start month is quoted (DEU4900 for deuti, the company for joti and seti) before the wizard goes on.',
            guard: and([{ type: 'isStep', params: { step: 'startAndTraveler' as const } }, 'travelerAllowed']),
            target: 'quotingStart',
            actions: 'holdStart',
          },
        ],
        'step.back': {
          description: 'Back only where a company step exists: previous never goes below the first step (SPEC.md 4.1).',
          guard: 'hasCompanyStep',
          target: 'company',
          actions: 'leaveStartStep',
        },
        'history.popped': [
          {
            description: 'Browser back: the company step, where there is one.',
            guard: and([{ type: 'isPoppedTo', params: { step: 'company' as const } }, 'hasCompanyStep']),
            target: 'company',
            actions: 'leaveStartStep',
          },
          {
            description: 'Browser forward: on to billing when the start step and the quote of its month are stored.',
            guard: and([
              { type: 'isPoppedTo', params: { step: 'billing' as const } },
              { type: 'isStepComplete', params: { step: 'startAndTraveler' as const } },
            ]),
            target: 'billing',
            actions: 'leaveStartStep',
          },
        ],
      },
    },
    startMonthWarning: {
      description: 'The start-month dialog over the start step: start in the current month (a whole month is paid) or choose another.',
      meta: { spec: 'SPEC.md 4.1, 9' },
      on: {
        'startMonth.confirm': [
          {
            description: 'Confirmed, and a Next waits: the month is quoted and the wizard goes on.',
            guard: 'nextWaits',
            target: 'quotingStart',
            actions: 'confirmStartMonth',
          },
          { description: 'Confirmed in the form: the month stays chosen; Next will not ask again.', target: 'startAndTraveler', actions: 'confirmStartMonth' },
        ],
        'startMonth.reject': {
          description: 'Another month, please: the form goes back to the month chosen before (none after a Next); a waiting Next is dropped.',
          target: 'startAndTraveler',
          actions: 'rejectStartMonth',
        },
      },
    },
    quotingStart: {
      description: 'The quote of the chosen start month; the start step stays on screen, Next loading.',
      meta: { spec: 'SPEC.md 4.1, 4.2, 7.2' },
      invoke: {
        id: 'startQuote',
        src: 'fetchQuote',
        input: ({ context }) => ({
          companyId: companyIdOf(context.data, context.product),
          startDate: context.pendingStart?.startDate,
          product: context.product,
        }),
        onDone: {
          description: 'Quoted: the start step and its quote are stored (the latest quote wins); on to billing.',
          target: 'billing',
          actions: { type: 'storeStart', params: ({ event }) => ({ quote: event.output }) },
        },
        onError: {
          description: 'No quote: back to the start step with quoteFailed; what was typed stays in the form.',
          target: 'startAndTraveler',
          actions: ['dropPending', { type: 'setError', params: { code: 'quoteFailed' } }],
        },
      },
      on: {
        'step.back': {
          description: 'Back while quoting: the quote is dropped (only where a company step exists).',
          guard: 'hasCompanyStep',
          target: 'company',
          actions: 'leaveStartStep',
        },
      },
    },
    billing: {
      description: 'Billing address; for seti the names are read-only (student record) and kept as sent.',
      meta: { spec: 'SPEC.md 4.1, 5.1, 6.1' },
      on: {
        'step.next': [
          {
            description: 'A visitor who still has to register goes on to the account step.',
            guard: and([{ type: 'isStep', params: { step: 'billing' as const } }, 'hasAccountStep']),
            target: 'account',
            actions: 'storeStep',
          },
          {
            description: 'Signed in, or registered already: there is no account step.',
            guard: { type: 'isStep', params: { step: 'billing' } },
            target: 'summary',
            actions: 'storeStep',
          },
        ],
        'step.back': { target: 'startAndTraveler', actions: 'clearError' },
        'history.popped': [
          {
            description: 'Browser back: the start step.',
            guard: { type: 'isPoppedTo', params: { step: 'startAndTraveler' } },
            target: 'startAndTraveler',
            actions: 'clearError',
          },
          {
            description: 'Browser forward: the account step, when the billing address is stored.',
            guard: and([
              { type: 'isPoppedTo', params: { step: 'account' as const } },
              'hasAccountStep',
              { type: 'isStepComplete', params: { step: 'billing' as const } },
            ]),
            target: 'account',
            actions: 'clearError',
          },
          {
            description: 'Browser forward: the summary (no account step), when the billing address is stored.',
            guard: and([
              { type: 'isPoppedTo', params: { step: 'summary' as const } },
              not('hasAccountStep'),
              { type: 'isStepComplete', params: { step: 'billing' as const } },
            ]),
            target: 'summary',
            actions: 'clearError',
          },
        ],
      },
    },
    account: {
      description: 'Registration data of a visitor (registration variant only); also where a taken address or a lost password sends the customer.',
      meta: { spec: 'SPEC.md 3, 4.1, 5.2, 8' },
      on: {
        'step.next': { guard: { type: 'isStep', params: { step: 'account' } }, target: 'summary', actions: 'storeStep' },
        'step.back': { target: 'billing', actions: 'clearError' },
        'history.popped': [
          {
            description: 'Browser back: the billing step.',
            guard: { type: 'isPoppedTo', params: { step: 'billing' } },
            target: 'billing',
            actions: 'clearError',
          },
          {
            description: 'Browser forward: the summary, only with the account and its password stored (a password is never restored).',
            guard: and([
              { type: 'isPoppedTo', params: { step: 'summary' as const } },
              { type: 'isStepComplete', params: { step: 'account' as const } },
            ]),
            target: 'summary',
            actions: 'clearError',
          },
        ],
        'wizard.restored': {
          description: 'Signed in meanwhile (e.g. with the existing account): no registration, so no account step.',
          guard: 'restoredSignedIn',
          target: 'summary',
          actions: ['recordRestored', 'clearError'],
        },
      },
    },
    summary: {
      description: 'Everything collected, the terms to accept, and the order button; parts can be edited.',
      meta: { spec: 'SPEC.md 3 (order summary), 4.1, 8' },
      on: {
        'order.submit': [
          {
            description: 'Visitors register first, exactly once (SPEC.md 4.1).',
            guard: and(['canOrder', 'needsRegistration']),
            target: 'registering',
            actions: 'storeSummary',
          },
          {
            description: 'Registered, but the auto sign-in has not succeeded yet.',
            guard: and(['canOrder', 'needsSignIn', 'hasAutoSignInCode']),
            target: 'signingIn',
            actions: 'storeSummary',
          },
          {
            description: 'A session exists (signed-in variant, or after the auto sign-in): submit the order.',
            guard: and(['canOrder', not('needsSignIn')]),
            target: 'submitting',
            actions: 'storeSummary',
          },
        ],
        'step.back': [
          {
            description: 'The step before the summary is the account step while a visitor still has to register.',
            guard: 'hasAccountStep',
            target: 'account',
            actions: 'clearError',
          },
          { description: 'Otherwise the billing step.', target: 'billing', actions: 'clearError' },
        ],
        'history.popped': [
          {
            description: 'Browser back: the account step while a visitor still has to register.',
            guard: and([{ type: 'isPoppedTo', params: { step: 'account' as const } }, 'hasAccountStep']),
            target: 'account',
            actions: 'clearError',
          },
          {
            description: 'Browser back: otherwise the billing step.',
            guard: and([{ type: 'isPoppedTo', params: { step: 'billing' as const } }, not('hasAccountStep')]),
            target: 'billing',
            actions: 'clearError',
          },
        ],
        'step.goTo': [
          {
            description: 'Edit a part from the summary; company and account only where those steps exist.',
            guard: and([{ type: 'isGoTo', params: { step: 'company' as const } }, 'hasCompanyStep']),
            target: 'company',
            actions: 'clearError',
          },
          { guard: { type: 'isGoTo', params: { step: 'startAndTraveler' } }, target: 'startAndTraveler', actions: 'clearError' },
          { guard: { type: 'isGoTo', params: { step: 'billing' } }, target: 'billing', actions: 'clearError' },
          { guard: and([{ type: 'isGoTo', params: { step: 'account' as const } }, 'hasAccountStep']), target: 'account', actions: 'clearError' },
        ],
        'wizard.restored': [
          {
            description: 'Restored before registering: the password was not persisted, so the account step asks for it again.',
            guard: 'passwordNeededAgain',
            target: 'account',
            actions: ['recordRestored', { type: 'setError', params: { code: 'passwordNeededAgain' } }],
          },
          {
            description: 'Restored after registering but before the auto sign-in: the code is gone; the summary offers a sign-in.',
            guard: 'signInNeededAgain',
            actions: ['recordRestored', { type: 'setError', params: { code: 'autoSignInFailed' } }],
          },
        ],
      },
    },
    registering: {
      description: 'POST register with the register key; the account data, company and product go along.',
      meta: { spec: 'SPEC.md 4.1, 7.5, 8' },
      on: {
        'wizard.restored': {
          description: 'Never restored here (persisted as the summary); a session appearing meanwhile changes nothing until the call ends.',
        },
      },
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          account: {
            mailAddress: context.data.account?.mailAddress ?? '',
            password: context.data.account?.password ?? '',
            isPrivacyStatementAccepted: context.data.account?.isPrivacyStatementAccepted ?? false,
            isMarketingInformationAccepted: context.data.account?.isMarketingInformationAccepted ?? false,
          },
          companyId: companyIdOf(context.data, context.product),
          product: context.product,
          affiliate: context.affiliate,
          idempotencyKey: context.registerKey,
        }),
        onDone: { target: 'signingIn', actions: [{ type: 'storeRegistration', params: ({ event }) => event.output }, 'renewRegisterKey'] },
        onError: [
          {
            description: '409: the address is registered already; back to the account step with the message.',
            guard: { type: 'isMailAddressTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'account',
            actions: [
              { type: 'renewRegisterKeyIfEnded', params: ({ event }) => ({ error: event.error }) },
              { type: 'setError', params: { code: 'mailAddressAlreadyExists' } },
            ],
          },
          {
            description: 'Any other failure: back to the summary with the message; the key is renewed only when the failure ended the request.',
            target: 'summary',
            actions: [
              { type: 'renewRegisterKeyIfEnded', params: ({ event }) => ({ error: event.error }) },
              { type: 'setError', params: { code: 'registerFailed' } },
            ],
          },
        ],
      },
    },
    signingIn: {
      description: 'The auto sign-in grant with the code of the registration (the app routes it through the session machine).',
      meta: { spec: 'SPEC.md 4.7, 7.5' },
      on: {
        'wizard.restored': { description: 'Never restored here (persisted as the summary): ignored.' },
      },
      invoke: {
        id: 'autoSignIn',
        src: 'autoSignIn',
        input: ({ context }) => ({ code: context.autoSignInCode ?? '' }),
        onDone: { target: 'submitting', actions: 'storeSignIn' },
        onError: {
          description: 'The account exists; the summary offers to try again or to sign in.',
          target: 'summary',
          actions: { type: 'setError', params: { code: 'autoSignInFailed' } },
        },
      },
    },
    submitting: {
      description: 'One submit attempt with the submit key; the order counts as submitted from here (SPEC.md 4.1).',
      meta: { spec: 'SPEC.md 4.1, 7.1, 8, 9' },
      entry: 'countSubmitAttempt',
      invoke: {
        id: 'submitOrder',
        src: 'submitOrder',
        input: ({ context }) => ({ payload: buildSubmitPayload(context.data, context.product, context.affiliate), idempotencyKey: context.submitKey }),
        onDone: [
          {
            description: 'Ordered, nothing to pay (customerPrice 0): the order confirmation.',
            guard: 'skipsPayment',
            target: 'done',
            actions: [
              { type: 'storeOrder', params: ({ event }) => event.output },
              { type: 'showConfirmationPage', params: ({ event }) => ({ orderNumber: event.output.orderNumber }) },
            ],
          },
          {
            description: 'Ordered: the payment page.',
            target: 'done',
            actions: [
              { type: 'storeOrder', params: ({ event }) => event.output },
              { type: 'showPaymentPage', params: ({ event }) => ({ orderNumber: event.output.orderNumber }) },
            ],
          },
        ],
        onError: [
          {
            description: '400 is never retried (SPEC.md 7.1).',
            guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) },
            target: 'summary',
            actions: [
              { type: 'renewSubmitKeyIfEnded', params: ({ event }) => ({ error: event.error }) },
              { type: 'setError', params: { code: 'submittingError400' } },
            ],
          },
          {
            description: 'The second and last attempt, with the same key: a replay cannot make a second order.',
            guard: 'canRetrySubmit',
            target: 'submitting',
            reenter: true,
          },
          {
            description: 'The second attempt failed too: back to the summary with the message; the order no longer counts as submitted.',
            target: 'summary',
            actions: [
              { type: 'renewSubmitKeyIfEnded', params: ({ event }) => ({ error: event.error }) },
              { type: 'setError', params: { code: 'submittingError' } },
            ],
          },
        ],
      },
    },
    done: {
      description: 'Ordered: the wizard has shown the payment page, or the confirmation when nothing is to be paid (SPEC.md 4.1).',
      meta: { spec: 'SPEC.md 2.3 (order confirmation), 4.1 (on success)' },
      type: 'final',
    },
  },
});

export type OrderWizardSnapshot = SnapshotFrom<typeof orderWizardMachine>;

import { and, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';

import { defaultCountry } from '#src/domain/address';
import type { Gender } from '#src/domain/personal-fields';
import { skipsPayment } from '#src/domain/price';
import { defaultCompanyId, type ProductName, products } from '#src/domain/product';

/**
 * The order wizard (SPEC.md 2.3, 4.1, 6.1, 7.1, 8; DESIGN.md 1, 3): company, start date and
 * traveler, billing address, account (registration variant), summary; then register, auto sign-in
 * and submit. The machine knows no HTTP and no browser: the app provides `register`, `autoSignIn`
 * and `submitOrder` (src/flows/order-wizard/), tests provide fakes.
 *
 * Decisions (details at the code they concern):
 * - Idempotency keys come with the input (`idempotencyKeys`, UUIDs the app makes) and live in the
 *   context, so a retry and a restored snapshot reuse them. After an answer that ends the logical
 *   request (success, or a 4xx other than 409 in flight / 422 key reused) the key is renewed
 *   deterministically with `nextIdempotencyKey` (`<uuid>.2`, `<uuid>.3`, ...): the server stores
 *   4xx answers under the key, so a corrected request needs a new one.
 * - The quote travels with the step that has it: the company step (joti, seti) and, optionally, the
 *   start-date step (deuti always: quote of DEU4900 for the chosen start date). The latest wins.
 * - Persistence: `toPersistable` drops password, repeatPassword and the auto sign-in code. A
 *   snapshot in `registering` or `signingIn` is persisted as `summary` (its promise could not run
 *   again without those). After restoring, the app sends `wizard.restored` with whether a session
 *   exists; the summary then asks for the password again (`passwordNeededAgain`) or for a sign-in.
 * - seti: the billing names come from the student record and are read-only in the form; the
 *   machine keeps whatever the billing step sends (the server checks them against the record).
 */

// ---------------------------------------------------------------- step values (the events' payloads)

/** The contract's Quote (prices in euro; `customerPrice` 0 skips the payment). */
export interface Quote {
  customerRealPrice: number;
  totalPrice: number;
  customerPrice: number;
  employerPrice: number;
  quoteId: string;
}

export interface CompanyValues {
  companyId: string;
  staffNumber: string;
  /** The quote of this company (GET /api/v1/quotation/quotes/{companyId}). */
  quote: Quote;
  /** seti: the names the matriculation number was checked against; they become the billing names. */
  student?: { firstName: string; lastName: string };
}

export interface Person {
  firstName: string;
  lastName: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthdate: string;
}

/** When isTraveler is true the subscriber travels; otherwise the traveler is given (SPEC.md 5.1). */
export type StartAndTravelerValues = { startDate: string; quote?: Quote } & ({ isTraveler: true; traveler?: undefined } | { isTraveler: false; traveler: Person });

export interface BillingValues extends Person {
  zipCode: string;
  city: string;
  street: string;
  houseNumber: string;
  addition?: string;
  country: string;
}

export interface AccountValues {
  mailAddress: string;
  password: string;
  repeatPassword: string;
  isPrivacyStatementAccepted: boolean;
  isMarketingInformationAccepted: boolean;
}

/** The account as kept in the context: the password is gone after a restore (never persisted). */
export type AccountData = Omit<AccountValues, 'password' | 'repeatPassword'> & { password?: string; repeatPassword?: string };

export interface SummaryValues {
  areConditionsOfTransportAccepted: boolean;
  areAgbAccepted: boolean;
}

export interface StepValues {
  company: CompanyValues;
  startAndTraveler: StartAndTravelerValues;
  billing: BillingValues;
  account: AccountValues;
}

export type StepId = 'company' | 'startAndTraveler' | 'billing' | 'account' | 'summary';
/** The steps `step.next` and `step.goTo` name (the summary's "next" is `order.submit`). */
export type FormStepId = keyof StepValues;

/** What the steps collected (SPEC.md 4.1: next merges a step's values into the collected data). */
export interface OrderWizardData {
  company?: CompanyValues;
  startAndTraveler?: StartAndTravelerValues;
  billing?: BillingValues;
  account?: AccountData;
  summary?: SummaryValues;
  /** The latest quote any step brought (company step, or the start-date step). */
  quote?: Quote;
}

// ---------------------------------------------------------------- input, context, events

export interface OrderWizardInput {
  product: ProductName;
  /** The visitor variant with the account step: the wizard registers before it orders. */
  registration: boolean;
  /** One UUID per logical request, made by the app (crypto.randomUUID()). */
  idempotencyKeys: { register: string; submit: string };
  /** The affiliate the visitor came from, passed on to register and submit. */
  affiliate?: string;
}

/** Codes, never sentences (SPEC.md 8; the screen maps them to messages). */
export type OrderWizardErrorCode = 'submittingError400' | 'submittingError' | 'mailAddressAlreadyExists' | 'registerFailed' | 'autoSignInFailed' | 'passwordNeededAgain';

export interface OrderWizardContext {
  product: ProductName;
  registration: boolean;
  affiliate: string | undefined;
  data: OrderWizardData;
  error: OrderWizardErrorCode | undefined;
  registerKey: string;
  submitKey: string;
  /** Set once the registration succeeded: it never runs again. */
  userId: string | undefined;
  /** The single-use code of the auto sign-in grant; never persisted. */
  autoSignInCode: string | undefined;
  /** A session exists: from the start in the signed-in variant, after the auto sign-in otherwise. */
  signedIn: boolean;
  /** Submit attempts of the current order.submit (SPEC.md 7.1, 9: at most 2, no retry on 400). */
  submitAttempts: number;
  orderNumber: string | undefined;
}

export type StepNextEvent = { [S in FormStepId]: { type: 'step.next'; step: S; values: StepValues[S] } }[FormStepId];

export type OrderWizardEvent =
  | StepNextEvent
  | { type: 'step.back' }
  | { type: 'step.goTo'; step: FormStepId }
  | { type: 'order.submit'; values: SummaryValues }
  | { type: 'wizard.restored'; signedIn: boolean };

export interface OrderWizardOutput {
  orderNumber: string;
  /** SPEC.md 4.1: true when the quote's customerPrice is 0 (confirmation page instead of payment). */
  skipPayment: boolean;
}

// ---------------------------------------------------------------- actors' contracts

/**
 * How an actor fails: HTTP failures reject with the status and, where the problem body has one,
 * its code (`{ status: 409, code: 'mailAddressAlreadyExists' }`). Anything else (network) rejects
 * with whatever it has and counts as an unexpected failure.
 */
export interface OrderWizardFailure {
  status?: number;
  code?: string;
}

export interface RegisterInput {
  account: { mailAddress: string; password: string; isPrivacyStatementAccepted: boolean; isMarketingInformationAccepted: boolean };
  companyId: string;
  product: ProductName;
  affiliate: string | undefined;
  idempotencyKey: string;
}

export interface RegisterOutput {
  userId: string;
  autoSignInCode: string;
}

export interface SubmitOrderInput {
  payload: OrderSubmitPayload;
  idempotencyKey: string;
}

export interface SubmitOrderOutput {
  orderNumber: string;
}

/**
 * The contract's OrderSubmitRequest (openapi/portal.yaml), written out here because machines/ may
 * not import openapi/; tests/machines/order-wizard.machine.test.ts checks both are the same type.
 */
export interface OrderSubmitPayload {
  billing_address: {
    gender: Gender;
    first_name: string;
    last_name: string;
    street: string;
    house_number: string;
    city: string;
    zip_code: string;
    addition?: string;
    birthdate: string;
    country: string;
  };
  traveler: { birthdate: string; first_name: string; last_name: string; gender: Gender };
  company_user_info?: { company_id: string; staff_number: string };
  has_agreed_to_tariff_terms_and_conditions: true;
  has_agreed_to_agb: true;
  subscription_starts_at: string;
  affiliate?: string;
  product?: ProductName;
  quoteId: string;
}

// ---------------------------------------------------------------- pure helpers

export const maxSubmitAttempts = 2;

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Whether a failure ended the logical request, so the next request needs a new key: any 4xx except
 * 409 `idempotencyKeyInFlight` (the first request may still succeed) and 422 `idempotencyKeyReused`
 * (the key's first request may have succeeded). 5xx and network failures keep the key.
 */
export function failureEndsRequest(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined || status < 400 || status >= 500 || status === 422) return false;
  return status !== 409 || codeOf(error) !== 'idempotencyKeyInFlight';
}

/** The next idempotency key of a series: `k` → `k.2` → `k.3` (deterministic, so the machine stays pure). */
export function nextIdempotencyKey(key: string): string {
  const match = /^(.*)\.(\d+)$/.exec(key);
  return match ? `${match[1]}.${Number(match[2]) + 1}` : `${key}.2`;
}

/** The company of the order: the chosen one, or DEU4900 where the product has no company step. */
export function companyIdOf(data: OrderWizardData, product: ProductName = 'deuti'): string {
  return products[product].hasCompanies && data.company ? data.company.companyId.trim() : defaultCompanyId;
}

/** The traveler of the order: the billing person when the subscriber travels. */
export function travelerOf(data: OrderWizardData): Person | undefined {
  const step = data.startAndTraveler;
  if (!step) return undefined;
  if (!step.isTraveler) return step.traveler;
  const billing = data.billing;
  return billing ? { firstName: billing.firstName, lastName: billing.lastName, gender: billing.gender, birthdate: billing.birthdate } : undefined;
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

/** Whether every part the submit payload needs is there (the summary's values aside). */
export function isOrderDataComplete(data: OrderWizardData, product: ProductName = 'deuti'): boolean {
  return Boolean(data.startAndTraveler && data.billing && data.quote && (!products[product].hasCompanies || data.company));
}

/**
 * The submit payload (SPEC.md 3, order submit payload; the contract's OrderSubmitRequest) from the
 * collected data. The product is always sent (deuti by default). `company_user_info` is sent for
 * the products with a company step; deuti has no staff number and the contract requires one there
 * (minLength 1), so deuti omits it and the server takes DEU4900 (`defaultCompanyId`), the company
 * its quote was made for. Throws when a part is missing (the machine submits only complete data).
 */
export function buildSubmitPayload(data: OrderWizardData, product: ProductName = 'deuti', affiliate?: string): OrderSubmitPayload {
  const { startAndTraveler, billing, quote, company, summary } = data;
  const traveler = travelerOf(data);
  if (!startAndTraveler || !billing || !quote || !traveler) throw new Error('buildSubmitPayload: start date, traveler, billing address and quote are needed');
  if (products[product].hasCompanies && !company) throw new Error(`buildSubmitPayload: ${product} needs the company step`);
  if (summary && !(summary.areConditionsOfTransportAccepted && summary.areAgbAccepted)) throw new Error('buildSubmitPayload: the terms are not accepted');
  const addition = billing.addition?.trim();
  return {
    billing_address: {
      gender: billing.gender,
      first_name: billing.firstName,
      last_name: billing.lastName,
      street: billing.street,
      house_number: billing.houseNumber,
      city: billing.city,
      zip_code: billing.zipCode,
      ...(addition ? { addition } : {}),
      birthdate: billing.birthdate,
      country: billing.country || defaultCountry,
    },
    traveler: { birthdate: traveler.birthdate, first_name: traveler.firstName, last_name: traveler.lastName, gender: traveler.gender },
    ...(products[product].hasCompanies && company ? { company_user_info: { company_id: companyIdOf(data, product), staff_number: company.staffNumber } } : {}),
    has_agreed_to_tariff_terms_and_conditions: true,
    has_agreed_to_agb: true,
    subscription_starts_at: startAndTraveler.startDate,
    ...(affiliate ? { affiliate } : {}),
    product,
    quoteId: quote.quoteId,
  };
}

/** Merges one step's values into the collected data; a quote it carries becomes the quote. */
function mergeStep(data: OrderWizardData, event: StepNextEvent): OrderWizardData {
  switch (event.step) {
    case 'company':
      return { ...data, company: event.values, quote: event.values.quote };
    case 'startAndTraveler':
      return { ...data, startAndTraveler: event.values, quote: event.values.quote ?? data.quote };
    case 'billing':
      return { ...data, billing: event.values };
    case 'account':
      return { ...data, account: event.values };
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
    /** POST /api/v2/auth/register with the Idempotency-Key; 409 is `{ status: 409, code }`. */
    register: fromPromise<RegisterOutput, RegisterInput>(async () => {
      throw new Error('order-wizard: the app provides the register actor');
    }),
    /** The auto sign-in grant, routed through the session machine (session.autoSignIn). */
    autoSignIn: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('order-wizard: the app provides the autoSignIn actor');
    }),
    /** POST /api/v3/order/orders/submit with the Idempotency-Key; one attempt per invocation. */
    submitOrder: fromPromise<SubmitOrderOutput, SubmitOrderInput>(async () => {
      throw new Error('order-wizard: the app provides the submitOrder actor');
    }),
  },
  actions: {
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
    recordSession: assign(({ context, event }) => (event.type === 'wizard.restored' ? { signedIn: context.signedIn || event.signedIn } : {})),
  },
  guards: {
    hasCompanyStep: ({ context }) => products[context.product].hasCompanies,
    hasAccountStep: ({ context }) => accountStepApplies(context),
    isStep: ({ event }, params: { step: FormStepId }) => event.type === 'step.next' && event.step === params.step,
    isGoTo: ({ event }, params: { step: FormStepId }) => event.type === 'step.goTo' && event.step === params.step,
    /** SPEC.md 6.1: where the traveler must be the subscriber (joti, seti), isTraveler must be true. */
    travelerAllowed: ({ context, event }) =>
      event.type === 'step.next' && event.step === 'startAndTraveler' && (!products[context.product].travelerMustBeSubscriber || event.values.isTraveler),
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
    isMailAddressTaken: (_, params: { error: unknown }) => statusOf(params.error) === 409 && codeOf(params.error) !== 'idempotencyKeyInFlight',
    isBadRequest: (_, params: { error: unknown }) => statusOf(params.error) === 400,
    canRetrySubmit: ({ context }) => context.submitAttempts < maxSubmitAttempts,
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
  description: 'The order wizard: steps, then register (visitors), auto sign-in and submit (SPEC.md 4.1).',
  meta: { spec: 'SPEC.md 2.3, 4.1, 6.1, 7.1, 8; DESIGN.md 1, 3' },
  context: ({ input }) => ({
    product: input.product,
    registration: input.registration,
    affiliate: input.affiliate,
    data: {},
    error: undefined,
    registerKey: input.idempotencyKeys.register,
    submitKey: input.idempotencyKeys.submit,
    userId: undefined,
    autoSignInCode: undefined,
    signedIn: !input.registration,
    submitAttempts: 0,
    orderNumber: undefined,
  }),
  output: ({ context }) => ({ orderNumber: context.orderNumber ?? '', skipPayment: context.data.quote ? skipsPayment(context.data.quote) : false }),
  initial: 'company',
  on: {
    'wizard.restored': {
      description: 'Sent by the app after restoring a persisted snapshot: notes a session that exists now.',
      actions: 'recordSession',
    },
  },
  states: {
    company: {
      description: 'Company and staff (matriculation) number with the quote; only for products with several company ids (joti, seti).',
      meta: { spec: 'SPEC.md 4.1, 5.3, 6.1' },
      always: {
        description: 'deuti has no company step: the wizard starts with the start date.',
        guard: not('hasCompanyStep'),
        target: 'startAndTraveler',
      },
      on: {
        'step.next': { guard: { type: 'isStep', params: { step: 'company' } }, target: 'startAndTraveler', actions: 'storeStep' },
      },
    },
    startAndTraveler: {
      description: 'Start date and traveler; for deuti it also brings the quote (DEU4900, chosen start date).',
      meta: { spec: 'SPEC.md 4.1, 5.1, 6.1' },
      on: {
        'step.next': {
          guard: and([{ type: 'isStep', params: { step: 'startAndTraveler' as const } }, 'travelerAllowed']),
          target: 'billing',
          actions: 'storeStep',
        },
        'step.back': {
          description: 'Back only where a company step exists: previous never goes below the first step (SPEC.md 4.1).',
          guard: 'hasCompanyStep',
          target: 'company',
          actions: 'clearError',
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
      },
    },
    account: {
      description: 'Registration data of a visitor (registration variant only); also where a taken address or a lost password sends the customer.',
      meta: { spec: 'SPEC.md 3, 4.1, 5.2, 8' },
      on: {
        'step.next': { guard: { type: 'isStep', params: { step: 'account' } }, target: 'summary', actions: 'storeStep' },
        'step.back': { target: 'billing', actions: 'clearError' },
        'wizard.restored': {
          description: 'Signed in meanwhile (e.g. with the existing account): no registration, so no account step.',
          guard: 'restoredSignedIn',
          target: 'summary',
          actions: ['recordSession', 'clearError'],
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
          { description: 'The step before the summary is the account step while a visitor still has to register.', guard: 'hasAccountStep', target: 'account', actions: 'clearError' },
          { description: 'Otherwise the billing step.', target: 'billing', actions: 'clearError' },
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
            actions: ['recordSession', { type: 'setError', params: { code: 'passwordNeededAgain' } }],
          },
          {
            description: 'Restored after registering but before the auto sign-in: the code is gone; the summary offers a sign-in.',
            guard: 'signInNeededAgain',
            actions: ['recordSession', { type: 'setError', params: { code: 'autoSignInFailed' } }],
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
        onDone: { target: 'done', actions: { type: 'storeOrder', params: ({ event }) => event.output } },
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
      description: 'Ordered: the app goes to the payment page, or to the confirmation when skipPayment (SPEC.md 4.1).',
      meta: { spec: 'SPEC.md 2.3 (order confirmation), 4.1 (on success)' },
      type: 'final',
    },
  },
});

export type OrderWizardSnapshot = SnapshotFrom<typeof orderWizardMachine>;

// ---------------------------------------------------------------- persistence

/** The persisted snapshot (sessionStorage, DESIGN.md 3): what `getPersistedSnapshot` gives. */
export type PersistedOrderWizard = ReturnType<typeof orderWizardMachine.getPersistedSnapshot>;

interface PersistedShape {
  value: unknown;
  context: OrderWizardContext;
  children: Record<string, unknown>;
}

/**
 * The snapshot to persist: without password, repeatPassword and auto sign-in code (DESIGN.md 3:
 * never persist a password or a token). A snapshot in `registering` or `signingIn` is persisted as
 * `summary` without its running actor: restored, that actor would start again without the password
 * or the code. The keys stay, so a repeated registration replays the first answer.
 */
export function toPersistable(snapshot: OrderWizardSnapshot): PersistedOrderWizard {
  const persisted = orderWizardMachine.getPersistedSnapshot(snapshot) as unknown as PersistedShape;
  const { data } = persisted.context;
  const account = data.account ? withoutPassword(data.account) : undefined;
  const needsSecret = persisted.value === 'registering' || persisted.value === 'signingIn';
  const context: OrderWizardContext = { ...persisted.context, data: { ...data, ...(account ? { account } : {}) }, autoSignInCode: undefined };
  return { ...persisted, ...(needsSecret ? { value: 'summary', children: {} } : {}), context } as unknown as PersistedOrderWizard;
}

function withoutPassword(account: AccountData): AccountData {
  const { password: _password, repeatPassword: _repeatPassword, ...rest } = account;
  return rest;
}

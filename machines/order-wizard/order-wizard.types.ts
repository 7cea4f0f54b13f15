import type { InferOutput } from 'valibot';

import type { components } from '#openapi/schema.gen';
import type { registrationSchema } from '#src/domain/account-rules';
import type { BillingAddress, StartDateTraveler } from '#src/domain/address';
import type { ProductName } from '#src/domain/product';

/**
 * The order wizard's types (SPEC.md 3, 4.1): what the steps send, what the machine keeps, its
 * events, input and output, and the contracts of the actors the app provides. The step values are
 * the outputs of the domain schemas the step forms validate with (`src/domain/`), the quote and the
 * submit payload the contract's own types (`openapi/schema.gen.ts`, type-only), so a change of
 * either shows up here as a type error, not as a cast.
 */

// ---------------------------------------------------------------- the contract's shapes

/** The contract's Quote (prices in euro; `customerPrice` 0 skips the payment, SPEC.md 4.1). */
export type Quote = components['schemas']['Quote'];

/** The contract's OrderSubmitRequest (SPEC.md 3, order submit payload). */
export type OrderSubmitPayload = components['schemas']['OrderSubmitRequest'];

// ---------------------------------------------------------------- step values (the events' payloads)

/**
 * The company step (joti, seti): the company id (trimmed, it keys the quote) and the staff
 * (matriculation) number as typed. seti: `student` holds the names the matriculation number was
 * checked against (SPEC.md 5.3); they become the billing names, which seti may not change.
 */
export interface CompanyValues {
  companyId: string;
  staffNumber: string;
  student?: { firstName: string; lastName: string } | undefined;
}

/**
 * The start date and traveler step: the output of `startDateTravelerSchema` (src/domain/address.ts).
 * With `isTraveler` true the subscriber travels; with false the traveler's names, gender and
 * birthdate (YYYY-MM-DD) come along (SPEC.md 5.1).
 */
export type StartAndTravelerValues = StartDateTraveler;

/** A traveler who is not the subscriber: the person part of the step's `isTraveler: false` output. */
export type Person = Omit<Extract<StartDateTraveler, { isTraveler: false }>, 'isTraveler' | 'startDate'>;

/** The billing step: the output of `billingAddressSchema` (src/domain/address.ts). */
export type BillingValues = BillingAddress;

/** The account step (registration variant): the output of `registrationSchema` (src/domain/account-rules.ts). */
export type AccountValues = InferOutput<typeof registrationSchema>;

/** The account as kept in the context: the password is gone after a restore (never persisted). */
export type AccountData = Omit<AccountValues, 'password' | 'repeatPassword'> & { password?: string | undefined; repeatPassword?: string | undefined };

/** The summary's two terms (SPEC.md 5.2: both must be accepted). */
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
  company?: CompanyValues | undefined;
  startAndTraveler?: StartAndTravelerValues | undefined;
  billing?: BillingValues | undefined;
  account?: AccountData | undefined;
  summary?: SummaryValues | undefined;
  /** The latest quote (of the company step, then of the chosen start date): the order is made with it. */
  quote?: Quote | undefined;
  /** The start date the quote was made for; undefined for the company step's (the first offered month). */
  quotedStartDate?: string | undefined;
}

// ---------------------------------------------------------------- input, context, events

export interface OrderWizardInput {
  product: ProductName;
  /** The visitor variant with the account step: the wizard registers before it orders. */
  registration: boolean;
  /** One UUID per logical request, made by the app (crypto.randomUUID()). */
  idempotencyKeys: { register: string; submit: string };
  /** The affiliate the visitor came from, passed on to register and submit. */
  affiliate?: string | undefined;
  /**
   * The customer's calendar day (YYYY-MM-DD, local). The machine has no clock: the start-month
   * question and the payment due date read this; `wizard.restored` brings a new one.
   */
  today: string;
}

/** Codes, never sentences (SPEC.md 8; the screen maps them to messages). */
export type OrderWizardErrorCode =
  'quoteFailed' | 'submittingError400' | 'submittingError' | 'mailAddressAlreadyExists' | 'registerFailed' | 'autoSignInFailed' | 'passwordNeededAgain';

/** The start-month dialog's question (SPEC.md 4.1): the month asked about, and the month the form goes back to on "no". */
export interface StartMonthQuestion {
  /** YYYY-MM-DD, the first of the current month. */
  month: string;
  /** The start date chosen before ('' for none). */
  revertTo: string;
}

export interface OrderWizardContext {
  product: ProductName;
  registration: boolean;
  affiliate: string | undefined;
  today: string;
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
  /** A step's values waiting for their quote (quotingCompany, quotingStart) or, on the start step, for the start-month answer. */
  pendingCompany: CompanyValues | undefined;
  pendingStart: StartAndTravelerValues | undefined;
  /** The start date the form shows since the step was entered (undefined: the stored one); not persisted. */
  chosenStartDate: string | undefined;
  /** The current month, once the customer confirmed starting in it: not asked again. */
  confirmedStartMonth: string | undefined;
  /** Set while the start-month dialog is open. */
  startMonthQuestion: StartMonthQuestion | undefined;
}

export type StepNextEvent = { [S in FormStepId]: { type: 'step.next'; step: S; values: StepValues[S] } }[FormStepId];

export type OrderWizardEvent =
  | StepNextEvent
  | { type: 'step.back' }
  | { type: 'step.goTo'; step: FormStepId }
  | { type: 'order.submit'; values: SummaryValues }
  /** Sent by the app after mounting (a restored draft or a new one) and when the session changes. */
  | { type: 'wizard.restored'; signedIn: boolean; today: string }
  /** The customer picked a start month in the form (before Next). */
  | { type: 'startDate.chosen'; startDate: string }
  | { type: 'startMonth.confirm' }
  | { type: 'startMonth.reject' }
  /** The browser's back or forward button moved the URL to this step. */
  | { type: 'history.popped'; step: StepId };

export interface OrderWizardOutput {
  orderNumber: string;
  /** SPEC.md 4.1: true when the quote's customerPrice is 0 (confirmation page instead of payment). */
  skipPayment: boolean;
}

// ---------------------------------------------------------------- actors' contracts

/**
 * How an actor fails: it rejects with whatever `failureOf` (src/domain/failure.ts) reads: an
 * ApiFailure for HTTP answers (status, problem code), anything else (network) without a status.
 */

/** GET the quote of a company for a start date; without a start date, for the first offered one (SPEC.md 7.2). */
export interface FetchQuoteInput {
  /** Trimmed; DEU4900 where the product has no company step. */
  companyId: string;
  /** YYYY-MM-DD; undefined on the company step: the actor takes the first offered start date. */
  startDate: string | undefined;
  product: ProductName;
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

export interface AutoSignInInput {
  code: string;
}

export interface SubmitOrderInput {
  payload: OrderSubmitPayload;
  idempotencyKey: string;
}

export interface SubmitOrderOutput {
  orderNumber: string;
}

/** The params of the navigation a success causes (SPEC.md 4.1). */
export interface OrderedParams {
  orderNumber: string;
}

import { allowedPaymentMethods, type PaymentMethod, paymentDueDate } from '#src/domain/payment-methods';
import { type PriceText, priceText, skipsPayment } from '#src/domain/price';
import { products } from '#src/domain/product';
import { type OrderWizardSnapshot, stepsOf } from './order-wizard.machine';
import { companyIdOf, travelerOf } from './order-wizard.payload';
import type {
  AccountData,
  BillingValues,
  FormStepId,
  OrderWizardData,
  OrderWizardErrorCode,
  OrderWizardOutput,
  Person,
  Quote,
  StartMonthQuestion,
  StepId,
} from './order-wizard.types';

/**
 * The order wizard's snapshot as the screens need it (docs/architecture.md#layout: `<flow>.selectors.ts`). Pure:
 * "today" is the machine's (its input, renewed by `wizard.restored`), never read from a clock here.
 */

/** The step on screen for each state: a quote, the start-month dialog and the order's calls keep their step on screen. */
const stepOnScreen: Readonly<Record<OrderWizardSnapshot['value'], StepId | undefined>> = {
  company: 'company',
  quotingCompany: 'company',
  startAndTraveler: 'startAndTraveler',
  startMonthWarning: 'startAndTraveler',
  quotingStart: 'startAndTraveler',
  billing: 'billing',
  account: 'account',
  summary: 'summary',
  registering: 'summary',
  signingIn: 'summary',
  submitting: 'summary',
  done: undefined,
};

/** The step on screen: while quoting or asking, the step stays; while registering, signing in or submitting, the summary. */
export function currentStep(snapshot: OrderWizardSnapshot): StepId | undefined {
  return stepOnScreen[snapshot.value];
}

/** A step's Next waits for its quote: the Next button shows its loading state, a second Next is ignored. */
export function isQuoting(snapshot: OrderWizardSnapshot): boolean {
  return snapshot.matches('quotingCompany') || snapshot.matches('quotingStart');
}

/** Register, auto sign-in or submit is running: the order button shows its loading state. */
export function isSubmitting(snapshot: OrderWizardSnapshot): boolean {
  return snapshot.matches('registering') || snapshot.matches('signingIn') || snapshot.matches('submitting');
}

/** SPEC.md 4.1: the order counts as submitted while the submission runs or after it succeeded, not after an error. */
export function isOrderSubmitted(snapshot: OrderWizardSnapshot): boolean {
  return snapshot.matches('submitting') || snapshot.matches('done');
}

/** The allowed payment methods (SPEC.md 6.1): credit card only when ordering for someone else. */
export function paymentMethodsOf(data: OrderWizardData): readonly PaymentMethod[] | undefined {
  const billing = data.billing;
  const traveler = travelerOf(data);
  if (!billing || !traveler) return undefined;
  return allowedPaymentMethods({
    firstName: billing.firstName,
    lastName: billing.lastName,
    birthdate: billing.birthdate,
    travelerFirstName: traveler.firstName,
    travelerLastName: traveler.lastName,
    travelerBirthdate: traveler.birthdate,
  });
}

export interface OrderSummaryView {
  company: { companyId: string; staffNumber: string } | undefined;
  startDate: string | undefined;
  /** The subscriber travels (isTraveler), or the other traveler. */
  isTraveler: boolean | undefined;
  traveler: Person | undefined;
  billing: BillingValues | undefined;
  /** The account to register, without its password (the summary never shows it); none once signed in. */
  account: Omit<AccountData, 'password' | 'repeatPassword'> | undefined;
  quote: Quote | undefined;
  priceText: PriceText | undefined;
  skipPayment: boolean | undefined;
  allowedPaymentMethods: readonly PaymentMethod[] | undefined;
  /** SPEC.md 4.6, 9: start date plus 4 days, or today plus 4 days when the start date is earlier. */
  paymentDueDate: string | undefined;
}

export interface OrderWizardView {
  step: StepId | undefined;
  steps: StepId[];
  /** 1-based number of the step on screen, and how many steps this wizard has. */
  stepNumber: number;
  stepCount: number;
  /** SPEC.md 4.1: Previous is shown only after the first step (and never while submitting). */
  canGoBack: boolean;
  /** The steps the summary may jump back to (`step.goTo`). */
  editableSteps: FormStepId[];
  data: OrderWizardData;
  error: OrderWizardErrorCode | undefined;
  /** A step's Next waits for its quote (Next loading). */
  isQuoting: boolean;
  isSubmitting: boolean;
  isOrderSubmitted: boolean;
  /** The order button can be used once the terms are accepted (false while a sign-in is needed). */
  canSubmitOrder: boolean;
  /** SPEC.md 4.1: the start-month dialog is open. */
  showStartMonthWarning: boolean;
  /** The dialog's month, and the start date the form goes back to when the customer chooses another. */
  startMonthWarning: StartMonthQuestion | undefined;
  /** SPEC.md 6.1: the traveler must be the subscriber (no bookForOther choice). */
  offersBookingForOthers: boolean;
  /** The company the start step's price is for: DEU4900 for deuti, the chosen company for joti and seti. */
  quoteCompanyId: string;
  /** SPEC.md 5.1, 6.1: seti's billing names are read-only. */
  billingNamesReadOnly: boolean;
  summary: OrderSummaryView;
  /** Set in the final state: where to go next (payment page, or confirmation when skipPayment). */
  result: OrderWizardOutput | undefined;
}

export function selectOrderWizardView(snapshot: OrderWizardSnapshot): OrderWizardView {
  const { context } = snapshot;
  const { data, product, today } = context;
  const rules = products[product];
  const steps = stepsOf(context);
  const step = currentStep(snapshot);
  const index = step ? steps.indexOf(step) : -1;
  const startDate = data.startAndTraveler?.startDate;
  const quote = data.quote;
  // Once signed in (e.g. with an existing account, from the account step), the order goes to that
  // account: the registration data typed before is not the customer's account any more.
  const account = data.account && !context.signedIn ? withoutPassword(data.account) : undefined;
  const editableSteps = (['company', 'startAndTraveler', 'billing', 'account'] as const).filter((target) => snapshot.can({ type: 'step.goTo', step: target }));
  return {
    step,
    steps,
    stepNumber: index + 1,
    stepCount: steps.length,
    canGoBack: snapshot.can({ type: 'step.back' }),
    editableSteps,
    data,
    error: context.error,
    isQuoting: isQuoting(snapshot),
    isSubmitting: isSubmitting(snapshot),
    isOrderSubmitted: isOrderSubmitted(snapshot),
    canSubmitOrder: snapshot.can({ type: 'order.submit', values: { areConditionsOfTransportAccepted: true, areAgbAccepted: true } }),
    showStartMonthWarning: snapshot.matches('startMonthWarning'),
    startMonthWarning: snapshot.matches('startMonthWarning') ? context.startMonthQuestion : undefined,
    offersBookingForOthers: !rules.travelerMustBeSubscriber,
    quoteCompanyId: companyIdOf(data, product),
    billingNamesReadOnly: !rules.billingNameChangeable,
    summary: {
      company: rules.hasCompanies && data.company ? { companyId: companyIdOf(data, product), staffNumber: data.company.staffNumber } : undefined,
      startDate,
      isTraveler: data.startAndTraveler?.isTraveler,
      traveler: travelerOf(data),
      billing: data.billing,
      account,
      quote,
      priceText: quote ? priceText(quote, companyIdOf(data, product)) : undefined,
      skipPayment: quote ? skipsPayment(quote) : undefined,
      allowedPaymentMethods: paymentMethodsOf(data),
      paymentDueDate: startDate !== undefined ? paymentDueDate(startDate, today) : undefined,
    },
    result: snapshot.status === 'done' ? snapshot.output : undefined,
  };
}

function withoutPassword(account: AccountData): Omit<AccountData, 'password' | 'repeatPassword'> {
  const { password: _password, repeatPassword: _repeatPassword, ...rest } = account;
  return rest;
}

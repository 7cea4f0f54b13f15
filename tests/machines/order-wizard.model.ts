import type { AnyActorScope, EventFromLogic, SnapshotFrom } from 'xstate';

import { orderWizardMachine, stepsOf } from '#machines/order-wizard/order-wizard.machine';
import { toPersistable } from '#machines/order-wizard/order-wizard.persistence';
import type { CompanyValues, OrderWizardInput, Quote, StartAndTravelerValues, StepId } from '#machines/order-wizard/order-wizard.types';
import type { ProductName } from '#src/domain/product';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The order wizard's model (docs/guides/model-based-tests.md): six variants (deuti, joti, seti,
 * each as a visitor who registers and as a signed-in customer), the customer's events with
 * concrete values, stale and refused events, the browser's back and forward, the actors' answers
 * (quotes included), and reloads. Used by order-wizard.machine.test.ts, the coverage table
 * (coverage.test.ts) and `npm run paths -- order-wizard`.
 *
 * The day: the model starts on the 20th (`today`), when the current month asks first (SPEC.md
 * 4.1). On the start step a `wizard.restored` may bring the 5th (`earlyToday`), when it does not.
 *
 * Cap (issue 10): the start-month detours, an early day and a confirmed month, are explored on the
 * start step only (choosing, Next, a failed quote, reloads; not leaving the step). Only the start
 * step reads the day and the confirmation, so the rest of the wizard behaves the same after them,
 * and exploring it again from there multiplied the model states: 27 850 paths instead of the
 * about 5 000 of this model. Leaving the start step after a confirmation is in the behaviour tests
 * (order-wizard.steps.test.ts).
 */

type Snapshot = SnapshotFrom<typeof orderWizardMachine>;
type Event = EventFromLogic<typeof orderWizardMachine>;

// ---------------------------------------------------------------- fixtures

export const password = 'Geheim!123';
export const autoSignInCode = 'auto-secret-code';
/** After the 10th: choosing July asks first. */
export const today = '2026-07-20';
/** Before the 11th: July does not ask. */
export const earlyToday = '2026-07-05';
export const currentMonth = '2026-07-01';
export const laterMonth = '2026-08-01';

export const paid: Quote = { customerRealPrice: 38, totalPrice: 63, customerPrice: 38, employerPrice: 25, quoteId: 'q-paid' };
export const free: Quote = { customerRealPrice: 0, totalPrice: 63, customerPrice: 0, employerPrice: 63, quoteId: 'q-free' };
export const standard: Quote = { customerRealPrice: 63, totalPrice: 63, customerPrice: 63, employerPrice: 0, quoteId: 'q-deu4900' };

export const companyOf: Record<ProductName, CompanyValues[]> = {
  deuti: [],
  joti: [
    { companyId: 'TDX9960', staffNumber: 'P-100234' },
    { companyId: 'TDX9950', staffNumber: '12345' },
  ],
  seti: [{ companyId: 'UNI0001', staffNumber: '4711002', student: { firstName: 'Max', lastName: 'Schneider' } }],
};
/** The quote of a company (for the first offered month), as fetchQuote answers. */
export const companyQuote: Record<string, Quote> = { TDX9960: paid, TDX9950: free, UNI0001: free };
/** The quote of the start step: DEU4900 for deuti; the company's price for the month, with its own id (the latest quote wins). */
export function startQuote(product: ProductName, companyQuoteNow: Quote | undefined, startDate: string | undefined): Quote {
  if (product === 'deuti') return standard;
  const quote = companyQuoteNow ?? paid;
  return { ...quote, quoteId: `${quote.quoteId.replace(/@.*$/, '')}@${startDate ?? 'first'}` };
}

export const billing = {
  gender: 'Female',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthdate: '1980-05-01',
  zipCode: '10115',
  city: 'Berlin',
  street: 'Hauptstraße',
  houseNumber: '5',
  addition: undefined,
  country: 'DE',
} as const;
export const otherTraveler = { firstName: 'Max', lastName: 'Mustermann', gender: 'Male', birthdate: '2010-01-01' } as const;
export const account = {
  mailAddress: 'erika@example.com',
  password,
  repeatPassword: password,
  isPrivacyStatementAccepted: true,
  isMarketingInformationAccepted: false,
} as const;
export const accepted = { areConditionsOfTransportAccepted: true, areAgbAccepted: true };

export function startValues(isTraveler: boolean, startDate = laterMonth): StartAndTravelerValues {
  return isTraveler ? { startDate, isTraveler: true } : { startDate, isTraveler: false, ...otherTraveler };
}

export const next = {
  company: (values: CompanyValues): Event => ({ type: 'step.next', step: 'company', values }),
  startAndTraveler: (values: StartAndTravelerValues): Event => ({ type: 'step.next', step: 'startAndTraveler', values }),
  billing: { type: 'step.next', step: 'billing', values: billing } as Event,
  account: { type: 'step.next', step: 'account', values: account } as Event,
};
export const submit: Event = { type: 'order.submit', values: accepted };
export const popped = (step: StepId): Event => ({ type: 'history.popped', step });
export const chosen = (startDate: string): Event => ({ type: 'startDate.chosen', startDate });
export const restored = (signedIn: boolean, day = today): Event => ({ type: 'wizard.restored', signedIn, today: day });

export const { done, failed } = actorResults(orderWizardMachine, {
  // One quote actor, invoked for the company step and for the start step.
  companyQuote: 'fetchQuote',
  startQuote: 'fetchQuote',
  register: 'register',
  autoSignIn: 'autoSignIn',
  submitOrder: 'submitOrder',
});
/** Not an event of the machine: the model's "reload" (persist with toPersistable, JSON, restore). */
export const reload = { type: 'test.reload' } as unknown as Event;

export function inputOf(product: ProductName, registration: boolean): OrderWizardInput {
  return { product, registration, idempotencyKeys: { register: 'register-key', submit: 'submit-key' }, today };
}

// ---------------------------------------------------------------- the model

/**
 * The machine as the model sees it: started with the run's input (the shared harness starts a
 * machine without input), and with one environment event more, `test.reload`, which persists the
 * snapshot with `toPersistable`, passes it through JSON (sessionStorage) and restores it, as a reload
 * of the page does. So every path may lose the password at any point, as customers do.
 */
export function modelOf(input: OrderWizardInput): typeof orderWizardMachine {
  const machine = orderWizardMachine;
  const model = Object.create(machine) as typeof machine;
  Object.defineProperty(model, 'getInitialSnapshot', { value: (scope: AnyActorScope) => machine.getInitialSnapshot(scope, input) });
  Object.defineProperty(model, 'transition', {
    value: (snapshot: Snapshot, event: Event, scope: AnyActorScope) =>
      (event.type as string) === 'test.reload'
        ? machine.restoreSnapshot(JSON.parse(JSON.stringify(toPersistable(snapshot))), scope)
        : machine.transition(snapshot, event, scope),
  });
  return model;
}

/** The steps before and after the one on screen, as the browser's history holds them. */
function poppedAround(snapshot: Snapshot, step: StepId): Event[] {
  const steps = stepsOf(snapshot.context);
  const index = steps.indexOf(step);
  return [steps[index - 1], steps[index + 1]].filter((neighbour): neighbour is StepId => neighbour !== undefined).map(popped);
}

const isEarly = (snapshot: Snapshot) => snapshot.context.today === earlyToday;
/** An early day or a confirmed month: explored on the start step only (see the cap above). */
const onDetour = (snapshot: Snapshot) => isEarly(snapshot) || snapshot.context.confirmedStartMonth !== undefined;
/** Back on the company or start step after billing: what the first visit tried is not tried again (see the cap above). */
const isRevisit = (snapshot: Snapshot) => snapshot.context.data.billing !== undefined;

/** What can happen in each state: the customer's events, stale and refused ones, actor results, reloads. */
export function eventsFor(product: ProductName) {
  return (snapshot: Snapshot): Event[] => {
    const { context } = snapshot;
    const sessions: Event[] = [restored(false, context.today), restored(true, context.today), reload];
    const always: Event[] = [...sessions, { type: 'step.back' }];
    const revisit = isRevisit(snapshot);
    switch (snapshot.value) {
      case 'company':
        return [...always, ...(revisit ? companyOf[product].slice(0, 1) : companyOf[product]).map(next.company), ...poppedAround(snapshot, 'company')];
      case 'quotingCompany': {
        const answer = done('companyQuote', companyQuote[context.pendingCompany?.companyId ?? ''] ?? paid);
        if (revisit) return [answer];
        return [...always, ...companyOf[product].slice(0, 1).map(next.company), answer, failed('companyQuote', { status: 500 })];
      }
      case 'startAndTraveler': {
        const day = context.confirmedStartMonth === undefined ? [restored(context.signedIn, isEarly(snapshot) ? today : earlyToday)] : [];
        if (onDetour(snapshot)) return [...sessions, ...day, chosen(currentMonth), chosen(laterMonth), next.startAndTraveler(startValues(true, currentMonth))];
        if (revisit) return [...always, next.startAndTraveler(startValues(true)), ...poppedAround(snapshot, 'startAndTraveler')];
        return [
          ...always,
          ...day,
          // Stale: a second click on the company step's button arrives here.
          ...companyOf[product].slice(0, 1).map(next.company),
          chosen(currentMonth),
          chosen(laterMonth),
          next.startAndTraveler(startValues(true)),
          next.startAndTraveler(startValues(false)),
          next.startAndTraveler(startValues(true, currentMonth)),
          ...poppedAround(snapshot, 'startAndTraveler'),
        ];
      }
      case 'startMonthWarning':
        // The dialog is modal: a reload, a session change, a late Next, and the two answers.
        return [
          restored(context.signedIn, context.today),
          reload,
          next.startAndTraveler(startValues(true)),
          { type: 'startMonth.confirm' },
          { type: 'startMonth.reject' },
        ];
      case 'quotingStart': {
        const answer = done('startQuote', startQuote(product, context.data.quote, context.pendingStart?.startDate));
        if (onDetour(snapshot)) return [...sessions, failed('startQuote', { status: 500 })];
        if (revisit) return [answer];
        return [...always, next.startAndTraveler(startValues(true)), answer, failed('startQuote', new TypeError('Failed to fetch'))];
      }
      case 'billing':
        return [
          ...always,
          next.startAndTraveler(startValues(true)),
          next.billing,
          { type: 'step.goTo', step: 'startAndTraveler' },
          ...poppedAround(snapshot, 'billing'),
        ];
      case 'account':
        return [...always, next.billing, next.account, ...poppedAround(snapshot, 'account')];
      case 'summary':
        return [
          ...always,
          next.billing,
          next.account,
          { type: 'order.submit', values: { ...accepted, areAgbAccepted: false } },
          submit,
          { type: 'step.goTo', step: 'company' },
          { type: 'step.goTo', step: 'startAndTraveler' },
          { type: 'step.goTo', step: 'billing' },
          { type: 'step.goTo', step: 'account' },
          ...poppedAround(snapshot, 'summary'),
        ];
      case 'registering':
        return [
          ...always,
          submit,
          done('register', { userId: 'user-1', autoSignInCode }),
          failed('register', { status: 409, code: 'mailAddressAlreadyExists' }),
          failed('register', { status: 409, code: 'idempotencyKeyInFlight' }),
          failed('register', { status: 500 }),
          failed('register', new TypeError('Failed to fetch')),
        ];
      case 'signingIn':
        return [...always, submit, done('autoSignIn', { expiresAt: 2_000_000_000 }), failed('autoSignIn', new Error('invalid_grant'))];
      case 'submitting':
        return [
          ...always,
          submit,
          done('submitOrder', { orderNumber: 'O-2026-1' }),
          failed('submitOrder', { status: 400, code: 'quoteMismatch' }),
          failed('submitOrder', { status: 500 }),
          failed('submitOrder', new TypeError('Failed to fetch')),
        ];
      default:
        return [];
    }
  };
}

/** Model states: the state, the error, and the facts that change what may happen next (never the keys: they grow). */
export function serialize(snapshot: Snapshot): string {
  const { context } = snapshot;
  const { data } = context;
  return JSON.stringify([
    snapshot.value,
    context.error ?? null,
    context.userId !== undefined,
    context.signedIn,
    typeof data.account?.password === 'string',
    context.autoSignInCode !== undefined,
    snapshot.matches('submitting') ? context.submitAttempts : 0,
    data.quote ? data.quote.customerPrice === 0 : null,
    data.startAndTraveler?.isTraveler ?? null,
    context.pendingCompany ? companyQuote[context.pendingCompany.companyId]?.customerPrice === 0 : null,
    context.pendingStart !== undefined,
    data.billing !== undefined,
    // Whether the quote is the start month's (read here, not with the machine's isStepComplete, so a wrong guard shows).
    data.startAndTraveler !== undefined && data.quotedStartDate === data.startAndTraveler.startDate,
    isEarly(snapshot),
    context.confirmedStartMonth !== undefined,
  ]);
}

/**
 * What a product and variant cannot reach, by construction (each with its reason). The union of all
 * six runs is checked to reach every state and transition of the definition.
 */
export function outOfScope(product: ProductName, registration: boolean): Record<string, string> {
  const scope: Record<string, string> = {};
  if (product === 'deuti') {
    const reason = 'deuti has one company id: no company step';
    for (const id of [
      'orderWizard.company',
      'orderWizard.quotingCompany',
      'orderWizard.company|step.next|0',
      'orderWizard.company|history.popped|0',
      'orderWizard.quotingCompany|xstate.done.actor.companyQuote|0',
      'orderWizard.quotingCompany|xstate.error.actor.companyQuote|0',
      'orderWizard.startAndTraveler|step.back|0',
      'orderWizard.startAndTraveler|history.popped|0',
      'orderWizard.quotingStart|step.back|0',
      'orderWizard.summary|step.goTo|0',
    ]) {
      scope[id] = reason;
    }
    scope['orderWizard.submitting|xstate.done.actor.submitOrder|0'] = "deuti's quote (DEU4900) is never free: the payment page follows";
  } else {
    scope['orderWizard.company|always|0'] = `${product} has the company step: it is never skipped`;
  }
  if (product === 'seti')
    scope['orderWizard.submitting|xstate.done.actor.submitOrder|1'] = "the model's university pays everything (customerPrice 0): the confirmation follows";
  if (!registration) {
    const reason = 'signed-in variant: no account step, no registration, no auto sign-in';
    for (const id of [
      'orderWizard.account',
      'orderWizard.registering',
      'orderWizard.signingIn',
      'orderWizard.billing|step.next|0',
      'orderWizard.billing|history.popped|1',
      'orderWizard.account|step.next|0',
      'orderWizard.account|step.back|0',
      'orderWizard.account|history.popped|0',
      'orderWizard.account|history.popped|1',
      'orderWizard.account|wizard.restored|0',
      'orderWizard.summary|order.submit|0',
      'orderWizard.summary|order.submit|1',
      'orderWizard.summary|step.back|0',
      'orderWizard.summary|history.popped|0',
      'orderWizard.summary|step.goTo|3',
      'orderWizard.summary|wizard.restored|0',
      'orderWizard.summary|wizard.restored|1',
      'orderWizard.registering|wizard.restored|0',
      'orderWizard.registering|xstate.done.actor.register|0',
      'orderWizard.registering|xstate.error.actor.register|0',
      'orderWizard.registering|xstate.error.actor.register|1',
      'orderWizard.signingIn|wizard.restored|0',
      'orderWizard.signingIn|xstate.done.actor.autoSignIn|0',
      'orderWizard.signingIn|xstate.error.actor.autoSignIn|0',
    ]) {
      scope[id] = reason;
    }
  }
  return scope;
}

export const variants = [
  ['deuti', true],
  ['deuti', false],
  ['joti', true],
  ['joti', false],
  ['seti', true],
  ['seti', false],
] as const;

export const orderWizardModel: MachineModel<typeof orderWizardMachine> = {
  file: 'machines/order-wizard/order-wizard.machine.ts',
  machine: orderWizardMachine,
  variants: variants.map(([product, registration]) => ({
    name: `${product} ${registration ? 'visitor' : 'signed-in'}`,
    machine: modelOf(inputOf(product, registration)),
    events: eventsFor(product),
    serialize,
    outOfScope: outOfScope(product, registration),
  })),
};

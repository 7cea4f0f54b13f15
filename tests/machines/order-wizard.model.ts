import type { AnyActorScope, EventFromLogic, SnapshotFrom } from 'xstate';

import {
  type CompanyValues,
  type OrderWizardInput,
  orderWizardMachine,
  type Quote,
  type StartAndTravelerValues,
  toPersistable,
} from '#machines/order-wizard/order-wizard.machine';
import type { ProductName } from '#src/domain/product';
import type { MachineModel } from './model-coverage';

/**
 * The order wizard's model (docs/guides/model-based-tests.md): six variants (deuti, joti, seti,
 * each as a visitor who registers and as a signed-in customer), the customer's events with
 * concrete values, stale and refused events, the actors' answers, and reloads. Used by
 * order-wizard.machine.test.ts, the coverage table (coverage.test.ts) and
 * `npm run paths -- order-wizard`.
 */

type Snapshot = SnapshotFrom<typeof orderWizardMachine>;
type Event = EventFromLogic<typeof orderWizardMachine>;

// ---------------------------------------------------------------- fixtures

export const password = 'Geheim!123';
export const autoSignInCode = 'auto-secret-code';
export const today = '2026-07-20';

export const paid: Quote = { customerRealPrice: 38, totalPrice: 63, customerPrice: 38, employerPrice: 25, quoteId: 'q-paid' };
export const free: Quote = { customerRealPrice: 0, totalPrice: 63, customerPrice: 0, employerPrice: 63, quoteId: 'q-free' };
export const standard: Quote = { customerRealPrice: 63, totalPrice: 63, customerPrice: 63, employerPrice: 0, quoteId: 'q-deu4900' };

export const companyOf: Record<ProductName, CompanyValues[]> = {
  deuti: [],
  joti: [
    { companyId: 'TDX9960', staffNumber: 'P-100234', quote: paid },
    { companyId: 'TDX9950', staffNumber: '12345', quote: free },
  ],
  seti: [{ companyId: 'UNI0001', staffNumber: '4711002', quote: free }],
};
export const billing = {
  gender: 'Female',
  firstName: 'Erika',
  lastName: 'Mustermann',
  birthdate: '1980-05-01',
  zipCode: '10115',
  city: 'Berlin',
  street: 'Hauptstraße',
  houseNumber: '5',
  country: 'DE',
} as const;
export const otherTraveler = { firstName: 'Max', lastName: 'Mustermann', gender: 'Male', birthdate: '2010-01-01' } as const;
export const account = { mailAddress: 'erika@example.com', password, repeatPassword: password, isPrivacyStatementAccepted: true, isMarketingInformationAccepted: false };
export const accepted = { areConditionsOfTransportAccepted: true, areAgbAccepted: true };

export function startValues(product: ProductName, isTraveler: boolean): StartAndTravelerValues {
  const quote = product === 'deuti' ? { quote: standard } : {};
  return isTraveler ? { startDate: '2026-08-01', isTraveler: true, ...quote } : { startDate: '2026-08-01', isTraveler: false, traveler: otherTraveler, ...quote };
}

export const next = {
  company: (values: CompanyValues): Event => ({ type: 'step.next', step: 'company', values }),
  startAndTraveler: (values: StartAndTravelerValues): Event => ({ type: 'step.next', step: 'startAndTraveler', values }),
  billing: { type: 'step.next', step: 'billing', values: billing } as Event,
  account: { type: 'step.next', step: 'account', values: account } as Event,
};
export const submit: Event = { type: 'order.submit', values: accepted };

const doneEvent = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Event;
const errorEvent = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Event;
/** Not an event of the machine: the model's "reload" (persist with toPersistable, JSON, restore). */
export const reload = { type: 'test.reload' } as unknown as Event;

export function inputOf(product: ProductName, registration: boolean): OrderWizardInput {
  return { product, registration, idempotencyKeys: { register: 'register-key', submit: 'submit-key' } };
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
        ? machine.restoreSnapshot(JSON.parse(JSON.stringify(toPersistable(snapshot))) as never, scope)
        : machine.transition(snapshot, event, scope),
  });
  return model;
}

/** What can happen in each state: the customer's events, stale and refused ones, actor results, reloads. */
export function eventsFor(product: ProductName) {
  return (snapshot: Snapshot): Event[] => {
    const always: Event[] = [{ type: 'wizard.restored', signedIn: false }, { type: 'wizard.restored', signedIn: true }, reload, { type: 'step.back' }];
    switch (snapshot.value) {
      case 'company':
        return [...always, ...companyOf[product].map(next.company)];
      case 'startAndTraveler':
        // Stale: a second click on the company step's button arrives here.
        return [...always, ...companyOf[product].slice(0, 1).map(next.company), next.startAndTraveler(startValues(product, true)), next.startAndTraveler(startValues(product, false))];
      case 'billing':
        return [...always, next.startAndTraveler(startValues(product, true)), next.billing, { type: 'step.goTo', step: 'startAndTraveler' }];
      case 'account':
        return [...always, next.billing, next.account];
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
        ];
      case 'registering':
        return [
          ...always,
          submit,
          doneEvent('register', { userId: 'user-1', autoSignInCode }),
          errorEvent('register', { status: 409, code: 'mailAddressAlreadyExists' }),
          errorEvent('register', { status: 409, code: 'idempotencyKeyInFlight' }),
          errorEvent('register', { status: 500 }),
          errorEvent('register', new TypeError('Failed to fetch')),
        ];
      case 'signingIn':
        return [...always, submit, doneEvent('autoSignIn', { expiresAt: 2_000_000_000 }), errorEvent('autoSignIn', new Error('invalid_grant'))];
      case 'submitting':
        return [
          ...always,
          submit,
          doneEvent('submitOrder', { orderNumber: 'O-2026-1' }),
          errorEvent('submitOrder', { status: 400, code: 'quoteMismatch' }),
          errorEvent('submitOrder', { status: 500 }),
          errorEvent('submitOrder', new TypeError('Failed to fetch')),
        ];
      default:
        return [];
    }
  };
}

/** Model states: the state, the error, and the facts that change what may happen next (never the keys: they grow). */
export function serialize(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.error ?? null,
    context.userId !== undefined,
    context.signedIn,
    typeof context.data.account?.password === 'string',
    context.autoSignInCode !== undefined,
    snapshot.matches('submitting') ? context.submitAttempts : 0,
    context.data.quote ? context.data.quote.customerPrice === 0 : null,
    context.data.startAndTraveler?.isTraveler ?? null,
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
    for (const id of ['orderWizard.company', 'orderWizard.company|step.next|0', 'orderWizard.startAndTraveler|step.back|0', 'orderWizard.summary|step.goTo|0']) scope[id] = reason;
  } else {
    scope['orderWizard.company|always|0'] = `${product} has the company step: it is never skipped`;
  }
  if (!registration) {
    const reason = 'signed-in variant: no account step, no registration, no auto sign-in';
    for (const id of [
      'orderWizard.account',
      'orderWizard.registering',
      'orderWizard.signingIn',
      'orderWizard.billing|step.next|0',
      'orderWizard.account|step.next|0',
      'orderWizard.account|step.back|0',
      'orderWizard.account|wizard.restored|0',
      'orderWizard.summary|order.submit|0',
      'orderWizard.summary|order.submit|1',
      'orderWizard.summary|step.back|0',
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

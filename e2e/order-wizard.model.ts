import { expect, type Page } from '@playwright/test';
import { type AnyActorScope, createActor, createEmptyActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

import {
  type AccountValues,
  type BillingValues,
  type CompanyValues,
  type OrderWizardInput,
  orderWizardMachine,
  type Quote,
  type StartAndTravelerValues,
  type StepId,
  toPersistable,
} from '../machines/order-wizard/order-wizard.machine';
import { selectOrderWizardView } from '../machines/order-wizard/order-wizard.selectors';
import type { ProductName } from '../src/domain/product';
import { allTransitionIds, startTransitions, transitionIds, withInput } from '../tests/machines/model-coverage';
// `useProduct` is a Playwright helper, not a React hook: renamed so the hooks rule does not take it for one.
import { acceptTerms, chooseStart, fillBilling, type Locale, text, uniqueEmail, useProduct as serveProduct } from './order-steps';
import { demoPassword, signIn, signInOnSandboxPage } from './session';

/**
 * The order wizard's browser model (issue 6, item 5): the browser tests of the wizard are generated
 * from the paths of the REAL `orderWizardMachine`, explored with `xstate/graph`'s TestModel.
 *
 * - The model: the machine started with a real input per variant (product × visitor or signed-in
 *   customer), offered per state only what the screen offers (read from the machine's own selectors:
 *   Back where `canGoBack`, the summary's Change buttons for `editableSteps`, the order button where
 *   `canSubmitOrder`) with concrete values the sandbox answers deterministically, plus the actor
 *   results the sandbox will give for the context's data, plus two browser events the app turns into
 *   `wizard.restored`: a reload, and the account step's sign-in detour.
 * - The paths: goals are every screen state of each variant (`screenKey`) and every transition of
 *   the machine's definition that a variant can take; tours over TestModel's adjacency map go to the
 *   nearest uncovered goal until every goal is covered (at most `maxSteps` events a tour). Every tour
 *   is replayed on the machine, so each step's snapshot is the machine's own.
 * - The browser: `act` maps each event to clicks and typing, `expectScreen` maps each snapshot to
 *   assertions on the screen. A new transition in the machine becomes a new goal, so a new (or a
 *   longer) browser test; one the model cannot reach fails the spec until it is mapped or excluded
 *   below with its reason.
 */

type Snapshot = SnapshotFrom<typeof orderWizardMachine>;
type WizardEvent = EventFromLogic<typeof orderWizardMachine>;

/** Two things a browser does that the app answers with `wizard.restored`. */
type BrowserEvent = { type: 'browser.reload' } | { type: 'browser.signIn' };
/** Actor results the sandbox gives (no browser action: the next state's assertion waits for them). */
type ActorResult = { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };
export type ModelEvent = WizardEvent | BrowserEvent | ActorResult;

// ---------------------------------------------------------------- variants and seeded data

export interface Variant {
  product: ProductName;
  /** Visitor at /order who registers; otherwise a signed-in customer at /app/order. */
  registration: boolean;
  locale: Locale;
  name: string;
}

/** de-DE (the default) for most; one variant in en-US. */
export const variants: readonly Variant[] = [
  { product: 'deuti', registration: true, locale: 'de-DE', name: 'deuti visitor' },
  { product: 'deuti', registration: false, locale: 'de-DE', name: 'deuti customer' },
  { product: 'joti', registration: true, locale: 'en-US', name: 'joti visitor (en-US)' },
  { product: 'joti', registration: false, locale: 'de-DE', name: 'joti customer' },
  { product: 'seti', registration: true, locale: 'de-DE', name: 'seti visitor' },
  { product: 'seti', registration: false, locale: 'de-DE', name: 'seti customer' },
];

/** The demo account of each product (README.md), for the signed-in variant and the sign-in detour. */
export const demoAccounts: Record<ProductName, string> = { deuti: 'deuti@example.com', joti: 'joti@example.com', seti: 'seti@example.com' };

/** The quotes as the sandbox gives them (sandbox/seed/catalog.ts); only customerPrice matters here (skipPayment). */
const quotes = {
  DEU4900: { customerRealPrice: 63, totalPrice: 63, customerPrice: 63, employerPrice: 0, quoteId: 'DEU4900' },
  TDX9960: { customerRealPrice: 38, totalPrice: 63, customerPrice: 38, employerPrice: 25, quoteId: 'TDX9960' },
  TDX9950: { customerRealPrice: 0, totalPrice: 63, customerPrice: 0, employerPrice: 63, quoteId: 'TDX9950' },
  UNI0001: { customerRealPrice: 0, totalPrice: 63, customerPrice: 0, employerPrice: 63, quoteId: 'UNI0001' },
} satisfies Record<string, Quote>;

/**
 * seti: every order takes its matriculation number (sandbox/handlers/orders.ts), and a taken one is
 * refused at the company step. A path that only passes the company step uses 4711003 (Lena Fischer,
 * which the other specs check but never order); each path that orders gets a student of its own.
 * 4711001 is taken in the seed, 4711002 is ordered by order-more.spec.ts.
 */
export interface Student {
  number: string;
  firstName: string;
  lastName: string;
}
const checkedStudent: Student = { number: '4711003', firstName: 'Lena', lastName: 'Fischer' };
const orderingStudents: readonly Student[] = [
  { number: '4711006', firstName: 'Jonas', lastName: 'Becker' },
  { number: '4711007', firstName: 'Mia', lastName: 'Hoffmann' },
  { number: '4711008', firstName: 'Felix', lastName: 'Koch' },
  { number: '4711009', firstName: 'Hannah', lastName: 'Richter' },
];

/** The companies the company step offers in the model (seeded, see README.md). */
const companies: Record<ProductName, CompanyValues[]> = {
  deuti: [],
  joti: [
    { companyId: 'TDX9960', staffNumber: 'P-123456', quote: quotes.TDX9960 },
    { companyId: 'TDX9950', staffNumber: '123456', quote: quotes.TDX9950 },
  ],
  // The student is a placeholder: the browser types the path's student (see `Student`).
  seti: [{ companyId: 'UNI0001', staffNumber: 'student', quote: quotes.UNI0001, student: { firstName: 'student', lastName: 'student' } }],
};

/**
 * The start step chooses the second offered month (`chooseStart`: the first may ask about the current
 * month). The sandbox offers this month and the next three, joti from next month (sandbox/handlers/orders.ts).
 */
function secondOfferedMonth(product: ProductName): string {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() + (product === 'joti' ? 2 : 1), 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}-01`;
}
const otherTraveler = { firstName: 'Max', lastName: 'Musterkind', gender: 'Male', birthdate: '2012-04-03' } as const;
const billing: BillingValues = {
  gender: 'Female',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  birthdate: '1990-03-15',
  zipCode: '10115',
  city: 'Berlin',
  street: 'Invalidenstraße',
  houseNumber: '117',
  country: 'DE',
};

/**
 * The account step's two addresses: a new one, and one registered elsewhere meanwhile (after the
 * step's in-use check passed, before the order: `registerMeanwhile`), which the registration answers
 * with 409 mailAddressAlreadyExists. The browser types a unique address for each.
 */
const freshAddress = 'fresh@model.invalid';
const takenAddress = 'registered-meanwhile@model.invalid';
const account = (mailAddress: string): AccountValues => ({
  mailAddress,
  password: demoPassword,
  repeatPassword: demoPassword,
  isPrivacyStatementAccepted: true,
  isMarketingInformationAccepted: false,
});
const accepted = { areConditionsOfTransportAccepted: true, areAgbAccepted: true };

// ---------------------------------------------------------------- the model

/** Transitions the generated suite leaves out on purpose, each with its reason (by id `state|event|index`). */
export const excluded: Readonly<Record<string, string>> = {
  'orderWizard.registering|xstate.error.actor.register|1':
    'register fails other than 409 (5xx, network): needs fault injection (e2e/faults.spec.ts, tests/machines)',
  'orderWizard.signingIn|xstate.error.actor.autoSignIn|0':
    'the auto sign-in grant fails: needs fault injection on the token endpoint (e2e/faults.spec.ts, tests/machines)',
  'orderWizard.summary|order.submit|1':
    'registered but not signed in (after a failed auto sign-in): reachable only through autoSignIn failing, which needs fault injection (e2e/faults.spec.ts)',
  'orderWizard.summary|wizard.restored|1':
    'signInNeededAgain: a reload while the auto sign-in runs; the sandbox answers in milliseconds, so the browser cannot land there deterministically',
  'orderWizard.registering|wizard.restored|0': 'a reload (or session change) while register runs: timing-dependent, not deterministic in the browser',
  'orderWizard.signingIn|wizard.restored|0':
    'the session change of the auto sign-in itself may arrive here or after (React effect vs. promise): timing-dependent, and it changes nothing',
  'orderWizard.submitting|xstate.error.actor.submitOrder|0': 'submit answers 400: needs fault injection (e2e/faults.spec.ts)',
  'orderWizard.submitting|xstate.error.actor.submitOrder|1': 'submit answers 5xx and is retried: needs fault injection (e2e/faults.spec.ts)',
  'orderWizard.submitting|xstate.error.actor.submitOrder|2': 'submit fails twice: needs fault injection (e2e/faults.spec.ts)',
};

const today = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

function inputOf(variant: Variant): OrderWizardInput {
  return { product: variant.product, registration: variant.registration, idempotencyKeys: { register: 'register-key', submit: 'submit-key' } };
}

const hasPassword = (snapshot: Snapshot) => Boolean(snapshot.context.data.account?.password);

/** What the app does on a page load: restore the persisted draft (no password, no code), then `wizard.restored`. */
function restore(snapshot: Snapshot, signedIn: boolean, scope: AnyActorScope): { restored: Snapshot; event: WizardEvent } {
  const persisted = JSON.parse(JSON.stringify(toPersistable(snapshot))) as never;
  return { restored: orderWizardMachine.restoreSnapshot(persisted, scope) as Snapshot, event: { type: 'wizard.restored', signedIn } };
}

/**
 * The machine as the browser drives it: started with the variant's input and the `wizard.restored`
 * the page sends when it mounts; `browser.reload` and `browser.signIn` restore the persisted snapshot
 * and send `wizard.restored` with the session the page then has.
 */
function browserLogic(variant: Variant): typeof orderWizardMachine {
  const machine = orderWizardMachine;
  const logic = Object.create(machine) as typeof machine;
  Object.defineProperty(logic, 'getInitialSnapshot', {
    value: (scope: AnyActorScope) => machine.transition(machine.getInitialSnapshot(scope, inputOf(variant)), { type: 'wizard.restored', signedIn: !variant.registration }, scope),
  });
  Object.defineProperty(logic, 'transition', {
    value: (snapshot: Snapshot, event: ModelEvent, scope: AnyActorScope) => {
      if (event.type === 'browser.reload' || event.type === 'browser.signIn') {
        const { restored, event: restoredEvent } = restore(snapshot, event.type === 'browser.signIn' || snapshot.context.signedIn, scope);
        return machine.transition(restored, restoredEvent, scope);
      }
      return machine.transition(snapshot, event as WizardEvent, scope);
    },
  });
  return logic;
}

function startValues(snapshot: Snapshot, isTraveler: boolean): StartAndTravelerValues {
  const { product, data } = snapshot.context;
  const quote = product === 'deuti' ? quotes.DEU4900 : data.company?.quote;
  const traveler = isTraveler ? { isTraveler: true as const } : { isTraveler: false as const, traveler: otherTraveler };
  return { startDate: secondOfferedMonth(product), ...traveler, ...(quote ? { quote } : {}) };
}

/** What the screen offers in a state, with concrete values; in the invoking states, what the sandbox answers. */
function browserEvents(snapshot: Snapshot): ModelEvent[] {
  const { context } = snapshot;
  const view = selectOrderWizardView(snapshot, today());
  const events: ModelEvent[] = [];
  switch (snapshot.value) {
    case 'company':
      events.push(...companies[context.product].map((values): WizardEvent => ({ type: 'step.next', step: 'company', values })));
      break;
    case 'startAndTraveler':
      events.push({ type: 'step.next', step: 'startAndTraveler', values: startValues(snapshot, true) });
      if (view.offersBookingForOthers) events.push({ type: 'step.next', step: 'startAndTraveler', values: startValues(snapshot, false) });
      break;
    case 'billing':
      events.push({ type: 'step.next', step: 'billing', values: billing });
      break;
    case 'account':
      events.push({ type: 'step.next', step: 'account', values: account(freshAddress) });
      // A second address registered meanwhile: not right after a 409 (the customer types a new one then).
      if (context.error === undefined && context.data.account?.mailAddress !== takenAddress) {
        events.push({ type: 'step.next', step: 'account', values: account(takenAddress) });
      }
      events.push({ type: 'browser.signIn' });
      break;
    case 'summary':
      if (view.canSubmitOrder) events.push({ type: 'order.submit', values: accepted });
      events.push(...view.editableSteps.map((step): WizardEvent => ({ type: 'step.goTo', step })));
      break;
    case 'registering':
      return [
        context.data.account?.mailAddress === takenAddress
          ? { type: 'xstate.error.actor.register', error: { status: 409, code: 'mailAddressAlreadyExists' } }
          : { type: 'xstate.done.actor.register', output: { userId: 'user-new', autoSignInCode: 'auto-sign-in-code' } },
      ];
    case 'signingIn':
      return [{ type: 'xstate.done.actor.autoSignIn', output: undefined }];
    case 'submitting':
      return [{ type: 'xstate.done.actor.submitOrder', output: { orderNumber: 'X-1' } }];
    default:
      return [];
  }
  if (view.canGoBack) events.push({ type: 'step.back' });
  events.push({ type: 'browser.reload' });
  return events;
}

/** Model states: everything that decides what is offered next and what it leads to (Markov for these events). */
function serialize(snapshot: Snapshot): string {
  const { context } = snapshot;
  const accountData = context.data.account;
  return JSON.stringify([
    snapshot.value,
    context.error ?? null,
    context.signedIn,
    context.userId !== undefined,
    accountData ? [accountData.mailAddress, hasPassword(snapshot)] : null,
    context.data.company?.companyId ?? null,
    context.data.startAndTraveler?.isTraveler ?? null,
  ]);
}

/** Screen states: what the customer sees differ in (the goals: each is reached by some generated path). */
export function screenKey(snapshot: Snapshot): string {
  const view = selectOrderWizardView(snapshot, today());
  const value = snapshot.value as string;
  switch (value) {
    case 'done':
      return JSON.stringify([value, view.result?.skipPayment]);
    case 'registering':
    case 'signingIn':
    case 'submitting':
      return JSON.stringify([value]);
    case 'account':
      return JSON.stringify([value, view.error ?? null, view.stepCount, hasPassword(snapshot)]);
    case 'summary': {
      const { summary } = view;
      return JSON.stringify([value, view.error ?? null, view.stepCount, summary.skipPayment, summary.allowedPaymentMethods, summary.account !== undefined]);
    }
    default:
      return JSON.stringify([value, view.error ?? null, view.stepCount]);
  }
}

// ---------------------------------------------------------------- transitions of the definition

function transitionIdsOf(snapshot: Snapshot, event: WizardEvent): string[] {
  return transitionIds(orderWizardMachine, snapshot as never, event as never);
}

/** An actor scope that runs nothing (as xstate/graph's own): invoked actors are created, never started. */
function inertScope(): AnyActorScope {
  const self = createEmptyActor();
  const scope = { self, id: '', sessionId: 'model', system: self.system, logger: () => {}, defer: () => {}, stopChild: () => {}, emit: () => {}, actionExecutor: () => {} };
  return scope as unknown as AnyActorScope;
}

/** The machine transitions a model event takes from a snapshot (for the browser events: those of the `wizard.restored` they cause). */
function transitionsTaken(snapshot: Snapshot, event: ModelEvent): string[] {
  if (event.type === 'browser.reload' || event.type === 'browser.signIn') {
    const { restored, event: restoredEvent } = restore(snapshot, event.type === 'browser.signIn' || snapshot.context.signedIn, inertScope());
    return transitionIdsOf(restored, restoredEvent);
  }
  return transitionIdsOf(snapshot, event as WizardEvent);
}

/** The transitions of opening the page: eventless ones (deuti skips the company step) and the mount's `wizard.restored`. */
function openingTransitions(variant: Variant): string[] {
  const actor = createActor(orderWizardMachine, { input: inputOf(variant) }).start();
  const ids = [...startTransitions(withInput(orderWizardMachine, inputOf(variant))), ...transitionIdsOf(actor.getSnapshot(), { type: 'wizard.restored', signedIn: !variant.registration })];
  actor.stop();
  return ids;
}

// ---------------------------------------------------------------- paths

export interface BrowserStep {
  event: ModelEvent;
  /** The machine's snapshot before and after the event. */
  before: Snapshot;
  after: Snapshot;
  transitions: string[];
}

export interface BrowserPath {
  variant: Variant;
  title: string;
  initial: Snapshot;
  steps: BrowserStep[];
  /** seti: the student this path types (one of its own when it orders). */
  student: Student;
}

/** At most this many events a path: longer tours are split (a failure should not hide too much). */
export const maxSteps = 16;

/** How an event reads in a test title. */
export function eventLabel(event: ModelEvent): string {
  switch (event.type) {
    case 'step.next': {
      const detail =
        event.step === 'company'
          ? ` ${event.values.companyId}`
          : event.step === 'startAndTraveler' && !event.values.isTraveler
            ? ', someone else travels'
            : event.step === 'account' && event.values.mailAddress === takenAddress
              ? ', address registered meanwhile'
              : '';
      return `step.next(${event.step}${detail})`;
    }
    case 'step.goTo':
      return `step.goTo(${event.step})`;
    case 'browser.reload':
      return 'reload';
    case 'browser.signIn':
      return 'sign-in detour';
    default: {
      const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (actor) return actor[1] === 'done' ? `done: ${actor[2]}` : `error: ${actor[2]} ${JSON.stringify((event as { error: { status?: number } }).error.status ?? '')}`;
      return event.type;
    }
  }
}

interface Edge {
  from: string;
  to: string;
  event: ModelEvent;
  transitions: string[];
  screen: string;
}

interface VariantGraph {
  initial: Snapshot;
  initialKey: string;
  states: Map<string, Snapshot>;
  edges: Map<string, Edge[]>;
  screens: Set<string>;
  transitions: Set<string>;
}

function exploreVariant(variant: Variant): VariantGraph {
  const logic = browserLogic(variant);
  const model = new TestModel(logic as never, {
    events: browserEvents as never,
    serializeState: ((snapshot: Snapshot) => serialize(snapshot)) as never,
  });
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, { state: Snapshot; transitions: Record<string, { event: ModelEvent; state: Snapshot }> }>;
  const initial = logic.getInitialSnapshot(inertScope(), undefined as never) as Snapshot;
  const edges = new Map<string, Edge[]>();
  const states = new Map<string, Snapshot>();
  const screens = new Set<string>([screenKey(initial)]);
  const transitions = new Set<string>(openingTransitions(variant));
  for (const [key, { state, transitions: next }] of Object.entries(adjacency)) {
    states.set(key, state);
    screens.add(screenKey(state));
    const list: Edge[] = [];
    for (const { event, state: to } of Object.values(next)) {
      const taken = transitionsTaken(state, event);
      taken.forEach((id) => transitions.add(id));
      list.push({ from: key, to: serialize(to), event, transitions: taken, screen: screenKey(to) });
    }
    edges.set(key, list);
  }
  return { initial, initialKey: serialize(initial), states, edges, screens, transitions };
}

/** Register, auto sign-in or submit runs: the sandbox answers, the customer does nothing. */
const invoking = (snapshot: Snapshot | undefined) => snapshot !== undefined && ['registering', 'signingIn', 'submitting'].some((state) => snapshot.matches(state as never));

/** The nearest edge (breadth first) that reaches something not yet covered, with the way there. */
function nearestGoal(graph: VariantGraph, from: string, covers: (edge: Edge) => boolean): Edge[] | undefined {
  const seen = new Set([from]);
  const queue: { key: string; way: Edge[] }[] = [{ key: from, way: [] }];
  while (queue.length > 0) {
    const { key, way } = queue.shift()!;
    for (const edge of graph.edges.get(key) ?? []) {
      if (covers(edge)) return [...way, edge];
      if (!seen.has(edge.to)) {
        seen.add(edge.to);
        queue.push({ key: edge.to, way: [...way, edge] });
      }
    }
  }
  return undefined;
}

/** Replays a path's events on the machine (the browser's logic), so each step carries the machine's own snapshots. */
function replay(variant: Variant, way: Edge[]): { initial: Snapshot; steps: BrowserStep[] } {
  const logic = browserLogic(variant);
  const scope = inertScope();
  const initial = logic.getInitialSnapshot(scope, undefined as never) as Snapshot;
  let before = initial;
  const steps = way.map(({ event, to }) => {
    const offered = browserEvents(before).some((candidate) => JSON.stringify(candidate) === JSON.stringify(event));
    if (!offered) throw new Error(`order-wizard.model: ${eventLabel(event)} is not offered in ${serialize(before)}`);
    const after = logic.transition(before, event as never, scope) as Snapshot;
    // The tour was planned on model states: the machine must agree (else `serialize` misses something that matters).
    if (serialize(after) !== to) throw new Error(`order-wizard.model: ${eventLabel(event)} led to ${serialize(after)}, the model expected ${to}`);
    const step = { event, before, after, transitions: transitionsTaken(before, event) };
    before = after;
    return step;
  });
  return { initial, steps };
}

export interface BrowserModel {
  paths: BrowserPath[];
  /** Transitions of the definition the paths take, those left out on purpose, and those neither. */
  coverage: { covered: string[]; excluded: string[]; missing: string[]; excludedButCovered: string[]; total: number };
  /** Per variant: screen states and how many the paths reach. */
  screens: Record<string, { reached: number; total: number }>;
}

/**
 * The generated paths: for each variant, tours from the opening screen to the nearest goal not yet
 * covered (a screen state of this variant, or a transition no path of any variant took yet), again
 * and again, until every goal is covered; a tour ends at `done` or after `maxSteps` events.
 */
export function generateBrowserPaths(): BrowserModel {
  const covered = new Set<string>();
  const paths: BrowserPath[] = [];
  const screens: BrowserModel['screens'] = {};
  for (const variant of variants) {
    const graph = exploreVariant(variant);
    openingTransitions(variant).forEach((id) => covered.add(id));
    const seenScreens = new Set<string>([screenKey(graph.initial)]);
    const covers = (edge: Edge) => !seenScreens.has(edge.screen) || edge.transitions.some((id) => !covered.has(id));
    for (;;) {
      const events: Edge[] = [];
      let at = graph.initialKey;
      for (;;) {
        const way = nearestGoal(graph, at, covers);
        if (!way || (events.length > 0 && events.length + way.length > maxSteps)) break;
        for (const edge of way) {
          events.push(edge);
          seenScreens.add(edge.screen);
          edge.transitions.forEach((id) => covered.add(id));
        }
        at = way.at(-1)!.to;
      }
      // A tour does not stop while a call runs: the sandbox's answer (the one event offered there) follows.
      for (let edges = graph.edges.get(at) ?? []; invoking(graph.states.get(at)) && edges.length === 1; edges = graph.edges.get(at) ?? []) {
        const edge = edges[0]!;
        events.push(edge);
        seenScreens.add(edge.screen);
        edge.transitions.forEach((id) => covered.add(id));
        at = edge.to;
      }
      if (events.length === 0) break;
      const { initial, steps } = replay(variant, events);
      paths.push({ variant, title: `${variant.name}: ${steps.map((step) => eventLabel(step.event)).join(' → ')}`, initial, steps, student: checkedStudent });
    }
    screens[variant.name] = { reached: [...graph.screens].filter((key) => seenScreens.has(key)).length, total: graph.screens.size };
  }

  // seti: a student of its own for each path that orders.
  const ordering = paths.filter((path) => path.variant.product === 'seti' && path.steps.some((step) => step.after.status === 'done'));
  if (ordering.length > orderingStudents.length) {
    throw new Error(`order-wizard.model: ${ordering.length} seti paths order, but only ${orderingStudents.length} free students are seeded for them`);
  }
  ordering.forEach((path, index) => (path.student = orderingStudents[index]!));

  const all = allTransitionIds(orderWizardMachine);
  const coveredIds = all.filter((id) => covered.has(id));
  return {
    paths,
    coverage: {
      covered: coveredIds,
      excluded: all.filter((id) => id in excluded),
      missing: all.filter((id) => !covered.has(id) && !(id in excluded)),
      excludedButCovered: coveredIds.filter((id) => id in excluded),
      total: all.length,
    },
    screens,
  };
}

// ---------------------------------------------------------------- the browser: texts

/** Texts the assertions and actions look for, beyond order-steps.ts's `text` (locales/*.po). */
const words = {
  'de-DE': {
    stepTitle: { company: 'Unternehmen', startAndTraveler: 'Start und Reisende', billing: 'Rechnungsadresse', account: 'Konto', summary: 'Zusammenfassung' },
    heading: { joti: 'Ihr Arbeitgeber', seti: 'Ihre Hochschule', startAndTraveler: 'Startdatum und Reisende' },
    progress: (n: number, m: number, title: string) => `Schritt ${n} von ${m}: ${title}`,
    progressLabel: 'Schritte Ihrer Bestellung',
    companyId: { joti: 'Firmennummer', seti: 'Hochschulnummer' },
    staffNumber: { joti: 'Personalnummer', seti: 'Matrikelnummer' },
    self: 'Ich selbst',
    someoneElse: 'Eine andere Person',
    travelerFirstName: 'Vorname der reisenden Person',
    travelerLastName: 'Nachname der reisenden Person',
    travelerGender: 'Geschlecht der reisenden Person',
    travelerMale: 'Männlich',
    travelerBirthdate: 'Geburtsdatum der reisenden Person',
    signIn: 'Anmelden',
    passwordNeededAgain: 'Bitte geben Sie Ihr Passwort erneut ein',
    mailAddressAlreadyExists: 'Zu dieser E-Mail-Adresse gibt es bereits ein Konto. Bitte melden Sie sich an.',
    orderError: 'Ihre Bestellung konnte nicht gesendet werden',
    change: 'Ändern',
    summaryPart: { company: 'Unternehmen', startAndTraveler: 'Start und Reisende', billing: 'Rechnungsadresse', account: 'Ihr Konto' },
    noPayment: { deuti: 'Sie zahlen nichts: Ihr Ticket ist vollständig bezahlt.', joti: 'Sie zahlen nichts: Ihr Ticket ist vollständig bezahlt.', seti: 'Sie zahlen hier nichts:' },
    insurer: 'Ihr Ticket wird ausgestellt von',
    bothMethods: 'Lastschrift oder Kreditkarte, Auswahl im nächsten Schritt',
    cardOnly: 'Nur Kreditkarte, weil Sie für eine andere Person bestellen',
  },
  'en-US': {
    stepTitle: { company: 'Company', startAndTraveler: 'Start and traveler', billing: 'Billing address', account: 'Account', summary: 'Summary' },
    heading: { joti: 'Your employer', seti: 'Your university', startAndTraveler: 'Start date and traveler' },
    progress: (n: number, m: number, title: string) => `Step ${n} of ${m}: ${title}`,
    progressLabel: 'Steps of your order',
    companyId: { joti: 'Company number', seti: 'University number' },
    staffNumber: { joti: 'Staff number', seti: 'Matriculation number' },
    self: 'I will',
    someoneElse: 'Someone else',
    travelerFirstName: 'First name of the traveler',
    travelerLastName: 'Last name of the traveler',
    travelerGender: 'Gender of the traveler',
    travelerMale: 'Male',
    travelerBirthdate: 'Date of birth of the traveler',
    signIn: 'Sign in',
    passwordNeededAgain: 'Please enter your password again',
    mailAddressAlreadyExists: 'An account with this email address exists already. Please sign in instead.',
    orderError: 'Your order could not be sent',
    change: 'Change',
    summaryPart: { company: 'Company', startAndTraveler: 'Start and traveler', billing: 'Billing address', account: 'Your account' },
    noPayment: { deuti: 'You pay nothing: your ticket is fully paid for.', joti: 'You pay nothing: your ticket is fully paid for.', seti: 'You pay nothing here:' },
    insurer: 'Your ticket will be issued by',
    bothMethods: 'Direct debit or credit card, chosen in the next step',
    cardOnly: 'Credit card only, because you order for someone else',
  },
} as const;

/** The order numbers' prefix per product (sandbox/seed/ids.ts). */
const orderPrefix: Record<ProductName, string> = { deuti: 'A', joti: 'B', seti: 'C' };

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------- the browser: one path

/** What a browser run remembers beside the machine: the addresses it typed and the calls it saw. */
interface Run {
  fresh: string;
  /** The address in the account step (what `data.account.mailAddress` stands for). */
  address: string | undefined;
  meanwhile: Set<string>;
  calls: { register: number; submit: number };
}

function stepHeading(path: BrowserPath, step: StepId): string {
  const { locale, product } = path.variant;
  const w = words[locale];
  switch (step) {
    case 'company':
      return product === 'seti' ? w.heading.seti : w.heading.joti;
    case 'startAndTraveler':
      return w.heading.startAndTraveler;
    case 'billing':
      return text[locale].billingTitle;
    case 'account':
      return text[locale].accountTitle;
    case 'summary':
      return text[locale].summary;
  }
}

/** Opens the wizard as the variant's customer: a visitor at /order, a customer signed in at /app/order. */
async function open(page: Page, path: BrowserPath): Promise<void> {
  const { product, registration, locale } = path.variant;
  await serveProduct(page, product);
  await page.addInitScript((value) => window.localStorage.setItem('portal.locale', value), locale);
  if (registration) {
    await page.goto('/order');
  } else {
    await signIn(page, demoAccounts[product]);
    await page.goto('/app/order');
  }
}

/**
 * Clicks the step's Next once the page has settled: nothing loading (a price or an insurer appearing
 * moves the button under the pointer) and the form idle (a submit while it validates is ignored,
 * SPEC.md 4.1).
 */
async function clickNext(page: Page, path: BrowserPath): Promise<void> {
  const button = page.getByRole('button', { name: text[path.variant.locale].next, exact: true });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(button).not.toHaveAttribute('data-pending');
  await button.click();
}

/** Fills the step the event names with the event's values (nothing when the form shows them already). */
async function fillStep(page: Page, path: BrowserPath, before: Snapshot, event: Extract<WizardEvent, { type: 'step.next' }>, run: Run): Promise<void> {
  const { locale, product } = path.variant;
  const w = words[locale];
  const t = text[locale];
  const shown = JSON.stringify(before.context.data[event.step]) === JSON.stringify(event.values);
  const priceSentence = page.locator('[role="status"][data-price-text]');
  switch (event.step) {
    case 'company': {
      const seti = product === 'seti';
      const key = seti ? 'seti' : 'joti';
      if (!shown) {
        await page.getByRole('textbox', { name: w.companyId[key] }).fill(event.values.companyId);
        if (seti) {
          await page.getByRole('textbox', { name: t.firstName }).fill(path.student.firstName);
          await page.getByRole('textbox', { name: t.lastName }).fill(path.student.lastName);
        }
        await page.getByRole('textbox', { name: w.staffNumber[key] }).fill(seti ? path.student.number : event.values.staffNumber);
      }
      // The company is known (its lookup has answered): the price shows.
      await expect(priceSentence).toBeVisible();
      break;
    }
    case 'startAndTraveler': {
      if (!shown) {
        await chooseStart(page, locale);
        if (selectOrderWizardView(before, today()).offersBookingForOthers) {
          if (event.values.isTraveler) {
            await page.getByRole('radio', { name: w.self }).check({ force: true });
          } else {
            await page.getByRole('radio', { name: w.someoneElse }).check({ force: true });
            await page.getByRole('textbox', { name: w.travelerFirstName }).fill(event.values.traveler.firstName);
            await page.getByRole('textbox', { name: w.travelerLastName }).fill(event.values.traveler.lastName);
            await page.getByRole('radiogroup', { name: w.travelerGender }).getByRole('radio', { name: w.travelerMale }).check({ force: true });
            await page.getByRole('group', { name: w.travelerBirthdate }).getByRole('spinbutton').first().click();
            await page.keyboard.type(locale === 'de-DE' ? '03042012' : '04032012');
          }
        }
      }
      await expect(page.getByRole('radiogroup', { name: t.startMonth }).getByRole('radio').nth(1)).toBeChecked();
      // The quote of the chosen month has come (it grows the price box).
      await expect(priceSentence).toBeVisible();
      break;
    }
    case 'billing':
      if (!shown) await fillBilling(page, locale, { namesReadOnly: product === 'seti' });
      // The insurer of the zip code has come (it appears above the buttons).
      await expect(page.getByText(w.insurer)).toBeVisible();
      break;
    case 'account': {
      if (!shown) {
        const kind = event.values.mailAddress;
        const keep = before.context.data.account?.mailAddress === kind && run.address !== undefined;
        const address = keep ? run.address! : kind === takenAddress ? uniqueEmail(`model-meanwhile-${product}`) : run.fresh;
        await expect(page.getByRole('heading', { level: 2, name: t.accountTitle })).toBeVisible();
        await page.getByRole('textbox', { name: t.email }).fill(address);
        await page.getByRole('textbox', { name: t.password, exact: true }).fill(demoPassword);
        await page.getByRole('textbox', { name: t.repeat }).fill(demoPassword);
        await page.getByRole('checkbox', { name: t.privacy }).check({ force: true });
        run.address = address;
      }
      break;
    }
  }
}

/**
 * Someone registers the address elsewhere (another tab) after the account step's in-use check let
 * it pass: the wizard's registration then answers 409 mailAddressAlreadyExists. The call is the
 * portal's own (same origin, CSRF header from the cookie), sent from the page.
 */
async function registerMeanwhile(page: Page, address: string): Promise<void> {
  const status = await page.evaluate(
    async ({ username, password }) => {
      const csrf = document.cookie.split('; ').find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
      const config = (await (await fetch('/config.json')).json()) as { oauth: { clientId: string } };
      const body = new URLSearchParams({
        username,
        password,
        client_id: config.oauth.clientId,
        grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in',
        has_agreed_to_privacy_policy: 'true',
        has_agreed_to_newsletter: 'false',
      });
      const response = await fetch('/api/v2/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-XSRF-TOKEN': decodeURIComponent(csrf), 'Idempotency-Key': crypto.randomUUID() },
        body,
      });
      return response.status;
    },
    { username: address, password: demoPassword },
  );
  expect(status, `registering ${address} meanwhile`).toBe(201);
}

/** The browser action of an event (actor results have none: the sandbox answers by itself). */
async function act(page: Page, path: BrowserPath, step: BrowserStep, run: Run): Promise<void> {
  const { event, before } = step;
  const { locale, product } = path.variant;
  const w = words[locale];
  switch (event.type) {
    case 'step.next':
      await fillStep(page, path, before, event, run);
      await clickNext(page, path);
      return;
    case 'step.back':
      await page.getByRole('button', { name: text[locale].back, exact: true }).click();
      return;
    case 'step.goTo':
      await page.getByRole('button', { name: new RegExp(`^${escape(w.change)}\\s?: ${escape(w.summaryPart[event.step])}$`) }).click();
      return;
    case 'order.submit': {
      const address = before.context.data.account?.mailAddress === takenAddress ? run.address : undefined;
      if (address !== undefined && !run.meanwhile.has(address) && before.context.userId === undefined && !before.context.signedIn) {
        await registerMeanwhile(page, address);
        run.meanwhile.add(address);
      }
      await acceptTerms(page, locale);
      await page.getByRole('button', { name: text[locale].order }).click();
      return;
    }
    case 'browser.reload':
      await page.reload();
      return;
    case 'browser.signIn':
      await page.getByRole('form', { name: text[locale].accountTitle }).getByRole('link', { name: w.signIn, exact: true }).first().click();
      await signInOnSandboxPage(page, demoAccounts[product]);
      return;
    default:
      return;
  }
}

/** The screen of a snapshot, as the selectors describe it. */
async function expectScreen(page: Page, path: BrowserPath, snapshot: Snapshot, run: Run): Promise<void> {
  const { locale, product } = path.variant;
  const w = words[locale];
  const t = text[locale];
  const view = selectOrderWizardView(snapshot, today());
  const { context } = snapshot;

  if (snapshot.status === 'done') {
    const number = new RegExp(`^${orderPrefix[product]}-\\d+$`);
    if (view.result?.skipPayment) {
      await expect(page).toHaveURL(new RegExp(`/app/order/confirmation\\?orderNumber=${orderPrefix[product]}-\\d+$`));
      await expect(page.getByTestId('order-number')).toHaveText(number);
    } else {
      await expect(page).toHaveURL(new RegExp(`/app/payment/${orderPrefix[product]}-\\d+$`));
      await expect(page.frameLocator('iframe').getByTestId('order-number')).toHaveText(number);
    }
    return;
  }
  // Registering, signing in, submitting: the sandbox answers at once; the next state is asserted.
  if (view.isSubmitting || view.step === undefined) return;

  const step = view.step;
  await expect(page.getByRole('heading', { level: 2, name: stepHeading(path, step), exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}$`));
  await expect(page.getByText(w.progress(view.stepNumber, view.stepCount, w.stepTitle[step]), { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: w.progressLabel }).getByRole('listitem')).toHaveText(view.steps.map((id) => new RegExp(`${escape(w.stepTitle[id])}$`)));
  await expect(page.getByRole('button', { name: t.back, exact: true })).toHaveCount(view.canGoBack ? 1 : 0);

  switch (step) {
    case 'company':
      if (context.data.company) {
        await expect(page.getByRole('textbox', { name: w.companyId[product === 'seti' ? 'seti' : 'joti'] })).toHaveValue(context.data.company.companyId);
      }
      break;
    case 'startAndTraveler':
      if (context.data.startAndTraveler) {
        await expect(page.getByRole('radiogroup', { name: t.startMonth }).getByRole('radio').nth(1)).toBeChecked();
        if (view.offersBookingForOthers) await expect(page.getByRole('radio', { name: w.someoneElse })).toBeChecked({ checked: !context.data.startAndTraveler.isTraveler });
      }
      break;
    case 'billing':
      if (context.data.billing) await expect(page.getByRole('textbox', { name: t.city })).toHaveValue(context.data.billing.city);
      break;
    case 'account': {
      await expect(page.getByText(w.passwordNeededAgain)).toHaveCount(view.error === 'passwordNeededAgain' ? 1 : 0);
      await expect(page.getByText(w.mailAddressAlreadyExists)).toHaveCount(view.error === 'mailAddressAlreadyExists' ? 1 : 0);
      const accountData = context.data.account;
      if (accountData) {
        await expect(page.getByRole('textbox', { name: t.email })).toHaveValue(run.address ?? '');
        await expect(page.getByRole('textbox', { name: t.password, exact: true })).toHaveValue(accountData.password ? demoPassword : '');
      }
      break;
    }
    case 'summary': {
      await expect(page.getByText(w.orderError)).toHaveCount(view.error ? 1 : 0);
      await expect(page.getByRole('button', { name: new RegExp(`^${escape(w.change)}`) })).toHaveCount(view.editableSteps.length);
      const accountPart = page.getByRole('region', { name: w.summaryPart.account, exact: true });
      await expect(accountPart).toHaveCount(view.summary.account ? 1 : 0);
      if (view.summary.account) await expect(accountPart).toContainText(run.address ?? '');
      await expect(page.getByRole('region', { name: w.summaryPart.billing, exact: true })).toContainText(`${billing.street} ${billing.houseNumber}`);
      if (view.summary.skipPayment) {
        await expect(page.getByText(w.noPayment[product])).toBeVisible();
      } else {
        await expect(page.getByText(view.summary.allowedPaymentMethods?.includes('BANKACCOUNT') ? w.bothMethods : w.cardOnly)).toBeVisible();
      }
      break;
    }
  }
}

/** Counts the portal's register and submit calls (SPEC.md 4.1: register once, submit once). */
function countCalls(page: Page, run: Run): void {
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/v2/auth/register')) run.calls.register += 1;
    if (request.url().endsWith('/api/v3/order/orders/submit')) run.calls.submit += 1;
  });
}

/**
 * Runs one generated path in the browser: opens the wizard as the variant's customer, then for each
 * step does the event's browser action and asserts the screen of the machine's next snapshot. At the
 * end, the register and submit calls are as many as the path entered `registering` and `submitting`
 * (plus the registrations made "elsewhere").
 */
export async function runPath(page: Page, path: BrowserPath, step: <T>(title: string, body: () => Promise<T>) => Promise<T>): Promise<void> {
  const run: Run = { fresh: uniqueEmail(`model-${path.variant.product}`), address: undefined, meanwhile: new Set(), calls: { register: 0, submit: 0 } };
  countCalls(page, run);
  await step('open the wizard', async () => {
    await open(page, path);
    await expectScreen(page, path, path.initial, run);
  });
  for (const modelStep of path.steps) {
    await step(`${eventLabel(modelStep.event)} → ${JSON.stringify(modelStep.after.value)}`, async () => {
      await act(page, path, modelStep, run);
      await expectScreen(page, path, modelStep.after, run);
    });
  }
  const entered = (state: string) => path.steps.filter((modelStep) => modelStep.after.value === state && modelStep.before.value !== state).length;
  expect(run.calls).toEqual({ register: entered('registering') + run.meanwhile.size, submit: entered('submitting') });
}

import { type AnyActorScope, createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

import { orderWizardMachine } from '#machines/order-wizard/order-wizard.machine';
import { type PersistedOrderWizard, toPersistable } from '#machines/order-wizard/order-wizard.persistence';
import { selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import type { OrderWizardInput, StartAndTravelerValues } from '#machines/order-wizard/order-wizard.types';
import { needsStartMonthWarning } from '#src/domain/start-month';
import { inertScope } from '../machine-paths/tours';
import { allTransitionIds, startTransitions, transitionIds, withInput } from '#tools/machines/model-coverage';
import {
  accepted,
  account,
  billing,
  checkedStudent,
  companies,
  freshAddress,
  offeredMonth,
  orderingStudents,
  otherTraveler,
  quoteOf,
  secondOfferedMonth,
  type Student,
  takenAddress,
  type Variant,
  variants,
} from './fixtures';

/**
 * The order wizard's browser model (issue 6, item 5): the browser tests of the wizard are generated
 * from the paths of the REAL `orderWizardMachine`, explored with `xstate/graph`'s TestModel. This
 * file is the model and its paths; the variants and seeded data are in fixtures.ts, the words per
 * locale in texts.ts, the browser that runs a path in driver.ts.
 *
 * - The model: the machine started with a real input per variant (product × visitor or signed-in
 *   customer), offered per state only what the screen offers (read from the machine's own selectors:
 *   Back where `canGoBack`, the summary's Change buttons for `editableSteps`, the order button where
 *   `canSubmitOrder`, the start-month dialog's answers where it is open) with concrete values the
 *   sandbox answers deterministically, plus the actor results the sandbox will give for the
 *   context's data (quotes, register, sign-in, submit), plus the browser's own events: a reload
 *   and the account step's sign-in detour (the app answers both with `wizard.restored`), and its
 *   back and forward buttons (`history.popped`).
 * - The browser's history: back and forward reach what the app put into it (a history entry per
 *   step the machine moved to). The model keeps it as far as it is the wizard's steps in order, from
 *   the first to the furthest reached (`BrowserHistory`), and offers back and forward only then.
 * - The day: the real one (the browser's clock is not moved: signed-in sessions would expire). From
 *   the 11th on, choosing the current month asks (SPEC.md 4.1) and the dialog's transitions are
 *   goals; before, they are excluded with that reason (`excludedToday`).
 * - The paths: goals are every screen state of each product (`screenKey`: a visitor and a customer
 *   share the screens of their product, so the customer's tour only takes what the visitor's did not)
 *   and every transition of the machine's definition that a variant can take; tours over TestModel's
 *   adjacency map go to the nearest uncovered goal until every goal is covered (at most `maxSteps`
 *   events a tour). Every tour is replayed on the machine, so each step's snapshot is the machine's own.
 * - The browser (driver.ts): `act` maps each event to clicks and typing, `expectScreen` maps each
 *   snapshot to assertions on the screen. A new transition in the machine becomes a new goal, so a
 *   new (or a longer) browser test; one the model cannot reach fails the spec until it is mapped or
 *   excluded below with its reason.
 */

export type Snapshot = SnapshotFrom<typeof orderWizardMachine>;
export type WizardEvent = EventFromLogic<typeof orderWizardMachine>;

/** Two things a browser does that the app answers with `wizard.restored`. */
type BrowserEvent = { type: 'browser.reload' } | { type: 'browser.signIn' };
/** Actor results the sandbox gives (no browser action: the next state's assertion waits for them). */
type ActorResult = { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };
export type ModelEvent = WizardEvent | BrowserEvent | ActorResult;

// ---------------------------------------------------------------- the model

/** Transitions the generated suite always leaves out, each with its reason (by id `state|event|index`). */
const alwaysExcluded: Readonly<Record<string, string>> = {
  'orderWizard.quotingCompany|xstate.error.actor.companyQuote|0':
    'the sandbox quotes every seeded company: a failed quote needs fault injection (tests/flows/company-step.test.tsx, tests/machines)',
  'orderWizard.quotingStart|xstate.error.actor.startQuote|0':
    'the sandbox quotes every offered month: a failed quote needs fault injection (tests/flows/start-traveler-step.test.tsx, tests/machines)',
  'orderWizard.quotingStart|step.back|0':
    'Back while the start month is quoted: the sandbox answers in milliseconds, so the browser cannot land there deterministically',
  'orderWizard.startAndTraveler|step.next|0':
    'Next with an unconfirmed current month: only a month stored before the 11th and restored from the 11th on (the clock moved between two page loads); tests/flows/start-traveler-step.test.tsx and tests/machines cover it',
  'orderWizard.startMonthWarning|startMonth.confirm|0':
    'the confirmation a Next waited for: follows the Next with an unconfirmed current month (see startAndTraveler|step.next|0)',
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

/** The customer's day, as the app reads it (local calendar date). */
export const today = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Whether choosing the current month asks today (SPEC.md 4.1): from the 11th on, for the products that offer it. */
const startMonthAsks = (variant: { product: Variant['product'] }) => needsStartMonthWarning(offeredMonth(variant.product, 0), today());

/** Before the 11th the start-month dialog cannot appear: its transitions are left out today, with the reason. */
function excludedToday(): Readonly<Record<string, string>> {
  if (variants.some(startMonthAsks)) return alwaysExcluded;
  const reason = `today (${today()}) is before the 11th: the current month does not ask (SPEC.md 4.1); e2e/order-more.spec.ts moves the page's clock for the dialog`;
  return {
    ...alwaysExcluded,
    'orderWizard.startAndTraveler|startDate.chosen|0': reason,
    'orderWizard.startMonthWarning|startMonth.confirm|1': reason,
    'orderWizard.startMonthWarning|startMonth.reject|0': reason,
  };
}

/** Transitions the generated suite leaves out on purpose, today, each with its reason. */
export const excluded = excludedToday();

function inputOf(variant: Variant): OrderWizardInput {
  return { product: variant.product, registration: variant.registration, idempotencyKeys: { register: 'register-key', submit: 'submit-key' }, today: today() };
}

const hasPassword = (snapshot: Snapshot) => Boolean(snapshot.context.data.account?.password);

/** What the app does on a page load: restore the persisted draft (no password, no code), then `wizard.restored`. */
function restore(snapshot: Snapshot, signedIn: boolean, scope: AnyActorScope): { restored: Snapshot; event: WizardEvent } {
  const persisted: PersistedOrderWizard = JSON.parse(JSON.stringify(toPersistable(snapshot)));
  return { restored: orderWizardMachine.restoreSnapshot(persisted, scope) as Snapshot, event: { type: 'wizard.restored', signedIn, today: today() } };
}

/**
 * The browser's history as far as back and forward use it: the wizard's steps in order, from the
 * first (the page opened there) to the furthest the machine moved forward to, or `mixed` once the
 * app put anything else into it (the Back button and the summary's Change buttons add entries of
 * earlier steps, a refused forward replaces one, the sign-in detour adds pages).
 */
export type BrowserHistory = { furthest: number } | 'mixed';
const histories = new WeakMap<Snapshot, BrowserHistory>();
export const historyOf = (snapshot: Snapshot): BrowserHistory => histories.get(snapshot) ?? 'mixed';

function nextHistory(before: Snapshot, event: ModelEvent, after: Snapshot): BrowserHistory {
  const history = historyOf(before);
  if (history === 'mixed' || event.type === 'browser.signIn') return 'mixed';
  const from = selectOrderWizardView(before);
  const to = selectOrderWizardView(after);
  if (to.step === undefined || from.step === undefined) return history;
  if (JSON.stringify(from.steps) !== JSON.stringify(to.steps)) return 'mixed';
  const index = to.steps.indexOf(to.step);
  if (event.type === 'history.popped') return from.step === to.step ? 'mixed' : history;
  if (from.step === to.step) return history;
  return index === from.steps.indexOf(from.step) + 1 ? { furthest: index } : 'mixed';
}

/**
 * The machine as the browser drives it: started with the variant's input and the `wizard.restored`
 * the page sends when it mounts; `browser.reload` and `browser.signIn` restore the persisted snapshot
 * and send `wizard.restored` with the session the page then has. Each snapshot knows its history.
 */
function browserLogic(variant: Variant): typeof orderWizardMachine {
  const machine = orderWizardMachine;
  const logic = Object.create(machine) as typeof machine;
  Object.defineProperty(logic, 'getInitialSnapshot', {
    value: (scope: AnyActorScope) => {
      const initial = machine.transition(
        machine.getInitialSnapshot(scope, inputOf(variant)),
        { type: 'wizard.restored', signedIn: !variant.registration, today: today() },
        scope,
      );
      histories.set(initial, { furthest: 0 });
      return initial;
    },
  });
  Object.defineProperty(logic, 'transition', {
    value: (snapshot: Snapshot, event: ModelEvent, scope: AnyActorScope) => {
      let next: Snapshot;
      if (event.type === 'browser.reload' || event.type === 'browser.signIn') {
        const { restored, event: restoredEvent } = restore(snapshot, event.type === 'browser.signIn' || snapshot.context.signedIn, scope);
        next = machine.transition(restored, restoredEvent, scope);
      } else {
        next = machine.transition(snapshot, event as WizardEvent, scope);
      }
      // (An event the machine ignores returns the same snapshot: its history stays.)
      if (next !== snapshot) histories.set(next, nextHistory(snapshot, event, next));
      return next;
    },
  });
  return logic;
}

function startValues(snapshot: Snapshot, isTraveler: boolean): StartAndTravelerValues {
  const startDate = secondOfferedMonth(snapshot.context.product);
  return isTraveler ? { startDate, isTraveler: true } : { startDate, isTraveler: false, ...otherTraveler };
}

/** The browser's back and forward in a step, as far as the history holds the wizard's steps in order. */
function historyEvents(snapshot: Snapshot): WizardEvent[] {
  const history = historyOf(snapshot);
  const view = selectOrderWizardView(snapshot);
  if (history === 'mixed' || view.step === undefined) return [];
  const index = view.steps.indexOf(view.step);
  const back = index > 0 ? [view.steps[index - 1]!] : [];
  const forward = index < history.furthest ? [view.steps[index + 1]!] : [];
  // Only what the machine takes: a refused forward (an account without its password) makes the app
  // replace the entry, which order-more.spec.ts checks.
  return [...back, ...forward].map((step): WizardEvent => ({ type: 'history.popped', step })).filter((event) => snapshot.can(event));
}

/** What the screen offers in a state, with concrete values; in the invoking states, what the sandbox answers. */
function browserEvents(snapshot: Snapshot): ModelEvent[] {
  const { context } = snapshot;
  const view = selectOrderWizardView(snapshot);
  const events: ModelEvent[] = [];
  switch (snapshot.value) {
    case 'company':
      events.push(...companies[context.product].map((values): WizardEvent => ({ type: 'step.next', step: 'company', values })));
      break;
    case 'quotingCompany':
      return [{ type: 'xstate.done.actor.companyQuote', output: quoteOf(context.pendingCompany?.companyId ?? '') }];
    case 'startAndTraveler': {
      const second = secondOfferedMonth(context.product);
      if (context.chosenStartDate !== second) events.push({ type: 'startDate.chosen', startDate: second });
      const current = offeredMonth(context.product, 0);
      if (startMonthAsks(context) && context.confirmedStartMonth === undefined) events.push({ type: 'startDate.chosen', startDate: current });
      events.push({ type: 'step.next', step: 'startAndTraveler', values: startValues(snapshot, true) });
      if (view.offersBookingForOthers) events.push({ type: 'step.next', step: 'startAndTraveler', values: startValues(snapshot, false) });
      break;
    }
    case 'startMonthWarning':
      return [{ type: 'startMonth.confirm' }, { type: 'startMonth.reject' }];
    case 'quotingStart':
      return [{ type: 'xstate.done.actor.startQuote', output: quoteOf(context.data.company?.companyId ?? 'DEU4900') }];
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
  events.push(...historyEvents(snapshot));
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
    context.pendingCompany?.companyId ?? null,
    context.data.startAndTraveler?.isTraveler ?? null,
    context.data.billing !== undefined,
    context.chosenStartDate ?? null,
    context.confirmedStartMonth !== undefined,
    historyOf(snapshot),
  ]);
}

/** The month the start step's form shows: the one chosen since the step was entered, else the stored one. */
export function shownStartDate(snapshot: Snapshot): string | undefined {
  return snapshot.context.chosenStartDate ?? snapshot.context.data.startAndTraveler?.startDate;
}

/** Screen states: what the customer sees differ in (the goals: each is reached by some generated path). */
export function screenKey(snapshot: Snapshot): string {
  const view = selectOrderWizardView(snapshot);
  const value = snapshot.value as string;
  switch (value) {
    case 'done':
      return JSON.stringify([value, view.result?.skipPayment]);
    case 'quotingCompany':
    case 'quotingStart':
    case 'registering':
    case 'signingIn':
    case 'submitting':
      return JSON.stringify([value]);
    case 'startAndTraveler':
    case 'startMonthWarning':
      return JSON.stringify([value, view.error ?? null, view.stepCount, shownStartDate(snapshot) === offeredMonth(snapshot.context.product, 0)]);
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
  const ids = [
    ...startTransitions(withInput(orderWizardMachine, inputOf(variant))),
    ...transitionIdsOf(actor.getSnapshot(), { type: 'wizard.restored', signedIn: !variant.registration, today: today() }),
  ];
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
export const maxSteps = 20;

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
    case 'startDate.chosen':
      return `startDate.chosen(${event.startDate.slice(0, 7)})`;
    case 'history.popped':
      return `history.popped(${event.step})`;
    case 'browser.reload':
      return 'reload';
    case 'browser.signIn':
      return 'sign-in detour';
    default: {
      const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (actor)
        return actor[1] === 'done' ? `done: ${actor[2]}` : `error: ${actor[2]} ${JSON.stringify((event as { error: { status?: number } }).error.status ?? '')}`;
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

/** A screen state as a goal of the tours: per product (its steps and texts differ), not per variant. */
const screenOf = (variant: Variant, snapshot: Snapshot) => `${variant.product} ${screenKey(snapshot)}`;

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
  const adjacency = model.getAdjacencyMap() as unknown as Record<
    string,
    { state: Snapshot; transitions: Record<string, { event: ModelEvent; state: Snapshot }> }
  >;
  const initial = logic.getInitialSnapshot(inertScope(), undefined as never) as Snapshot;
  const edges = new Map<string, Edge[]>();
  const states = new Map<string, Snapshot>();
  const screens = new Set<string>([screenOf(variant, initial)]);
  const transitions = new Set<string>(openingTransitions(variant));
  for (const [key, { state, transitions: next }] of Object.entries(adjacency)) {
    states.set(key, state);
    screens.add(screenOf(variant, state));
    const list: Edge[] = [];
    for (const { event, state: to } of Object.values(next)) {
      const taken = transitionsTaken(state, event);
      taken.forEach((id) => transitions.add(id));
      list.push({ from: key, to: serialize(to), event, transitions: taken, screen: screenOf(variant, to) });
    }
    edges.set(key, list);
  }
  return { initial, initialKey: serialize(initial), states, edges, screens, transitions };
}

/** A quote, register, the auto sign-in or submit runs: the sandbox answers, the customer does nothing. */
const invoking = (snapshot: Snapshot | undefined) =>
  snapshot !== undefined && ['quotingCompany', 'quotingStart', 'registering', 'signingIn', 'submitting'].some((state) => snapshot.matches(state as never));

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
 * covered (a screen state of its product, or a transition no path of any variant took yet), again
 * and again, until every goal is covered; a tour ends at `done` or after `maxSteps` events.
 */
export function generateBrowserPaths(): BrowserModel {
  const covered = new Set<string>();
  const seenScreens = new Set<string>();
  const paths: BrowserPath[] = [];
  const screens: BrowserModel['screens'] = {};
  for (const variant of variants) {
    const graph = exploreVariant(variant);
    openingTransitions(variant).forEach((id) => covered.add(id));
    seenScreens.add(screenOf(variant, graph.initial));
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

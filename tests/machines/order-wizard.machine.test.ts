// @vitest-environment node
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';

import { buildSubmitPayload } from '#machines/order-wizard/order-wizard.payload';
import { orderWizardMachine, stepsOf } from '#machines/order-wizard/order-wizard.machine';
import { toPersistable } from '#machines/order-wizard/order-wizard.persistence';
import { isOrderSubmitted, selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import type { FormStepId, StepId } from '#machines/order-wizard/order-wizard.types';
import { needsStartMonthWarning } from '#src/domain/start-month';
import type { ProductName } from '#src/domain/product';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { autoSignInCode, companyOf, inputOf, modelOf, next, orderWizardModel, password, startValues, submit, variants } from './order-wizard.model';

/**
 * The order wizard's model-based test (docs/guides/model-based-tests.md): every path of the model
 * (order-wizard.model.ts) is replayed on the machine, and after every step what must hold in every
 * state, however it was reached, is checked. The behaviour with fake actors is in
 * order-wizard.steps.test.ts and order-wizard.submit.test.ts, the payload and the draft in
 * order-wizard.payload.test.ts and order-wizard.persistence.test.ts.
 */

type Snapshot = SnapshotFrom<typeof orderWizardMachine>;
type Event = EventFromLogic<typeof orderWizardMachine>;

const busyStates = ['registering', 'signingIn', 'submitting'] as const;
const stepStates: readonly string[] = ['company', 'startAndTraveler', 'billing', 'account', 'summary'];
/** Whether a step's values are stored completely, as the test reads it (not with the machine's own isStepComplete). */
function storedValuesOf(data: Snapshot['context']['data'], step: FormStepId): boolean {
  switch (step) {
    case 'company':
      return data.company !== undefined && data.quote !== undefined;
    case 'startAndTraveler':
      return data.startAndTraveler !== undefined && data.quotedStartDate === data.startAndTraveler.startDate;
    case 'billing':
      return data.billing !== undefined;
    case 'account':
      return Boolean(data.account?.password) && data.account?.isPrivacyStatementAccepted === true;
  }
}
const ordering = (snapshot: Snapshot) => busyStates.some((state) => snapshot.matches(state)) || snapshot.status === 'done';

function checkPath(product: ProductName, registration: boolean, path: (typeof runs)[number]['paths'][number]): void {
  const input = inputOf(product, registration);
  const model = modelOf(input);
  const initial = createActor(orderWizardMachine, { input }).getSnapshot();
  let registrations = 0;
  let orders = 0;
  let previous: Snapshot | undefined;
  replayPath(model, path, initial, (snapshot, event) => {
    const { context } = snapshot;
    const { data } = context;
    const view = selectOrderWizardView(snapshot);
    const type = event?.type as string | undefined;
    if (type === 'xstate.done.actor.register') registrations += 1;
    if (type === 'xstate.done.actor.submitOrder') orders += 1;

    // Registration once, before the order; the order once.
    expect(registrations).toBeLessThanOrEqual(1);
    expect(orders).toBeLessThanOrEqual(1);
    if (snapshot.matches('registering')) {
      expect(registration).toBe(true);
      expect(previous?.context.userId).toBeUndefined();
      expect(data.account?.password).toBe(password);
    }
    if (snapshot.matches('submitting') && registration) expect(context.signedIn).toBe(true);

    // Never past the last step; Previous only after the first; nothing moves while submitting.
    if (view.step) {
      expect(view.steps).toContain(view.step);
      expect(view.stepNumber).toBeGreaterThanOrEqual(1);
      expect(view.stepNumber).toBeLessThanOrEqual(view.stepCount);
      expect(view.steps.at(-1)).toBe('summary');
    }
    const stepNext: Event[] = [...companyOf[product].map(next.company), next.startAndTraveler(startValues(true)), next.billing, next.account];
    if (snapshot.matches('summary')) for (const stepEvent of stepNext) expect(snapshot.can(stepEvent)).toBe(false);
    if (stepStates.includes(snapshot.value)) expect(view.canGoBack).toBe(view.stepNumber > 1);
    if (busyStates.some((state) => snapshot.matches(state))) {
      expect(view.isSubmitting).toBe(true);
      expect(view.canGoBack).toBe(false);
      expect(snapshot.can(submit)).toBe(false);
      for (const stepEvent of stepNext) expect(snapshot.can(stepEvent)).toBe(false);
    }
    expect(stepsOf(context)[0]).toBe(product === 'deuti' ? 'startAndTraveler' : 'company');

    // A quote keeps its step on screen, with Next loading; a second Next is ignored.
    expect(view.isQuoting).toBe(snapshot.matches('quotingCompany') || snapshot.matches('quotingStart'));
    if (snapshot.matches('quotingCompany')) {
      expect(view.step).toBe('company');
      expect(context.pendingCompany).toBeDefined();
      for (const stepEvent of stepNext) expect(snapshot.can(stepEvent)).toBe(false);
    }
    if (snapshot.matches('quotingStart')) {
      expect(view.step).toBe('startAndTraveler');
      expect(context.pendingStart).toBeDefined();
      for (const stepEvent of stepNext) expect(snapshot.can(stepEvent)).toBe(false);
    }
    // A quote's failure returns to its step with quoteFailed; the typed values are not stored.
    if (type === 'xstate.error.actor.companyQuote' || type === 'xstate.error.actor.startQuote') {
      expect(context.error).toBe('quoteFailed');
      expect(view.step).toBe(previous && selectOrderWizardView(previous).step);
      expect(data).toEqual(previous?.context.data);
    }
    // The latest quote wins: the one just fetched is the order's; the start step's is for its month.
    if (type === 'xstate.done.actor.companyQuote' || type === 'xstate.done.actor.startQuote') {
      expect(data.quote).toEqual((event as unknown as { output: unknown }).output);
    }
    if (type === 'xstate.done.actor.startQuote') expect(data.quotedStartDate).toBe(data.startAndTraveler?.startDate);
    // Ordering: the quote is the one of the start month (a company changed since must be quoted again).
    if (snapshot.matches('summary') || ordering(snapshot)) {
      expect(data.startAndTraveler).toBeDefined();
      expect(data.quotedStartDate).toBe(data.startAndTraveler?.startDate);
      if (snapshot.matches('submitting')) expect(buildSubmitPayload(data, product).quoteId).toBe(data.quote?.quoteId);
    }

    // The start-month dialog: only for the current month from day 11 on, and modal (no Back).
    expect(view.showStartMonthWarning).toBe(snapshot.matches('startMonthWarning'));
    if (snapshot.matches('startMonthWarning')) {
      const question = context.startMonthQuestion;
      expect(question).toBeDefined();
      expect(view.startMonthWarning).toEqual(question);
      expect(view.step).toBe('startAndTraveler');
      expect(needsStartMonthWarning(question!.month, context.today)).toBe(true);
      expect(question!.month).not.toBe(context.confirmedStartMonth);
      expect(view.canGoBack).toBe(false);
    } else {
      expect(view.startMonthWarning).toBeUndefined();
      expect(context.startMonthQuestion).toBeUndefined();
    }
    if (type === 'startMonth.confirm') expect(context.confirmedStartMonth).toBe(previous?.context.startMonthQuestion?.month);
    if (type === 'startMonth.reject') expect(context.chosenStartDate).toBe(previous?.context.startMonthQuestion?.revertTo);
    // A Next that asked goes on only after the confirmation.
    if (previous?.matches('startMonthWarning') && snapshot.matches('quotingStart')) expect(type).toBe('startMonth.confirm');

    // The browser's back and forward move one step; forward only past complete values.
    if (type === 'history.popped' && previous && snapshot.value !== previous.value) {
      const from = selectOrderWizardView(previous);
      const target = (event as { step: StepId }).step;
      expect(view.step).toBe(target);
      const distance = from.steps.indexOf(target) - from.steps.indexOf(from.step!);
      expect(Math.abs(distance)).toBe(1);
      if (distance > 0) expect(storedValuesOf(previous.context.data, from.step as FormStepId)).toBe(true);
    }
    if (type === 'history.popped' && previous && stepStates.includes(previous.value) && !busyStates.some((state) => previous!.matches(state))) {
      const from = selectOrderWizardView(previous);
      const target = (event as { step: StepId }).step;
      if (from.steps.indexOf(target) === from.steps.indexOf(from.step!) - 1) expect(snapshot.value).not.toBe(previous.value);
    }

    // Submitted while submitting or done, never after an error.
    expect(isOrderSubmitted(snapshot)).toBe(snapshot.matches('submitting') || snapshot.matches('done'));
    if (context.error) expect(view.isOrderSubmitted).toBe(false);
    if (snapshot.matches('submitting')) {
      expect(context.submitAttempts).toBeGreaterThanOrEqual(1);
      expect(context.submitAttempts).toBeLessThanOrEqual(2);
    }

    // An actor's failure keeps everything the customer entered, and sets a code.
    if (previous && type?.startsWith('xstate.error.actor.')) {
      expect(data).toEqual(previous.context.data);
      if (!(previous.matches('submitting') && snapshot.matches('submitting'))) expect(context.error).toBeDefined();
    }
    // A retry reuses the key; no retry after a 400.
    if (previous?.matches('submitting') && type === 'xstate.error.actor.submitOrder' && snapshot.matches('submitting')) {
      expect(context.submitKey).toBe(previous.context.submitKey);
      expect(context.submitAttempts).toBe(2);
    }
    if (previous?.matches('submitting') && type === 'xstate.error.actor.submitOrder') {
      const status = (event as unknown as { error: { status?: number } }).error.status;
      if (status === 400) expect(context.error).toBe('submittingError400');
      if (previous.context.submitAttempts === 2) expect(snapshot.matches('summary')).toBe(true);
    }
    // A reload keeps everything but the password and the auto sign-in code.
    if (previous && type === 'test.reload') {
      const { password: _p, repeatPassword: _r, ...rest } = previous.context.data.account ?? {};
      expect(data).toEqual({ ...previous.context.data, ...(previous.context.data.account ? { account: rest } : {}) });
      expect(context.registerKey).toBe(previous.context.registerKey);
      expect(context.submitKey).toBe(previous.context.submitKey);
      expect(context.confirmedStartMonth).toBe(previous.context.confirmedStartMonth);
      expect(view.step).toBe(selectOrderWizardView(previous).step);
    }

    // Where the traveler must be the subscriber, nobody else travels.
    if (product !== 'deuti') expect(data.startAndTraveler?.isTraveler).not.toBe(false);

    // The password and the auto sign-in code are never persisted.
    const persisted = JSON.stringify(toPersistable(snapshot));
    expect(persisted).not.toContain(password);
    expect(persisted).not.toContain(autoSignInCode);

    if (snapshot.status === 'done') {
      expect(snapshot.output).toEqual({ orderNumber: 'O-2026-1', skipPayment: data.quote?.customerPrice === 0 });
      expect(view.result?.skipPayment).toBe(data.quote?.customerPrice === 0);
    }
    previous = snapshot;
  });
}

const runs = runModel(orderWizardModel).runs.map((run, index) => {
  const [product, registration] = variants[index]!;
  return { product, registration, paths: run.paths };
});

describe('order wizard machine, model-based (xstate/graph)', () => {
  describe.each(runs)('$product, registration $registration', ({ product, registration, paths }) => {
    it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
      checkPath(product, registration, path);
    });
  });
});

// @vitest-environment node
import { createActor, type EventFromLogic, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import * as v from 'valibot';

import type { components } from '#openapi/schema.gen';
import {
  type AccountValues,
  type BillingValues,
  buildSubmitPayload,
  failureEndsRequest,
  nextIdempotencyKey,
  type OrderSubmitPayload,
  type OrderWizardData,
  type OrderWizardInput,
  orderWizardMachine,
  type RegisterInput,
  type StartAndTravelerValues,
  stepsOf,
  type SubmitOrderInput,
  toPersistable,
} from '#machines/order-wizard/order-wizard.machine';
import { isOrderSubmitted, selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import { registrationSchema } from '#src/domain/account-rules';
import { type BillingAddress, billingAddressSchema, type StartDateTraveler } from '#src/domain/address';
import type { ProductName } from '#src/domain/product';
import { replayPath, runModel } from './model-coverage';
import {
  account,
  accepted,
  autoSignInCode,
  billing,
  companyOf,
  free,
  inputOf,
  modelOf,
  next,
  orderWizardModel,
  paid,
  password,
  standard,
  startValues,
  submit,
  today,
  variants,
} from './order-wizard.model';

type Snapshot = SnapshotFrom<typeof orderWizardMachine>;
type Event = EventFromLogic<typeof orderWizardMachine>;

// ---------------------------------------------------------------- invariants

function checkPath(product: ProductName, registration: boolean, path: (typeof runs)[number]['paths'][number]): void {
  const input = inputOf(product, registration);
  const model = modelOf(input);
  const initial = createActor(orderWizardMachine, { input }).getSnapshot();
  let registrations = 0;
  let orders = 0;
  let previous: Snapshot | undefined;
  replayPath(model, path, initial, (snapshot, event) => {
    const { context } = snapshot;
    const view = selectOrderWizardView(snapshot, today);
    const type = event?.type as string | undefined;
    if (type === 'xstate.done.actor.register') registrations += 1;
    if (type === 'xstate.done.actor.submitOrder') orders += 1;

    // Registration once, before the order; the order once.
    expect(registrations).toBeLessThanOrEqual(1);
    expect(orders).toBeLessThanOrEqual(1);
    if (snapshot.matches('registering')) {
      expect(registration).toBe(true);
      expect(previous?.context.userId).toBeUndefined();
      expect(context.data.account?.password).toBe(password);
    }
    if (snapshot.matches('submitting') && registration) expect(context.signedIn).toBe(true);

    // Never past the last step; Previous only after the first; nothing moves while submitting.
    if (view.step) {
      expect(view.steps).toContain(view.step);
      expect(view.stepNumber).toBeGreaterThanOrEqual(1);
      expect(view.stepNumber).toBeLessThanOrEqual(view.stepCount);
      expect(view.steps.at(-1)).toBe('summary');
    }
    const stepNext: Event[] = [
      ...companyOf[product].map(next.company),
      next.startAndTraveler(startValues(product, true)),
      next.billing,
      next.account,
    ];
    if (snapshot.matches('summary')) for (const stepEvent of stepNext) expect(snapshot.can(stepEvent)).toBe(false);
    const stepState = ['company', 'startAndTraveler', 'billing', 'account', 'summary'].includes(snapshot.value as string);
    if (stepState) expect(view.canGoBack).toBe(view.stepNumber > 1);
    if (snapshot.matches('registering') || snapshot.matches('signingIn') || snapshot.matches('submitting')) {
      expect(view.isSubmitting).toBe(true);
      expect(view.canGoBack).toBe(false);
      expect(snapshot.can(submit)).toBe(false);
      for (const stepEvent of stepNext) expect(snapshot.can(stepEvent)).toBe(false);
    }
    expect(stepsOf(context)[0]).toBe(product === 'deuti' ? 'startAndTraveler' : 'company');

    // Submitted while submitting or done, never after an error.
    expect(isOrderSubmitted(snapshot)).toBe(snapshot.matches('submitting') || snapshot.matches('done'));
    if (context.error) expect(view.isOrderSubmitted).toBe(false);
    if (snapshot.matches('submitting')) {
      expect(context.submitAttempts).toBeGreaterThanOrEqual(1);
      expect(context.submitAttempts).toBeLessThanOrEqual(2);
    }

    // An actor's failure keeps everything the customer entered, and sets a code.
    if (previous && type?.startsWith('xstate.error.actor.')) {
      expect(context.data).toEqual(previous.context.data);
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
      expect(context.data).toEqual({ ...previous.context.data, ...(previous.context.data.account ? { account: rest } : {}) });
      expect(context.registerKey).toBe(previous.context.registerKey);
      expect(context.submitKey).toBe(previous.context.submitKey);
    }

    // Where the traveler must be the subscriber, nobody else travels.
    if (product !== 'deuti') expect(context.data.startAndTraveler?.isTraveler).not.toBe(false);

    // The password and the auto sign-in code are never persisted.
    const persisted = JSON.stringify(toPersistable(snapshot));
    expect(persisted).not.toContain(password);
    expect(persisted).not.toContain(autoSignInCode);

    if (snapshot.status === 'done') {
      expect(snapshot.output).toEqual({ orderNumber: 'O-2026-1', skipPayment: context.data.quote?.customerPrice === 0 });
      expect(view.result?.skipPayment).toBe(context.data.quote?.customerPrice === 0);
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

// ---------------------------------------------------------------- behaviour with fake actors

interface Fakes {
  register?: (input: RegisterInput) => Promise<{ userId: string; autoSignInCode: string }>;
  autoSignIn?: (input: { code: string }) => Promise<unknown>;
  submitOrder?: (input: SubmitOrderInput) => Promise<{ orderNumber: string }>;
}

function wizard(input: OrderWizardInput, fakes: Fakes = {}, snapshot?: unknown) {
  const calls = { register: [] as RegisterInput[], autoSignIn: [] as string[], submitOrder: [] as SubmitOrderInput[] };
  const machine = orderWizardMachine.provide({
    actors: {
      register: fromPromise<{ userId: string; autoSignInCode: string }, RegisterInput>(async ({ input: registerInput }) => {
        calls.register.push(registerInput);
        return (fakes.register ?? (async () => ({ userId: 'user-1', autoSignInCode })))(registerInput);
      }),
      autoSignIn: fromPromise<unknown, { code: string }>(async ({ input: signInInput }) => {
        calls.autoSignIn.push(signInInput.code);
        return (fakes.autoSignIn ?? (async () => ({ expiresAt: 2_000_000_000 })))(signInInput);
      }),
      submitOrder: fromPromise<{ orderNumber: string }, SubmitOrderInput>(async ({ input: submitInput }) => {
        calls.submitOrder.push(submitInput);
        return (fakes.submitOrder ?? (async () => ({ orderNumber: 'O-2026-1' })))(submitInput);
      }),
    },
  });
  const actor = createActor(machine, { input, ...(snapshot ? { snapshot: snapshot as never } : {}) }).start();
  return { actor, calls };
}

/** Fills every step of the wizard up to the summary. */
function fillSteps(actor: ReturnType<typeof wizard>['actor'], product: ProductName, registration: boolean, company = companyOf[product][0]) {
  if (company) actor.send(next.company(company));
  actor.send(next.startAndTraveler(startValues(product, true)));
  actor.send(next.billing);
  if (registration) actor.send(next.account);
  expect(actor.getSnapshot().value).toBe('summary');
}

const settled = (actor: ReturnType<typeof wizard>['actor']) => waitFor(actor, (snapshot) => snapshot.matches('summary') || snapshot.matches('account') || snapshot.status === 'done');

/** Rejects like the app's actor: `{ status }` for HTTP answers. */
function failingWith(...statuses: number[]) {
  let call = 0;
  return async () => {
    const status = statusAt(statuses, call++);
    if (status === undefined) return { orderNumber: 'O-2026-1' };
    throw { status };
  };
}
function statusAt(statuses: number[], index: number): number | undefined {
  return statuses[index];
}

describe('order wizard machine, submit and retry (SPEC.md 7.1, 8, 9)', () => {
  it('a 400 is never retried: one attempt, submittingError400, a new key for the corrected order', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false), { submitOrder: failingWith(400) });
    fillSteps(actor, 'deuti', false);
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('summary');
    expect(snapshot.context.error).toBe('submittingError400');
    expect(calls.submitOrder).toHaveLength(1);
    expect(snapshot.context.submitKey).toBe('submit-key.2');
    expect(isOrderSubmitted(snapshot)).toBe(false);
  });

  it('a 500 and then success: 2 attempts with the same key and the same payload', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false), { submitOrder: failingWith(500) });
    fillSteps(actor, 'deuti', false);
    actor.send(submit);
    expect(isOrderSubmitted(actor.getSnapshot())).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.status).toBe('done');
    expect(calls.submitOrder).toHaveLength(2);
    expect(calls.submitOrder[1]).toEqual(calls.submitOrder[0]);
    expect(calls.submitOrder[0]?.idempotencyKey).toBe('submit-key');
    expect(snapshot.output).toEqual({ orderNumber: 'O-2026-1', skipPayment: false });
  });

  it('a 500 twice: 2 attempts, then submittingError; the key stays for the next try', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false), { submitOrder: failingWith(500, 503, 500) });
    fillSteps(actor, 'deuti', false);
    const before = actor.getSnapshot().context.data;
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.context.error).toBe('submittingError');
    expect(calls.submitOrder).toHaveLength(2);
    expect(snapshot.context.submitKey).toBe('submit-key');
    expect(snapshot.context.data).toEqual({ ...before, summary: accepted });
    expect(selectOrderWizardView(snapshot, today).isOrderSubmitted).toBe(false);
  });

  it('a network failure twice counts as submittingError as well', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false), {
      submitOrder: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    fillSteps(actor, 'deuti', false);
    actor.send(submit);
    expect((await settled(actor)).context.error).toBe('submittingError');
    expect(calls.submitOrder).toHaveLength(2);
  });

  it('registration done, submit failed, retried: no second registration, no second sign-in', async () => {
    const { actor, calls } = wizard(inputOf('joti', true), { submitOrder: failingWith(500, 500) });
    fillSteps(actor, 'joti', true);
    actor.send(submit);
    let snapshot = await settled(actor);
    expect(snapshot.context.error).toBe('submittingError');
    expect(snapshot.context.userId).toBe('user-1');
    expect(selectOrderWizardView(snapshot, today).steps).not.toContain('account');
    actor.send(submit);
    snapshot = await settled(actor);
    expect(snapshot.status).toBe('done');
    expect(calls.register).toHaveLength(1);
    expect(calls.autoSignIn).toEqual([autoSignInCode]);
    expect(calls.submitOrder).toHaveLength(3);
    expect(new Set(calls.submitOrder.map((call) => call.idempotencyKey))).toEqual(new Set(['submit-key']));
  });

  it('registers before the order with the account, company, product and register key', async () => {
    const { actor, calls } = wizard({ ...inputOf('joti', true), affiliate: 'partner-7' });
    fillSteps(actor, 'joti', true);
    actor.send(submit);
    await settled(actor);
    expect(calls.register).toEqual([
      {
        account: { mailAddress: account.mailAddress, password, isPrivacyStatementAccepted: true, isMarketingInformationAccepted: false },
        companyId: 'TDX9960',
        product: 'joti',
        affiliate: 'partner-7',
        idempotencyKey: 'register-key',
      },
    ]);
    expect(calls.submitOrder[0]?.payload.affiliate).toBe('partner-7');
  });

  it('a taken address goes back to the account step with mailAddressAlreadyExists; the next try has a new key', async () => {
    let first = true;
    const { actor, calls } = wizard(inputOf('deuti', true), {
      register: async () => {
        if (first) {
          first = false;
          throw { status: 409, code: 'mailAddressAlreadyExists' };
        }
        return { userId: 'user-2', autoSignInCode };
      },
    });
    fillSteps(actor, 'deuti', true);
    actor.send(submit);
    let snapshot = await settled(actor);
    expect(snapshot.value).toBe('account');
    expect(snapshot.context.error).toBe('mailAddressAlreadyExists');
    expect(snapshot.context.data.account?.mailAddress).toBe(account.mailAddress);
    actor.send({ type: 'step.next', step: 'account', values: { ...account, mailAddress: 'erika.m@example.com' } });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    actor.send(submit);
    snapshot = await settled(actor);
    expect(snapshot.status).toBe('done');
    expect(calls.register.map((call) => [call.account.mailAddress, call.idempotencyKey])).toEqual([
      ['erika@example.com', 'register-key'],
      ['erika.m@example.com', 'register-key.2'],
    ]);
  });

  it.each([
    [{ status: 500 }, 'register-key'],
    [{ status: 409, code: 'idempotencyKeyInFlight' }, 'register-key'],
    [{ status: 400, code: 'validationFailed' }, 'register-key.2'],
  ])('a failed registration (%j) shows registerFailed on the summary; key afterwards %s', async (error, key) => {
    const { actor } = wizard(inputOf('deuti', true), {
      register: async () => {
        throw error;
      },
    });
    fillSteps(actor, 'deuti', true);
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('summary');
    expect(snapshot.context.error).toBe('registerFailed');
    expect(snapshot.context.registerKey).toBe(key);
  });

  it('a failed auto sign-in keeps the registration; trying again signs in and orders', async () => {
    let first = true;
    const { actor, calls } = wizard(inputOf('deuti', true), {
      autoSignIn: async () => {
        if (first) {
          first = false;
          throw new Error('network');
        }
        return {};
      },
    });
    fillSteps(actor, 'deuti', true);
    actor.send(submit);
    let snapshot = await settled(actor);
    expect(snapshot.context.error).toBe('autoSignInFailed');
    expect(isOrderSubmitted(snapshot)).toBe(false);
    actor.send(submit);
    snapshot = await settled(actor);
    expect(snapshot.status).toBe('done');
    expect(calls.register).toHaveLength(1);
    expect(calls.autoSignIn).toEqual([autoSignInCode, autoSignInCode]);
  });

  it.each([
    ['joti', free, true],
    ['joti', paid, false],
    ['seti', free, true],
  ] as const)('%s: skipPayment is %s when the customerPrice is %j', async (product, quote, skip) => {
    const { actor } = wizard(inputOf(product, false));
    fillSteps(actor, product, false, { ...companyOf[product][0]!, quote });
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.output).toEqual({ orderNumber: 'O-2026-1', skipPayment: skip });
  });

  it('deuti: the quote comes with the start date; the latest quote wins', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false));
    actor.send(next.startAndTraveler({ startDate: '2026-08-01', isTraveler: true, quote: free }));
    actor.send({ type: 'step.back' });
    actor.send(next.startAndTraveler({ startDate: '2026-09-01', isTraveler: true, quote: standard }));
    actor.send(next.billing);
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(calls.submitOrder[0]?.payload).toMatchObject({ quoteId: standard.quoteId, subscription_starts_at: '2026-09-01' });
    expect(snapshot.output).toEqual({ orderNumber: 'O-2026-1', skipPayment: false });
  });
});

describe('order wizard machine, steps (SPEC.md 4.1, 6.1)', () => {
  it.each([
    ['deuti', true, ['startAndTraveler', 'billing', 'account', 'summary']],
    ['deuti', false, ['startAndTraveler', 'billing', 'summary']],
    ['joti', true, ['company', 'startAndTraveler', 'billing', 'account', 'summary']],
    ['seti', false, ['company', 'startAndTraveler', 'billing', 'summary']],
  ] as const)('%s, registration %s: steps %j, back not possible on the first', (product, registration, steps) => {
    const { actor } = wizard(inputOf(product, registration));
    const first = actor.getSnapshot();
    expect(first.value).toBe(steps[0]);
    expect(selectOrderWizardView(first, today)).toMatchObject({ steps, stepNumber: 1, stepCount: steps.length, canGoBack: false });
    expect(first.can({ type: 'step.back' })).toBe(false);
    fillSteps(actor, product, registration);
    expect(selectOrderWizardView(actor.getSnapshot(), today)).toMatchObject({ stepNumber: steps.length, canGoBack: true });
    for (const expected of [...steps].reverse().slice(1)) {
      actor.send({ type: 'step.back' });
      expect(actor.getSnapshot().value).toBe(expected);
    }
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toBe(steps[0]);
  });

  it('ignores a second click of a step button that arrives after the step moved on', () => {
    const { actor } = wizard(inputOf('joti', false));
    actor.send(next.company(companyOf.joti[0]!));
    actor.send(next.company(companyOf.joti[1]!));
    expect(actor.getSnapshot().value).toBe('startAndTraveler');
    expect(actor.getSnapshot().context.data.company?.companyId).toBe('TDX9960');
  });

  it('joti and seti: the traveler must be the subscriber (isTraveler false is refused)', () => {
    for (const product of ['joti', 'seti'] as const) {
      const { actor } = wizard(inputOf(product, false));
      actor.send(next.company(companyOf[product][0]!));
      expect(actor.getSnapshot().can(next.startAndTraveler(startValues(product, false)))).toBe(false);
      expect(selectOrderWizardView(actor.getSnapshot(), today).offersBookingForOthers).toBe(false);
    }
    const { actor } = wizard(inputOf('deuti', false));
    actor.send(next.startAndTraveler(startValues('deuti', false)));
    expect(actor.getSnapshot().value).toBe('billing');
  });

  it('the summary jumps back to a step to edit it; every value is kept, and next walks forward again', () => {
    const { actor } = wizard(inputOf('joti', true));
    fillSteps(actor, 'joti', true);
    const data = actor.getSnapshot().context.data;
    expect(selectOrderWizardView(actor.getSnapshot(), today).editableSteps).toEqual(['company', 'startAndTraveler', 'billing', 'account']);
    actor.send({ type: 'step.goTo', step: 'billing' });
    expect(actor.getSnapshot().value).toBe('billing');
    expect(actor.getSnapshot().context.data).toEqual(data);
    expect(actor.getSnapshot().can({ type: 'step.goTo', step: 'company' })).toBe(false);
    actor.send({ type: 'step.next', step: 'billing', values: { ...billing, city: 'Hamburg', zipCode: '20095' } });
    expect(actor.getSnapshot().value).toBe('account');
    actor.send(next.account);
    expect(actor.getSnapshot().context.data.billing?.city).toBe('Hamburg');
  });

  it('the summary needs both terms accepted', () => {
    const { actor } = wizard(inputOf('deuti', false));
    fillSteps(actor, 'deuti', false);
    expect(actor.getSnapshot().can({ type: 'order.submit', values: { areConditionsOfTransportAccepted: true, areAgbAccepted: false } })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'order.submit', values: { areConditionsOfTransportAccepted: false, areAgbAccepted: true } })).toBe(false);
    expect(actor.getSnapshot().can(submit)).toBe(true);
  });

  it('the summary view: price text, payment methods and due date, start-month warning, seti names read-only', () => {
    const { actor } = wizard(inputOf('seti', false));
    actor.send(next.company(companyOf.seti[0]!));
    actor.send(next.startAndTraveler({ startDate: '2026-07-01', isTraveler: true, quote: { ...paid, quoteId: 'q-uni' } }));
    actor.send(next.billing);
    const view = selectOrderWizardView(actor.getSnapshot(), today);
    expect(view.summary).toMatchObject({
      company: { companyId: 'UNI0001', staffNumber: '4711002' },
      priceText: 'partlySubsidized',
      skipPayment: false,
      allowedPaymentMethods: ['BANKACCOUNT', 'CREDITCARD'],
      paymentDueDate: '2026-07-24',
      traveler: { firstName: 'Erika', lastName: 'Mustermann', gender: 'Female', birthdate: '1980-05-01' },
    });
    expect(view.showStartMonthWarning).toBe(true);
    expect(view.billingNamesReadOnly).toBe(true);

    const other = wizard(inputOf('deuti', false)).actor;
    other.send(next.startAndTraveler(startValues('deuti', false)));
    other.send(next.billing);
    const deuti = selectOrderWizardView(other.getSnapshot(), today);
    expect(deuti.summary).toMatchObject({ company: undefined, priceText: 'notSubsidized', allowedPaymentMethods: ['CREDITCARD'], paymentDueDate: '2026-08-05' });
    expect(deuti.showStartMonthWarning).toBe(false);
    expect(deuti.billingNamesReadOnly).toBe(false);
  });
});

describe('order wizard machine, persistence and restore (DESIGN.md 3)', () => {
  it('a restored summary without the password goes to the account step with passwordNeededAgain', async () => {
    const { actor } = wizard(inputOf('deuti', true));
    fillSteps(actor, 'deuti', true);
    const persisted = JSON.parse(JSON.stringify(toPersistable(actor.getSnapshot())));
    actor.stop();
    expect(JSON.stringify(persisted)).not.toContain(password);

    const restored = wizard(inputOf('deuti', true), {}, persisted);
    expect(restored.actor.getSnapshot().value).toBe('summary');
    expect(restored.actor.getSnapshot().can(submit)).toBe(false);
    restored.actor.send({ type: 'wizard.restored', signedIn: false });
    const snapshot = restored.actor.getSnapshot();
    expect(snapshot.value).toBe('account');
    expect(snapshot.context.error).toBe('passwordNeededAgain');
    expect(snapshot.context.data.account).toEqual({ mailAddress: account.mailAddress, isPrivacyStatementAccepted: true, isMarketingInformationAccepted: false });
    expect(snapshot.context.data.billing).toEqual(billing);

    restored.actor.send(next.account);
    restored.actor.send(submit);
    expect((await settled(restored.actor)).status).toBe('done');
    expect(restored.calls.register[0]?.account.password).toBe(password);
  });

  it('a registration in flight is persisted as the summary without its actor (the password is gone)', async () => {
    const { actor } = wizard(inputOf('deuti', true), { register: () => new Promise(() => {}) });
    fillSteps(actor, 'deuti', true);
    actor.send(submit);
    expect(actor.getSnapshot().value).toBe('registering');
    const persisted = JSON.parse(JSON.stringify(toPersistable(actor.getSnapshot())));
    actor.stop();
    expect(persisted.value).toBe('summary');
    expect(JSON.stringify(persisted)).not.toContain(password);
    const restored = wizard(inputOf('deuti', true), {}, persisted);
    restored.actor.send({ type: 'wizard.restored', signedIn: false });
    expect(restored.actor.getSnapshot().value).toBe('account');
    expect(restored.calls.register).toHaveLength(0);
  });

  it('registered but the reload lost the auto sign-in code: the summary asks for a sign-in; once signed in it orders', async () => {
    const { actor } = wizard(inputOf('deuti', true), { autoSignIn: () => new Promise(() => {}) });
    fillSteps(actor, 'deuti', true);
    actor.send(submit);
    await waitFor(actor, (snapshot) => snapshot.matches('signingIn'));
    const persisted = JSON.parse(JSON.stringify(toPersistable(actor.getSnapshot())));
    actor.stop();
    expect(JSON.stringify(persisted)).not.toContain(autoSignInCode);

    const restored = wizard(inputOf('deuti', true), {}, persisted);
    restored.actor.send({ type: 'wizard.restored', signedIn: false });
    expect(restored.actor.getSnapshot().value).toBe('summary');
    expect(restored.actor.getSnapshot().context.error).toBe('autoSignInFailed');
    expect(restored.actor.getSnapshot().can(submit)).toBe(false);
    // The customer signs in (OAuth round trip); the snapshot is restored once more.
    restored.actor.send({ type: 'wizard.restored', signedIn: true });
    restored.actor.send(submit);
    expect((await settled(restored.actor)).status).toBe('done');
    expect(restored.calls.register).toHaveLength(0);
    expect(restored.calls.autoSignIn).toHaveLength(0);
  });

  it('a submit in flight is restored with the same key and payload, so the repeated send is harmless', async () => {
    const { actor, calls } = wizard(inputOf('joti', false), { submitOrder: () => new Promise(() => {}) });
    fillSteps(actor, 'joti', false);
    actor.send(submit);
    const persisted = JSON.parse(JSON.stringify(toPersistable(actor.getSnapshot())));
    actor.stop();
    const restored = wizard(inputOf('joti', false), {}, persisted);
    const snapshot = await settled(restored.actor);
    expect(snapshot.status).toBe('done');
    expect(restored.calls.submitOrder).toEqual(calls.submitOrder);
  });

  it('a customer who signed in meanwhile skips the account step and is not registered', async () => {
    const { actor, calls } = wizard(inputOf('deuti', true));
    actor.send(next.startAndTraveler(startValues('deuti', true)));
    actor.send(next.billing);
    expect(actor.getSnapshot().value).toBe('account');
    actor.send({ type: 'wizard.restored', signedIn: true });
    expect(actor.getSnapshot().value).toBe('summary');
    expect(selectOrderWizardView(actor.getSnapshot(), today).steps).toEqual(['startAndTraveler', 'billing', 'summary']);
    actor.send(submit);
    expect((await settled(actor)).status).toBe('done');
    expect(calls.register).toHaveLength(0);
  });

  it('a customer who signed in from the account step does not see the typed registration data as their account', () => {
    const { actor } = wizard(inputOf('deuti', true));
    actor.send(next.startAndTraveler(startValues('deuti', true)));
    actor.send(next.billing);
    actor.send(next.account);
    expect(selectOrderWizardView(actor.getSnapshot(), today).summary?.account?.mailAddress).toBe(account.mailAddress);
    actor.send({ type: 'step.goTo', step: 'account' });
    // The sign-in detour: the customer signs in with another account; the snapshot is restored.
    actor.send({ type: 'wizard.restored', signedIn: true });
    expect(actor.getSnapshot().value).toBe('summary');
    expect(selectOrderWizardView(actor.getSnapshot(), today).summary?.account).toBeUndefined();
  });
});

describe('idempotency keys', () => {
  it.each([
    ['5f0c6a44-3b6e-4d4b-9a1e-2f9d7c1b8e10', '5f0c6a44-3b6e-4d4b-9a1e-2f9d7c1b8e10.2'],
    ['k.2', 'k.3'],
    ['k.9', 'k.10'],
  ])('%s → %s', (key, expected) => {
    expect(nextIdempotencyKey(key)).toBe(expected);
  });

  it.each([
    [{ status: 400 }, true],
    [{ status: 401 }, true],
    [{ status: 409, code: 'mailAddressAlreadyExists' }, true],
    [{ status: 409 }, true],
    [{ status: 409, code: 'staffNumberTaken' }, true],
    [{ status: 409, code: 'idempotencyKeyInFlight' }, false],
    [{ status: 422, code: 'idempotencyKeyReused' }, false],
    [{ status: 500 }, false],
    [{ status: 503 }, false],
    [new TypeError('Failed to fetch'), false],
  ])('failure %j ends the request (new key): %s', (error, expected) => {
    expect(failureEndsRequest(error)).toBe(expected);
  });
});

// ---------------------------------------------------------------- the submit payload

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compile-time: the machine's payload type is the contract's OrderSubmitRequest (tsc fails otherwise). */
const payloadIsTheContract: Equal<OrderSubmitPayload, components['schemas']['OrderSubmitRequest']> = true;

describe('buildSubmitPayload (SPEC.md 3, the contract)', () => {
  const data = (product: ProductName, isTraveler: boolean): OrderWizardData => ({
    ...(companyOf[product][0] ? { company: { ...companyOf[product][0]!, companyId: ` ${companyOf[product][0]!.companyId} ` } } : {}),
    startAndTraveler: startValues(product, isTraveler),
    billing: { ...billing, addition: 'Hinterhaus' },
    account,
    summary: accepted,
    quote: product === 'deuti' ? standard : paid,
  });

  it('is typed as the contract says', () => {
    expect(payloadIsTheContract).toBe(true);
    expectTypeOf<OrderSubmitPayload>().toEqualTypeOf<components['schemas']['OrderSubmitRequest']>();
  });

  it('the step events take what the domain schemas validate (billing address, registration)', () => {
    expectTypeOf<BillingAddress>().toExtend<BillingValues>();
    expectTypeOf<v.InferOutput<typeof registrationSchema>>().toExtend<AccountValues>();
    expectTypeOf<StartDateTraveler['isTraveler']>().toEqualTypeOf<StartAndTravelerValues['isTraveler']>();

    const parsedBilling = v.parse(billingAddressSchema(new Date('2026-07-20T12:00:00')), { ...billing, firstName: ' Erika ' });
    const parsedAccount = v.parse(registrationSchema, { ...account, isMarketingInformationAccepted: undefined });
    const { actor } = wizard(inputOf('deuti', true));
    actor.send(next.startAndTraveler(startValues('deuti', true)));
    actor.send({ type: 'step.next', step: 'billing', values: parsedBilling });
    actor.send({ type: 'step.next', step: 'account', values: parsedAccount });
    expect(actor.getSnapshot().value).toBe('summary');
    expect(actor.getSnapshot().context.data.billing?.firstName).toBe('Erika');
    expect(actor.getSnapshot().context.data.account?.isMarketingInformationAccepted).toBe(false);
  });

  it('joti: the exact snake_case fields, the company and the subscriber as traveler', () => {
    const payload: components['schemas']['OrderSubmitRequest'] = buildSubmitPayload(data('joti', true), 'joti', 'partner-7');
    expect(payload).toEqual({
      billing_address: {
        gender: 'Female',
        first_name: 'Erika',
        last_name: 'Mustermann',
        street: 'Hauptstraße',
        house_number: '5',
        city: 'Berlin',
        zip_code: '10115',
        addition: 'Hinterhaus',
        birthdate: '1980-05-01',
        country: 'DE',
      },
      traveler: { birthdate: '1980-05-01', first_name: 'Erika', last_name: 'Mustermann', gender: 'Female' },
      company_user_info: { company_id: 'TDX9960', staff_number: 'P-100234' },
      has_agreed_to_tariff_terms_and_conditions: true,
      has_agreed_to_agb: true,
      subscription_starts_at: '2026-08-01',
      affiliate: 'partner-7',
      product: 'joti',
      quoteId: 'q-paid',
    });
    expect(JSON.stringify(payload)).not.toContain(password);
  });

  it('deuti by default: another traveler, no company_user_info (the server takes DEU4900), no empty addition', () => {
    const payload = buildSubmitPayload({ ...data('deuti', false), billing });
    expect(Object.keys(payload).sort()).toEqual(['billing_address', 'has_agreed_to_agb', 'has_agreed_to_tariff_terms_and_conditions', 'product', 'quoteId', 'subscription_starts_at', 'traveler']);
    expect(payload.product).toBe('deuti');
    expect(payload.traveler).toEqual({ birthdate: '2010-01-01', first_name: 'Max', last_name: 'Mustermann', gender: 'Male' });
    expect(Object.keys(payload.billing_address).sort()).toEqual(['birthdate', 'city', 'country', 'first_name', 'gender', 'house_number', 'last_name', 'street', 'zip_code']);
    expect(payload.quoteId).toBe('q-deu4900');
  });

  it('refuses incomplete data', () => {
    expect(() => buildSubmitPayload({ billing })).toThrow();
    expect(() => buildSubmitPayload({ ...data('joti', true), company: undefined }, 'joti')).toThrow();
    expect(() => buildSubmitPayload({ ...data('deuti', true), summary: { areConditionsOfTransportAccepted: true, areAgbAccepted: false } })).toThrow();
  });
});

// @vitest-environment node
import { createActor, type EventFromLogic, fromPromise, getNextSnapshot, type SnapshotFrom, waitFor } from 'xstate';

import {
  type ConfirmPaymentInput,
  initialPaymentContext,
  type PaymentInput,
  paymentMachine,
  type PaymentOrder,
  type SavePaymentInput,
} from '#machines/payment/payment.machine';
import { failureViewFromQuery, selectPaymentView } from '#machines/payment/payment.selectors';
import { TestModel } from 'xstate/graph';

import { replayPath, runModel } from '#tools/machines/model-coverage';
import { allowed, eventsFor, foreignUrl, goodUrl, httpError, order, paymentModel, provided, providerResult, serialize, variants } from './payment.model';

type Machine = typeof paymentMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;
type FailurePageParams = { orderNumber: string | undefined; hasShopError: boolean };

/** Invariants that hold in every state however it was reached. */
function checkInvariants(snapshot: Snapshot, event: Event | undefined): void {
  const { context } = snapshot;
  const view = selectPaymentView(snapshot);

  // hasShopError only after a 500, and only in the failure states.
  if (snapshot.matches('failed') || snapshot.matches('failurePage')) {
    expect(context.error).toBeDefined();
    expect(context.hasShopError).toBe(context.error?.status === 500);
    if (event?.type.startsWith('xstate.error.actor.')) expect(context.hasShopError).toBe((event as { error?: { status?: number } }).error?.status === 500);
  } else {
    expect(context.hasShopError).toBe(false);
    expect(context.error).toBeUndefined();
  }

  // SPEC.md 4.6 and 4.8: after an order a failure goes to the failure page, except a 503 (that one
  // goes to /maintenance, and the view stays); in an edit the failure view stays in place.
  if (snapshot.matches('failurePage')) {
    expect(context.variant).toBe('order');
    expect(context.error?.status).not.toBe(503);
    expect(view).toEqual(failureViewFromQuery({ orderNumber: context.orderNumber, hasShopError: context.hasShopError }));
  }
  if (snapshot.matches('failed') && context.variant === 'order') expect(context.error?.status).toBe(503);

  // Retry only when it is not a shop error and an order number exists (never in the edit variant).
  const retryAllowed = snapshot.can({ type: 'payment.retry' });
  expect(retryAllowed).toBe(snapshot.matches('failed') && !context.hasShopError && context.orderNumber !== undefined);
  if (context.variant === 'edit') expect(retryAllowed).toBe(false);
  if (snapshot.matches('failed')) expect(view).toMatchObject({ step: 'failed', canRetry: retryAllowed });

  // No frame URL outside the allow-list: the frame exists only in showingProvider, with an allowed URL.
  if (view.step === 'provider') {
    expect(snapshot.matches('showingProvider')).toBe(true);
    expect(allowed(view.frameUrl)).toBe(true);
    expect(view.frameHeightPx).toBe(1700);
  }
  if (snapshot.matches('showingProvider')) expect(view.step).toBe('provider');
  if (context.redirectUrl !== undefined) expect(allowed(context.redirectUrl)).toBe(true);

  // Posting and confirming only with the order and user data.
  if (snapshot.matches('saving') || snapshot.matches('confirming')) {
    expect(context.order).toBeDefined();
    expect(context.userMail).toBeDefined();
  }
  if (snapshot.matches('confirming')) expect(context.providerResult).toBeDefined();

  // The edit variant never carries an order number into the payload; the order variant always does.
  expect(context.orderNumber).toBe(context.variant === 'order' ? 'A-100005' : undefined);

  // Plain words (issue 12): an order the customer does not have is "not found", with the tickets as
  // the way on (never a retry that would look for it again); an instrument that cannot be changed
  // here is its own neutral page, not a failure.
  if (snapshot.matches('notFound')) {
    expect(view).toMatchObject({ step: 'notFound', missing: context.order === undefined ? 'order' : 'payment' });
    const type = event?.type as string | undefined;
    if (type === 'xstate.error.actor.loadOrder') expect(view).toMatchObject({ missing: 'order' });
    if (type === 'xstate.error.actor.confirmPayment') expect(view).toMatchObject({ missing: 'payment' });
  }
  if (snapshot.matches('notEditable')) {
    expect([undefined, 'xstate.error.actor.savePayment']).toContain(event?.type as string | undefined);
    expect(view).toEqual({ step: 'notEditable', orderNumber: context.order?.orderNumber });
  }
  if (snapshot.matches('locked')) {
    expect([undefined, 'xstate.error.actor.savePayment']).toContain(event?.type as string | undefined);
    expect(view).toEqual({ step: 'locked', orderNumber: context.order?.orderNumber, orderId: context.order?.orderId });
  }
  if (view.step === 'failed' && snapshot.matches('failed'))
    expect(['orderLoadFailed', 'userLoadFailed', 'saveFailed', 'frameNotAllowed', 'confirmFailed']).toContain(view.code);

  // The success step: order confirmation when an order number exists, else the change confirmation.
  if (snapshot.matches('succeeded')) {
    expect(context.instrument).toBeDefined();
    expect(view).toMatchObject({ step: 'succeeded', kind: context.variant === 'order' ? 'order' : 'change' });
  }
}

/**
 * Every explored transition (state, event, next state) of a variant. The harness's edge-cover paths
 * start from xstate/graph's deduplicated shortest paths, which drop a state whose shortest path is
 * the prefix of another (here: `confirming`, on the way to `succeeded`); the adjacency map has them all.
 */
function explored(machine: Machine) {
  const model = new TestModel(machine as never, { events: eventsFor as never, serializeState: serialize as never });
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, { state: Snapshot; transitions: Record<string, { event: Event; state: Snapshot }> }>;
  return Object.values(adjacency).flatMap(({ state, transitions }) =>
    Object.values(transitions).map(({ event, state: next }) => ({ from: state, event, next })),
  );
}

const runs = runModel(paymentModel).runs.map((run) => {
  const input = variants[run.variant.name as keyof typeof variants];
  return { name: run.variant.name, input, machine: run.variant.machine, run, edges: explored(run.variant.machine) };
});

describe('payment machine, model-based (xstate/graph)', () => {
  it('explores each variant to its success step', () => {
    for (const { edges } of runs) expect(edges.some(({ next }) => next.matches('succeeded'))).toBe(true);
  });

  describe.each(runs.map(({ name, input, machine, run, edges }) => [name, input, machine, run, edges] as const))(
    '%s variant',
    (_name, input, machine, run, edges) => {
      it(`keeps the invariants on every explored transition (${edges.length})`, () => {
        for (const { from, event, next } of edges) {
          checkInvariants(from, undefined);
          expect(getNextSnapshot(machine, from, event).value).toEqual(next.value);
          checkInvariants(next, event);
        }
      });

      it.each(run.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))(
        'path %s keeps the invariants',
        (_path, path) => {
          const initial = machine.resolveState({ value: 'loading', context: initialPaymentContext(input) });
          replayPath(machine, path, initial, (snapshot, event) => checkInvariants(snapshot, event));
        },
      );
    },
  );
});

/** The real machine with fake actors, run as the app runs it. */
function runWith(
  input: PaymentInput,
  overrides: { save?: (input: SavePaymentInput) => Promise<{ redirectUrl: string }>; confirm?: (input: ConfirmPaymentInput) => Promise<unknown> } = {},
  loaders: { loadOrder?: () => Promise<PaymentOrder> } = {},
) {
  const calls: { save: SavePaymentInput[]; confirm: ConfirmPaymentInput[]; loadOrder: unknown[]; failurePage: FailurePageParams[] } = {
    save: [],
    confirm: [],
    loadOrder: [],
    failurePage: [],
  };
  const machine = provided.provide({
    actions: { showFailurePage: (_, params) => void calls.failurePage.push(params) },
    actors: {
      loadOrder: fromPromise(async ({ input: reference }) => {
        calls.loadOrder.push(reference);
        if (loaders.loadOrder) return loaders.loadOrder();
        return { ...order, orderNumber: reference.orderNumber, firstName: 'Erika' } as PaymentOrder;
      }),
      loadUser: fromPromise(async () => ({ userMail: 'deuti@example.com' })),
      savePayment: fromPromise(async ({ input: save }) => {
        calls.save.push(save);
        return overrides.save ? overrides.save(save) : { redirectUrl: goodUrl };
      }),
      confirmPayment: fromPromise(async ({ input: confirm }) => {
        calls.confirm.push(confirm);
        return (overrides.confirm ? await overrides.confirm(confirm) : { paymentInstrumentType: 'BANKACCOUNT', instrumentStatus: 'Ok' }) as never;
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls };
}

describe('payment machine, behaviour', () => {
  it('order: loads order and user, posts the payload with the order number, shows the allowed frame, confirms the return', async () => {
    const { actor, calls } = runWith({ variant: 'order', orderNumber: 'A-100005' });
    await waitFor(actor, (snapshot) => snapshot.matches('showingProvider'));
    expect(calls.loadOrder).toEqual([{ orderNumber: 'A-100005', orderId: undefined }]);
    expect(calls.save).toEqual([
      { order: expect.objectContaining({ orderId: 'order-deuti-submitted', firstName: 'Erika' }), userMail: 'deuti@example.com', orderNumber: 'A-100005' },
    ]);
    expect(selectPaymentView(actor.getSnapshot())).toEqual({ step: 'provider', frameUrl: goodUrl, frameHeightPx: 1700 });

    actor.send({ type: 'payment.returned', result: providerResult });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.confirm).toEqual([expect.objectContaining({ orderNumber: 'A-100005', result: providerResult })]);
    expect(selectPaymentView(end)).toEqual({ step: 'succeeded', kind: 'order', orderNumber: 'A-100005' });
  });

  it('edit: posts without an order number and ends on the change confirmation', async () => {
    const { actor, calls } = runWith({ variant: 'edit', orderNumber: 'A-100001', orderId: 'order-deuti-active', providerResult });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.save).toEqual([]);
    expect(calls.loadOrder).toEqual([{ orderNumber: 'A-100001', orderId: 'order-deuti-active' }]);
    expect(calls.confirm).toEqual([expect.objectContaining({ orderNumber: undefined, result: providerResult })]);
    expect(selectPaymentView(end)).toMatchObject({ step: 'succeeded', kind: 'change' });
  });

  it('a redirectUrl outside the allow-list is never framed: the failure view appears', async () => {
    const { actor, calls } = runWith({ variant: 'edit', orderNumber: 'A-100001' }, { save: async () => ({ redirectUrl: foreignUrl }) });
    const end = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(end.context.redirectUrl).toBeUndefined();
    expect(selectPaymentView(end)).toEqual({
      step: 'failed',
      hasShopError: false,
      canRetry: false,
      orderNumber: undefined,
      code: 'frameNotAllowed',
      status: undefined,
    });
    // In an edit the failure stays in place: no failure page.
    expect(calls.failurePage).toEqual([]);
  });

  it('after an order, a failure shows the failure page once, with the order number and hasShopError', async () => {
    const { actor, calls } = runWith({ variant: 'order', orderNumber: 'A-100005' }, { save: async () => Promise.reject(httpError(400)) });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.matches('failurePage')).toBe(true);
    expect(calls.failurePage).toEqual([{ orderNumber: 'A-100005', hasShopError: false }]);
    // Until the page shows, the screen shows what the page will: retry allowed here.
    expect(selectPaymentView(end)).toEqual({
      step: 'failed',
      hasShopError: false,
      canRetry: true,
      orderNumber: 'A-100005',
      code: undefined,
      status: undefined,
    });
  });

  it('the default allow-list check refuses every URL until the app provides one', async () => {
    const machine = paymentMachine.provide({
      actors: {
        loadOrder: fromPromise(async () => order),
        loadUser: fromPromise(async () => ({ userMail: 'deuti@example.com' })),
        savePayment: fromPromise(async () => ({ redirectUrl: goodUrl })),
      },
    });
    const actor = createActor(machine, { input: { variant: 'order', orderNumber: 'A-100005' } }).start();
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.matches('failurePage')).toBe(true);
    expect(end.context.redirectUrl).toBeUndefined();
    expect(end.context.error?.code).toBe('frameNotAllowed');
  });

  it('a 500 of the success call is a shop error: the failure page without retry', async () => {
    const shop = runWith({ variant: 'order', orderNumber: 'A-100005', providerResult }, { confirm: async () => Promise.reject(httpError(500)) });
    const shopEnd = await waitFor(shop.actor, (snapshot) => snapshot.status === 'done');
    expect(shopEnd.matches('failurePage')).toBe(true);
    expect(shopEnd.context.error).toEqual({ code: 'confirmFailed', status: 500 });
    expect(shop.calls.failurePage).toEqual([{ orderNumber: 'A-100005', hasShopError: true }]);
    expect(selectPaymentView(shopEnd)).toMatchObject({ step: 'failed', hasShopError: true, canRetry: false });
  });

  it('after an order a 503 stays in place (the client goes to /maintenance); its retry starts over', async () => {
    let attempts = 0;
    const other = runWith(
      { variant: 'order', orderNumber: 'A-100005' },
      { save: async () => (attempts++ === 0 ? Promise.reject(httpError(503)) : { redirectUrl: goodUrl }) },
    );
    await waitFor(other.actor, (snapshot) => snapshot.matches('failed'));
    expect(other.calls.failurePage).toEqual([]);
    expect(selectPaymentView(other.actor.getSnapshot())).toMatchObject({
      hasShopError: false,
      canRetry: true,
      orderNumber: 'A-100005',
      code: 'saveFailed',
      status: 503,
    });
    other.actor.send({ type: 'payment.retry' });
    await waitFor(other.actor, (snapshot) => snapshot.matches('showingProvider'));
    // The retry loads again, now with the order id it learned.
    expect(other.calls.loadOrder).toEqual([
      { orderNumber: 'A-100005', orderId: undefined },
      { orderNumber: 'A-100005', orderId: 'order-deuti-submitted' },
    ]);
  });

  it('a success call that finds no payment shows the not-found view', async () => {
    const { actor } = runWith(
      { variant: 'edit', orderNumber: 'A-100001', orderId: 'order-deuti-active', providerResult },
      { confirm: async () => Promise.reject(httpError(404)) },
    );
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectPaymentView(end)).toEqual({
      step: 'notFound',
      missing: 'payment',
      variant: 'edit',
      orderNumber: 'A-100001',
      orderId: 'order-deuti-submitted',
    });
  });

  it.each([
    ['edit', { variant: 'edit', orderNumber: 'X-999999' }],
    ['order', { variant: 'order', orderNumber: 'X-999999' }],
  ] as const)('%s: an order number without an order is "not found" (no failure page, no retry, nothing posted)', async (_name, input) => {
    const { actor, calls } = runWith(input, {}, { loadOrder: async () => Promise.reject(httpError(404)) });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('notFound');
    expect(selectPaymentView(end)).toEqual({ step: 'notFound', missing: 'order', variant: input.variant, orderNumber: 'X-999999', orderId: undefined });
    expect(end.can({ type: 'payment.retry' })).toBe(false);
    expect(calls.failurePage).toEqual([]);
    expect(calls.save).toEqual([]);
  });

  it('an instrument that cannot be changed here (instrumentNotEditable) is its own page, not the failure view', async () => {
    const { actor, calls } = runWith(
      { variant: 'edit', orderNumber: 'C-300001', orderId: 'order-seti-active' },
      { save: async () => Promise.reject(Object.assign(httpError(400), { problem: { code: 'instrumentNotEditable' } })) },
    );
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('notEditable');
    expect(end.context.error).toBeUndefined();
    expect(end.context.hasShopError).toBe(false);
    expect(selectPaymentView(end)).toEqual({ step: 'notEditable', orderNumber: 'C-300001' });
    expect(calls.save).toHaveLength(1);
    expect(calls.failurePage).toEqual([]);
  });

  it('an instrument the operator locked (409 instrumentLocked) is its own page, leading to the payment details, not the failure view', async () => {
    const { actor, calls } = runWith(
      { variant: 'edit', orderNumber: 'C-300001', orderId: 'order-seti-active' },
      { save: async () => Promise.reject(Object.assign(httpError(409), { problem: { code: 'instrumentLocked' } })) },
    );
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('locked');
    expect(end.context.error).toBeUndefined();
    // The link leads to the loaded order's payment details.
    expect(selectPaymentView(end)).toEqual({ step: 'locked', orderNumber: 'C-300001', orderId: end.context.order?.orderId });
    expect(end.context.order?.orderId).toBeDefined();
    expect(calls.save).toHaveLength(1);
    expect(calls.failurePage).toEqual([]);
  });

  it('a double press of retry starts one new attempt', async () => {
    let attempts = 0;
    const { actor, calls } = runWith(
      { variant: 'order', orderNumber: 'A-100005' },
      { save: async () => (attempts++ === 0 ? Promise.reject(httpError(503)) : { redirectUrl: goodUrl }) },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'payment.retry' });
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('showingProvider'));
    expect(calls.save).toHaveLength(2);
    expect(calls.loadOrder).toHaveLength(2);
  });
});

describe('failure page view (failureViewFromQuery)', () => {
  it.each([
    [{ orderNumber: 'A-100005', hasShopError: false }, true],
    [{ orderNumber: 'A-100005', hasShopError: true }, false],
    [{ orderNumber: undefined, hasShopError: false }, false],
    [{ orderNumber: '', hasShopError: false }, false],
  ])('%o offers retry: %s', (query, canRetry) => {
    const view = failureViewFromQuery(query);
    expect(view.canRetry).toBe(canRetry);
    expect(view.hasShopError).toBe(query.hasShopError);
  });
});

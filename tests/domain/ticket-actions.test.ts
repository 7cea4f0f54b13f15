// @vitest-environment node
import type { components } from '#openapi/schema.gen';
import { seededOrders } from '#sandbox/seed/ids';
import type { OrderRow, SubscriptionRow } from '#sandbox/tickets/subscription-lifecycle';
import { subscriptionView } from '#sandbox/tickets/subscription-lifecycle';
import { type TicketAction, ticketActionsOf, ticketFileName, ticketToOffer, ticketsToOffer, isEnded, type TicketLike } from '#src/domain/ticket-actions';
import { ticketActionHref } from '#src/flows/tickets/ticket-links';
import { createTestSandbox, type TestClient } from '../sandbox/harness';

type Schemas = components['schemas'];

/**
 * The actions of "My tickets" (SPEC.md 4.3, 4.4): each entry offers what its state allows, no
 * others. First the rules on hand-made states, then the sandbox's own subscription rules
 * (subscriptionView over rows), then the seeded world of deuti@example.com as the API answers it.
 */

const running = { status: 'active', terminationDates: ['2026-06-30', '2026-07-31'], terminate_date: null, canWithdrawTermination: false, pauses: [] };
const downloadable = { isDownloadable: true };

describe('ticketActionsOf (SPEC.md 4.3, 4.4)', () => {
  it.each(['inprogress', 'submitted', 'verified', 'approved', 'accepted'])(
    'an order %s (ordered) can be cancelled, its traveler and billing address changed, its payment method seen',
    (status) => {
      expect(ticketActionsOf({ orderStatus: status })).toEqual(['changeTraveler', 'changeBillingAddress', 'paymentDetails', 'cancelOrder']);
      expect(isEnded({ orderStatus: status })).toBe(false);
    },
  );

  it.each(['rejected', 'revoked', 'canceled', ''])('an order %s (shown as revoked, never a subscription) offers nothing and is ended', (status) => {
    expect(ticketActionsOf({ orderStatus: status })).toEqual([]);
    expect(isEnded({ orderStatus: status })).toBe(true);
  });

  it('a running subscription: ticket, details, terminate, pause, traveler, billing address, payment method', () => {
    expect(ticketActionsOf({ orderStatus: 'fulfilled', subscription: running, ticket: downloadable })).toEqual([
      'downloadTicket',
      'showTicket',
      'details',
      'terminate',
      'pause',
      'changeTraveler',
      'changeBillingAddress',
      'paymentDetails',
    ]);
  });

  it.each(['joti', 'seti'])('%s, whose traveler is the subscriber (SPEC.md 6.1), offers no traveler change; deuti and an unknown product do', (product) => {
    const order = ticketActionsOf({ orderStatus: 'submitted', product });
    const subscription = ticketActionsOf({ orderStatus: 'fulfilled', product, subscription: running });
    expect(order).toEqual(['changeBillingAddress', 'paymentDetails', 'cancelOrder']);
    expect(subscription).not.toContain('changeTraveler');
    expect(subscription).toContain('changeBillingAddress');
    for (const other of ['deuti', 'unknown', undefined]) {
      expect(ticketActionsOf({ orderStatus: 'submitted', product: other })).toContain('changeTraveler');
      expect(ticketActionsOf({ orderStatus: 'fulfilled', product: other, subscription: running })).toContain('changeTraveler');
    }
  });

  it('without a downloadable ticket: no download, no ticket to show', () => {
    const actions = ticketActionsOf({ orderStatus: 'fulfilled', subscription: running, ticket: { isDownloadable: false } });
    expect(actions).not.toContain('downloadTicket');
    expect(actions).not.toContain('showTicket');
    expect(ticketActionsOf({ orderStatus: 'fulfilled', subscription: running })).not.toContain('showTicket');
  });

  it('a paused subscription offers resume, not pause', () => {
    const actions = ticketActionsOf({ orderStatus: 'fulfilled', subscription: { ...running, pauses: [{ pauseFrom: '2026-07', pauseUntil: '2026-08' }] } });
    expect(actions).toContain('resume');
    expect(actions).not.toContain('pause');
  });

  it('a terminated subscription: no termination, no pause; the withdrawal only while canWithdrawTermination (SPEC.md 4.4)', () => {
    const terminated = { ...running, terminationDates: [], terminate_date: '2026-07-31' };
    const withdrawable = ticketActionsOf({ orderStatus: 'terminated', subscription: { ...terminated, canWithdrawTermination: true }, ticket: downloadable });
    expect(withdrawable).toEqual([
      'downloadTicket',
      'showTicket',
      'details',
      'withdrawTermination',
      'changeTraveler',
      'changeBillingAddress',
      'paymentDetails',
    ]);
    const final = ticketActionsOf({ orderStatus: 'terminated', subscription: terminated, ticket: downloadable });
    expect(final).toEqual(['downloadTicket', 'showTicket', 'details', 'changeTraveler', 'changeBillingAddress', 'paymentDetails']);
  });

  it.each(['revoked', 'canceled'])(
    'a subscription whose status is %s is shown as ended: details, payment method and a new order, no termination (SPEC.md 4.3, 4.4)',
    (status) => {
      const subscription = { ...running, status };
      for (const orderStatus of ['fulfilled', 'terminated']) {
        expect(ticketActionsOf({ orderStatus, subscription, ticket: downloadable })).toEqual(['details', 'paymentDetails', 'newOrder']);
        expect(isEnded({ orderStatus, subscription })).toBe(true);
      }
    },
  );

  it('a revoked subscription’s order (raw status revoked, shown as revoked) keeps its details and payment method, leads to a new order and is ended', () => {
    expect(ticketActionsOf({ orderStatus: 'revoked', hasSubscription: true })).toEqual(['details', 'paymentDetails']);
    expect(ticketActionsOf({ orderStatus: 'revoked', hasSubscription: true, subscription: { ...running, status: 'revoked' } })).toEqual([
      'details',
      'paymentDetails',
      'newOrder',
    ]);
    expect(isEnded({ orderStatus: 'revoked', hasSubscription: true })).toBe(true);
  });

  it('a terminated subscription that still runs is not ended; one whose end passed is', () => {
    const terminated = { ...running, terminationDates: [], terminate_date: '2026-07-31' };
    expect(isEnded({ orderStatus: 'terminated', subscription: terminated })).toBe(false);
    expect(isEnded({ orderStatus: 'terminated', subscription: { ...terminated, status: 'canceled' } })).toBe(true);
  });

  it('while the subscription is loading, only its details and payment method', () => {
    expect(ticketActionsOf({ orderStatus: 'fulfilled' })).toEqual(['details', 'paymentDetails']);
    expect(isEnded({ orderStatus: 'fulfilled' })).toBe(false);
  });
});

describe('ticketActionsOf against the sandbox’s subscription rules (subscriptionView)', () => {
  const today = '2026-05-15';
  const order = { subscription_starts_at: '2026-01-01' } as OrderRow;
  const row = (overrides: Partial<SubscriptionRow>): SubscriptionRow =>
    ({
      id: 's',
      order_id: 'o',
      user_id: 'u',
      subscription_number: 'S-1',
      status: 'active',
      terminate_date: null,
      can_withdraw_termination: 0,
      pause_from: null,
      pause_until: null,
      subscriber: null,
      created_at: '2026-01-01T00:00:00Z',
      ...overrides,
    }) as SubscriptionRow;
  const actionsOf = (orderStatus: string, sub: SubscriptionRow) =>
    ticketActionsOf({ orderStatus, subscription: subscriptionView(sub, order, today), ticket: downloadable });

  it('running: the sandbox offers termination dates, so terminate is offered', () => {
    expect(actionsOf('fulfilled', row({}))).toContain('terminate');
  });
  it('terminated with the customer’s own termination: withdraw, no terminate or pause', () => {
    const actions = actionsOf('terminated', row({ terminate_date: '2026-06-30', can_withdraw_termination: 1 }));
    expect(actions).toContain('withdrawTermination');
    expect(actions).not.toContain('terminate');
    expect(actions).not.toContain('pause');
  });
  it('concluded 3 days ago: the withdrawal from the contract, beside the termination; not once terminated or revoked (decision 29)', () => {
    const recent = row({ created_at: '2026-05-12T10:00:00Z' });
    expect(subscriptionView(recent, order, today).withdrawableUntil).toBe('2026-05-26');
    expect(actionsOf('fulfilled', recent)).toEqual([
      'downloadTicket',
      'showTicket',
      'details',
      'terminate',
      'withdrawContract',
      'pause',
      'changeTraveler',
      'changeBillingAddress',
      'paymentDetails',
    ]);
    expect(actionsOf('terminated', row({ created_at: '2026-05-12T10:00:00Z', terminate_date: '2026-06-30', can_withdraw_termination: 1 }))).not.toContain(
      'withdrawContract',
    );
    expect(actionsOf('revoked', row({ created_at: '2026-05-12T10:00:00Z', status: 'revoked' }))).toEqual(['details', 'paymentDetails', 'newOrder']);
  });
  it('the 14 days over (concluded 15 days ago, started before): no withdrawal from the contract', () => {
    expect(subscriptionView(row({ created_at: '2026-04-30T10:00:00Z' }), order, today).withdrawableUntil).toBeNull();
    expect(actionsOf('fulfilled', row({ created_at: '2026-04-30T10:00:00Z' }))).not.toContain('withdrawContract');
    expect(subscriptionView(row({ created_at: '2026-05-01T10:00:00Z' }), order, today).withdrawableUntil).toBe('2026-05-15');
  });
  it('terminated and the date passed: the sandbox reads it canceled, so it is ended', () => {
    expect(actionsOf('terminated', row({ terminate_date: '2026-04-30', can_withdraw_termination: 1 }))).toEqual(['details', 'paymentDetails', 'newOrder']);
  });
  it('paused in a later month: resume', () => {
    expect(actionsOf('fulfilled', row({ pause_from: '2026-07', pause_until: '2026-08' }))).toContain('resume');
  });
  it('a past pause is history: pause again', () => {
    expect(actionsOf('fulfilled', row({ pause_from: '2026-01', pause_until: '2026-02' }))).toContain('pause');
  });
  it('revoked: ended', () => {
    expect(actionsOf('revoked', row({ status: 'revoked' }))).toEqual(['details', 'paymentDetails', 'newOrder']);
  });
});

describe('ticketToOffer and ticketFileName', () => {
  const ticket = (id: string, validity: TicketLike['validity'], validFrom: string, isDownloadable = true, subscriptionId = 's1'): TicketLike => ({
    id,
    subscriptionId,
    validity,
    validFrom,
    isDownloadable,
  });

  it('offers the current ticket, else the earliest upcoming one, never an expired or another subscription’s', () => {
    const tickets = [
      ticket('next2', 'upcoming', '2026-07-01'),
      ticket('next', 'upcoming', '2026-06-01'),
      ticket('now', 'current', '2026-05-01'),
      ticket('old', 'expired', '2026-04-01', false),
    ];
    expect(ticketToOffer(tickets, 's1')?.id).toBe('now');
    expect(
      ticketToOffer(
        tickets.filter((t) => t.id !== 'now'),
        's1',
      )?.id,
    ).toBe('next');
    expect(ticketToOffer([ticket('old', 'expired', '2026-04-01', false)], 's1')).toBeUndefined();
    expect(ticketToOffer(tickets, 's2')).toBeUndefined();
  });

  it('offers one ticket per subscription in one pass: the first current one, else the earliest upcoming; an expired downloadable one never', () => {
    const tickets = [
      ticket('a-next2', 'upcoming', '2026-07-01', true, 'a'),
      ticket('b-now', 'current', '2026-05-01', true, 'b'),
      ticket('a-next', 'upcoming', '2026-06-01', true, 'a'),
      ticket('b-now-again', 'current', '2026-05-01', true, 'b'),
      ticket('b-next', 'upcoming', '2026-04-01', true, 'b'),
      ticket('a-next-same-month', 'upcoming', '2026-06-01', true, 'a'),
      ticket('c-old', 'expired', '2026-01-01', true, 'c'),
      ticket('d-revoked', 'current', '2026-05-01', false, 'd'),
      ticket('d-next', 'upcoming', '2026-06-01', true, 'd'),
    ];
    const offers = ticketsToOffer(tickets);
    expect(Object.fromEntries([...offers].map(([subscription, offered]) => [subscription, offered.id]))).toEqual({ a: 'a-next', b: 'b-now', d: 'd-next' });
    for (const subscription of ['a', 'b', 'c', 'd']) expect(ticketToOffer(tickets, subscription)).toBe(offers.get(subscription));
  });

  it('names the file by product, subscription number and month', () => {
    expect(ticketFileName({ product: 'deuti', subscriptionNumber: 'S-A100001', validFrom: '2026-11-01' })).toBe('Deutschlandticket-S-A100001-2026-11.pdf');
    expect(ticketFileName({ product: 'seti', subscriptionNumber: 'S-C300001', validFrom: '2027-01-01' })).toBe(
      'Deutschlandsemesterticket-S-C300001-2027-01.pdf',
    );
    expect(ticketFileName({ product: 'joti', subscriptionNumber: 'S/../B2', validFrom: '2027-01-01' })).toBe('Deutschlandticket-Job-SB2-2027-01.pdf');
  });
});

describe('ticketActionHref: the agreed routes', () => {
  const ids = { orderId: 'o 1', subscriptionId: 'sub-1', ticketId: 't-1' };
  it.each<[TicketAction, string | undefined]>([
    ['downloadTicket', undefined],
    ['showTicket', '/app/dashboard/ticket/t-1'],
    ['details', '/app/dashboard/subscription/sub-1/details'],
    ['terminate', '/app/dashboard/subscription/sub-1/terminate'],
    ['withdrawContract', '/app/dashboard/subscription/sub-1/withdraw-contract'],
    ['withdrawTermination', '/app/dashboard/subscription/sub-1/withdraw-termination'],
    ['pause', '/app/dashboard/subscription/sub-1/pause'],
    ['resume', '/app/dashboard/subscription/sub-1/pause'],
    ['changeTraveler', '/app/dashboard/subscription/sub-1/traveler'],
    ['changeBillingAddress', '/app/dashboard/subscription/sub-1/subscriber'],
    ['paymentDetails', '/app/dashboard/order/o%201/payment'],
    ['cancelOrder', '/app/dashboard/order/o%201/cancel'],
  ])('%s → %s', (action, href) => {
    expect(ticketActionHref(action, ids)).toBe(href);
  });
  it('an order’s traveler and billing address', () => {
    expect(ticketActionHref('changeTraveler', { orderId: 'o1' })).toBe('/app/dashboard/order/o1/traveler');
    expect(ticketActionHref('changeBillingAddress', { orderId: 'o1', subscriptionId: null })).toBe('/app/dashboard/order/o1/billing-address');
  });
  it('the payment details are the order’s, with or without a subscription', () => {
    expect(ticketActionHref('paymentDetails', { orderId: 'o1' })).toBe('/app/dashboard/order/o1/payment');
    expect(ticketActionHref('paymentDetails', { orderId: 'o1', subscriptionId: 'sub-1' })).toBe('/app/dashboard/order/o1/payment');
  });
});

describe('the seeded world of deuti@example.com (README’s table), as the API answers it', () => {
  let context: Awaited<ReturnType<typeof createTestSandbox>>;
  let client: TestClient;
  beforeAll(async () => {
    context = await createTestSandbox();
    client = context.client;
    await client.signInAs('deuti@example.com');
  });
  afterAll(() => context.sandbox.close());

  const all: TicketAction[] = ['downloadTicket', 'showTicket', 'details'];
  const expected: Record<string, TicketAction[]> = {
    [seededOrders.deutiActive.number]: [...all, 'terminate', 'pause', 'changeTraveler', 'changeBillingAddress', 'paymentDetails'],
    [seededOrders.deutiTerminatedWithdrawable.number]: [...all, 'withdrawTermination', 'changeTraveler', 'changeBillingAddress', 'paymentDetails'],
    [seededOrders.deutiTerminatedFinal.number]: [...all, 'changeTraveler', 'changeBillingAddress', 'paymentDetails'],
    [seededOrders.deutiInProgress.number]: ['changeTraveler', 'changeBillingAddress', 'paymentDetails', 'cancelOrder'],
    [seededOrders.deutiSubmitted.number]: ['changeTraveler', 'changeBillingAddress', 'paymentDetails', 'cancelOrder'],
    [seededOrders.deutiVerified.number]: ['changeTraveler', 'changeBillingAddress', 'paymentDetails', 'cancelOrder'],
    [seededOrders.deutiApproved.number]: ['changeTraveler', 'changeBillingAddress', 'paymentDetails', 'cancelOrder'],
    [seededOrders.deutiAccepted.number]: ['changeTraveler', 'changeBillingAddress', 'paymentDetails', 'cancelOrder'],
    [seededOrders.deutiUnknownStatus.number]: [],
    [seededOrders.deutiRevoked.number]: ['details', 'paymentDetails', 'newOrder'],
    [seededOrders.deutiCanceled.number]: ['details', 'paymentDetails', 'newOrder'],
  };

  it('each order offers exactly what its state allows', async () => {
    const orders = (await client.get('/api/v2/order/orders')).body as Schemas['RawOrder'][];
    const tickets = (await client.get('/api/dashboard/v1/tickets')).body as Schemas['Ticket'][];
    const actual: Record<string, TicketAction[]> = {};
    for (const order of orders) {
      const subscription = order.subscription_id
        ? ((await client.get(`/api/v2/subscription/subscriptions/${order.subscription_id}`)).body as Schemas['Subscription'])
        : undefined;
      const ticket = order.subscription_id ? ticketToOffer(tickets, order.subscription_id) : undefined;
      actual[order.order_number] = ticketActionsOf({
        orderStatus: order.order_status,
        product: order.product,
        hasSubscription: Boolean(order.subscription_id),
        subscription,
        ticket,
      });
    }
    expect(actual).toEqual(expected);
  });
});

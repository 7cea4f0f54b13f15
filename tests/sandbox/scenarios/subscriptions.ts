import type { components } from '#openapi/schema.gen';
import { seededOrders } from '#sandbox/seed/ids';
import { todayIso } from '#sandbox/tickets/subscription-lifecycle';
import { withdrawableUntil } from '#src/domain/contract-withdrawal';
import type { Scenario, TestClient } from '../harness';
import { newCustomer, orderAndPay, orderByNumber } from './orders';

type Schemas = components['schemas'];
type SubscriptionWithPauses = Schemas['Subscription'] & { pauses?: Schemas['PauseRequest'][] };

/**
 * Contract scenarios of the "subscriptions" and "tickets" areas. Changes happen on subscriptions
 * the scenario orders itself (orderAndPay); the seeded ones are only read, or refused.
 */

async function subscription(client: TestClient, id: string): Promise<SubscriptionWithPauses> {
  const answer = await client.get(`/api/v2/subscription/subscriptions/${id}`);
  expect(answer.status).toBe(200);
  return answer.body as SubscriptionWithPauses;
}

async function tickets(client: TestClient, query = ''): Promise<Schemas['Ticket'][]> {
  const answer = await client.get(`/api/dashboard/v1/tickets${query}`);
  expect(answer.status).toBe(200);
  return answer.body as Schemas['Ticket'][];
}

function problemOf(body: unknown): Schemas['Problem'] {
  return body as Schemas['Problem'];
}

function monthAfter(month: string, count: number): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const d = new Date(year, m - 1 + count, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

async function signedIn(newClient: () => TestClient, email: string): Promise<TestClient> {
  const client = newClient();
  await client.signInAs(email);
  return client;
}

export const subscriptionsScenarios: Scenario[] = [
  {
    name: 'seeded subscriptions: terminable, terminated with and without withdrawal, revoked, canceled',
    async run({ newClient }) {
      const client = await signedIn(newClient, 'deuti@example.com');
      const active = await subscription(client, seededOrders.deutiActive.subscriptionId);
      expect(active).toMatchObject({ status: 'active', terminate_date: null, canWithdrawTermination: false });
      expect(active.terminationDates).toHaveLength(6);
      // Each offered date is the last day of a month.
      for (const date of active.terminationDates) {
        const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
        expect(day).toBe(new Date(year, month, 0).getDate());
      }

      const withdrawable = await subscription(client, seededOrders.deutiTerminatedWithdrawable.subscriptionId);
      expect(withdrawable).toMatchObject({ terminate_date: expect.any(String), canWithdrawTermination: true, terminationDates: [] });
      const final = await subscription(client, seededOrders.deutiTerminatedFinal.subscriptionId);
      expect(final).toMatchObject({ terminate_date: expect.any(String), canWithdrawTermination: false });
      expect(await subscription(client, seededOrders.deutiRevoked.subscriptionId)).toMatchObject({ status: 'revoked', terminationDates: [] });
      expect(await subscription(client, seededOrders.deutiCanceled.subscriptionId)).toMatchObject({ status: 'canceled', terminationDates: [] });

      // Not the customer's own: 404.
      expect((await client.get(`/api/v2/subscription/subscriptions/${seededOrders.jotiActive.subscriptionId}`)).status).toBe(404);
    },
  },
  {
    name: 'details: subscriber, traveler, price and company of a subscription',
    async run({ newClient }) {
      const client = await signedIn(newClient, 'joti@example.com');
      const answer = await client.get(`/api/v2/subscription/subscriptions/${seededOrders.jotiActive.subscriptionId}/details`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: seededOrders.jotiActive.subscriptionId,
        subscriptionNumber: seededOrders.jotiActive.subscriptionNumber,
        product: 'joti',
        orderId: seededOrders.jotiActive.id,
        orderNumber: seededOrders.jotiActive.number,
        subscriber: { firstName: 'Jonas', lastName: 'Becker', zipCode: '22299' },
        traveler: { isTraveler: true, firstName: 'Jonas' },
        monthlyPrice: 38,
        companyUserInfo: { company_id: 'TDX9960', staff_number: 'P-100234' },
      });
    },
  },
  {
    name: 'terminate: terminate_date shows; a second termination is 400 isAlreadyTerminated; withdraw: it is gone',
    async run(context) {
      const { client, email } = await newCustomer(context);
      const { subscriptionId, order } = await orderAndPay(context.sandbox, client);

      const termination = await client.get(`/api/v2/subscription/subscriptions/${subscriptionId}/terminate`);
      expect(termination.status).toBe(200);
      const { terminationDates } = termination.body as Schemas['Subscription'];
      expect(terminationDates.length).toBeGreaterThan(0);

      const notOffered = await client.put(`/api/v2/subscription/subscriptions/${subscriptionId}/terminate`, { json: { terminate_date: '2031-02-14' } });
      expect(notOffered.status).toBe(400);
      expect(problemOf(notOffered.body).code).toBe('invalidTerminationDate');

      const date = terminationDates[1]!;
      const terminated = await client.put(`/api/v2/subscription/subscriptions/${subscriptionId}/terminate`, { json: { terminate_date: date } });
      expect(terminated.status).toBe(200);
      expect(await subscription(client, subscriptionId)).toMatchObject({ terminate_date: date, canWithdrawTermination: true, terminationDates: [] });
      expect(await orderByNumber(client, order.order_number)).toMatchObject({ order_status: 'terminated', terminated_at: date });
      expect((await context.sandbox.outbox.list(email))[0]?.subject).toContain('Kündigungsbestätigung');

      const again = await client.put(`/api/v2/subscription/subscriptions/${subscriptionId}/terminate`, { json: { terminate_date: date } });
      expect(again.status).toBe(400);
      expect(problemOf(again.body).code).toBe('isAlreadyTerminated');

      const withdrawn = await client.post(`/api/v2/subscription/subscriptions/${subscriptionId}/withdraw-termination`);
      expect(withdrawn.status).toBe(200);
      expect(await subscription(client, subscriptionId)).toMatchObject({ terminate_date: null, canWithdrawTermination: false });
      expect((await subscription(client, subscriptionId)).terminationDates.length).toBeGreaterThan(0);
      expect((await orderByNumber(client, order.order_number)).order_status).toBe('fulfilled');
    },
  },
  {
    name: 'withdraw not allowed: the final termination and a subscription without termination answer 409',
    async run(context) {
      const client = await signedIn(context.newClient, 'deuti@example.com');
      const final = await client.post(`/api/v2/subscription/subscriptions/${seededOrders.deutiTerminatedFinal.subscriptionId}/withdraw-termination`);
      expect(final.status).toBe(409);
      expect(problemOf(final.body).code).toBe('terminationNotWithdrawable');
      expect(await subscription(client, seededOrders.deutiTerminatedFinal.subscriptionId)).toMatchObject({ terminate_date: expect.any(String) });
      const notTerminated = await client.post(`/api/v2/subscription/subscriptions/${seededOrders.deutiActive.subscriptionId}/withdraw-termination`);
      expect(notTerminated.status).toBe(409);
      // A revoked or canceled subscription is already ended: no termination.
      const revoked = await client.put(`/api/v2/subscription/subscriptions/${seededOrders.deutiRevoked.subscriptionId}/terminate`, {
        json: { terminate_date: '2031-01-31' },
      });
      expect(problemOf(revoked.body).code).toBe('isAlreadyTerminated');
    },
  },
  {
    name: 'termination state with the birthdate query: the subscriber’s birthdate passes, another is refused',
    async run({ newClient }) {
      const client = await signedIn(newClient, 'deuti@example.com');
      const path = `/api/v2/subscription/subscriptions/${seededOrders.deutiActive.subscriptionId}/terminate`;
      expect((await client.get(`${path}?birthdate=1964-08-12`)).status).toBe(200);
      const wrong = await client.get(`${path}?birthdate=1970-01-01`);
      expect(wrong.status).toBe(400);
      expect(problemOf(wrong.body).code).toBe('birthDateMismatch');
    },
  },
  {
    name: 'pause: visible in the pause state and the subscription, its month has no ticket; resume: gone again',
    async run(context) {
      const { client } = await newCustomer(context);
      const { subscriptionId } = await orderAndPay(context.sandbox, client, { start: 0 });
      const path = `/api/v2/subscription/subscriptions/${subscriptionId}/pause`;

      const state = (await client.get(path)).body as Schemas['SubscriptionPause'];
      expect(state).toMatchObject({ subscriptionId, canPause: true, pauses: [] });
      const next = monthAfter(thisMonth(), 1);
      expect(state.pausableMonths[0]).toBe(next);
      expect((await tickets(client)).some((t) => t.subscriptionId === subscriptionId && t.validFrom === `${next}-01`)).toBe(true);

      const paused = await client.put(path, { json: { pauseFrom: next, pauseUntil: monthAfter(next, 1) } });
      expect(paused.status).toBe(200);
      expect(paused.body).toMatchObject({ canPause: false, pausableMonths: [], pauses: [{ pauseFrom: next, pauseUntil: monthAfter(next, 1) }] });
      expect((await subscription(client, subscriptionId)).pauses).toEqual([{ pauseFrom: next, pauseUntil: monthAfter(next, 1) }]);
      expect((await tickets(client)).some((t) => t.subscriptionId === subscriptionId && t.validFrom === `${next}-01`)).toBe(false);

      const overlapping = await client.put(path, { json: { pauseFrom: monthAfter(next, 2), pauseUntil: monthAfter(next, 2) } });
      expect(overlapping.status).toBe(409);
      expect(problemOf(overlapping.body).code).toBe('pauseNotPossible');

      const nowhere = await client.delete(`${path}?pauseDate=${monthAfter(next, 5)}-01`);
      expect(nowhere.status).toBe(404);

      const resumed = await client.delete(`${path}?pauseDate=${next}-01`);
      expect(resumed.status).toBe(200);
      expect(resumed.body).toMatchObject({ canPause: true, pauses: [] });
      expect((await subscription(client, subscriptionId)).pauses).toEqual([]);
      expect((await tickets(client)).some((t) => t.subscriptionId === subscriptionId && t.validFrom === `${next}-01`)).toBe(true);

      const backwards = await client.put(path, { json: { pauseFrom: monthAfter(next, 1), pauseUntil: next } });
      expect(backwards.status).toBe(400);
      const tooFar = await client.put(path, { json: { pauseFrom: next, pauseUntil: monthAfter(next, 24) } });
      expect(problemOf(tooFar.body).code).toBe('monthNotPausable');
    },
  },
  {
    name: 'cancel (revoke) a new subscription: revoked, its tickets withdrawn; an old one cannot be cancelled (409)',
    async run(context) {
      const { client } = await newCustomer(context);
      const { subscriptionId, order } = await orderAndPay(context.sandbox, client);
      expect((await tickets(client)).filter((t) => t.subscriptionId === subscriptionId).length).toBeGreaterThan(0);
      // Concluded today: withdrawable for 14 days, or until the day before it starts if that is later.
      const concluded = await subscription(client, subscriptionId);
      expect(concluded.withdrawableUntil).toBe(withdrawableUntil({ concludedOn: todayIso(), startsOn: order.order_items[0]!.buy_on }));
      const cancelled = await client.post(`/api/v2/subscription/subscriptions/${subscriptionId}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'revoked', terminationDates: [], withdrawableUntil: null });
      expect(await subscription(client, subscriptionId)).toMatchObject({ status: 'revoked' });
      expect((await orderByNumber(client, order.order_number)).order_status).toBe('revoked');
      expect((await tickets(client)).filter((t) => t.subscriptionId === subscriptionId)).toEqual([]);

      const deuti = await signedIn(context.newClient, 'deuti@example.com');
      const old = await deuti.post(`/api/v2/subscription/subscriptions/${seededOrders.deutiActive.subscriptionId}/cancel`);
      expect(old.status).toBe(409);
      expect(problemOf(old.body).code).toBe('subscriptionNotCancellable');
    },
  },
  {
    name: 'subscriber and traveler changes are visible on the next read (details, traveler, tickets)',
    async run(context) {
      const { client } = await newCustomer(context);
      const { subscriptionId } = await orderAndPay(context.sandbox, client);

      const subscriber = {
        subscriptionId,
        gender: 'Female',
        firstName: 'Clara',
        lastName: 'Neumann',
        birthdate: '1990-05-17',
        zipCode: '8001',
        city: 'Zürich',
        street: 'Bahnhofstrasse',
        houseNumber: '1',
        country: 'CH',
      };
      const changed = await client.post('/api/v2/subscription/subscriptions/change-subscriber', { json: subscriber });
      expect(changed.status).toBe(204);
      const details = (await client.get(`/api/v2/subscription/subscriptions/${subscriptionId}/details`)).body as Schemas['SubscriptionDetails'];
      expect(details.subscriber).toMatchObject({ lastName: 'Neumann', zipCode: '8001', country: 'CH' });
      // The subscriber travels, so the traveler follows.
      expect(details.traveler).toMatchObject({ isTraveler: true, lastName: 'Neumann' });

      const badZip = await client.post('/api/v2/subscription/subscriptions/change-subscriber', { json: { ...subscriber, zipCode: '0800' } });
      expect(badZip.status).toBe(400);
      expect(problemOf(badZip.body).errors).toEqual([{ field: 'zipCode', code: 'countryFormat' }]);

      const traveler = await client.get(`/api/v3/subscription/subscriptions/${subscriptionId}/traveler`);
      expect(traveler.body).toMatchObject({ isTraveler: true, subscriptionId, lastName: 'Neumann' });
      const updated = await client.put(`/api/v3/subscription/subscriptions/${subscriptionId}/traveler`, {
        json: { isTraveler: false, firstName: 'Jan', lastName: 'Neumann', gender: 'Male', birthdate: '2014-02-02' },
      });
      expect(updated.status).toBe(200);
      expect((await client.get(`/api/v3/subscription/subscriptions/${subscriptionId}/traveler`)).body).toMatchObject({ isTraveler: false, firstName: 'Jan' });
      const holder = (await tickets(client)).find((t) => t.subscriptionId === subscriptionId)?.holder;
      expect(holder).toEqual({ firstName: 'Jan', lastName: 'Neumann', birthdate: '2014-02-02' });

      const missing = await client.put(`/api/v3/subscription/subscriptions/${subscriptionId}/traveler`, { json: { isTraveler: false, firstName: 'Jan' } });
      expect(missing.status).toBe(400);
    },
  },
  {
    name: 'joti: the traveler must be the subscriber (travelerMustBeSubscriber)',
    async run({ newClient }) {
      const client = await signedIn(newClient, 'joti@example.com');
      const refused = await client.put(`/api/v3/subscription/subscriptions/${seededOrders.jotiActive.subscriptionId}/traveler`, {
        json: { isTraveler: false, firstName: 'Lea', lastName: 'Becker', gender: 'Female', birthdate: '2012-01-01' },
      });
      expect(refused.status).toBe(400);
      expect(problemOf(refused.body).code).toBe('travelerMustBeSubscriber');
    },
  },
  {
    name: 'a ticket paid by direct debit is not made out to another person (creditCardRequired, SPEC.md 6.1)',
    async run({ newClient }) {
      const client = await signedIn(newClient, 'deuti@example.com');
      const path = `/api/v3/subscription/subscriptions/${seededOrders.deutiActive.subscriptionId}/traveler`;
      const before = (await client.get(path)).body;
      const refused = await client.put(path, { json: { isTraveler: false, firstName: 'Lea', lastName: 'Becker', gender: 'Female', birthdate: '2012-01-01' } });
      expect(refused.status).toBe(400);
      expect(problemOf(refused.body).errors).toEqual([{ field: 'isTraveler', code: 'creditCardRequired' }]);
      expect((await client.get(path)).body).toEqual(before);
      // The subscriber travelling stays possible.
      expect((await client.put(path, { json: { isTraveler: true } })).status).toBe(200);
    },
  },
  {
    name: 'tickets: list by validity, one ticket, and its PDF',
    async run({ newClient }) {
      const client = await signedIn(newClient, 'deuti@example.com');
      const all = await tickets(client);
      expect(all.length).toBeGreaterThan(0);
      const current = await tickets(client, '?validity=current');
      expect(current.length).toBeGreaterThan(0);
      expect(current.every((t) => t.validity === 'current')).toBe(true);
      expect((await tickets(client, '?validity=expired')).every((t) => t.validity === 'expired' && !t.isDownloadable)).toBe(true);
      expect((await tickets(client, '?validity=upcoming')).every((t) => t.validity === 'upcoming')).toBe(true);
      // The newest validity first.
      expect(all.map((t) => t.validFrom)).toEqual([...all.map((t) => t.validFrom)].sort().reverse());

      const mine = current.find((t) => t.subscriptionId === seededOrders.deutiActive.subscriptionId)!;
      const one = await client.get(`/api/subscription/v2/tickets/${mine.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        id: mine.id,
        subscriptionNumber: seededOrders.deutiActive.subscriptionNumber,
        holder: { firstName: 'Erika', lastName: 'Mustermann' },
      });

      const pdf = await client.get(`/api/subscription/v2/tickets/${mine.id}/download`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
      expect(pdf.headers.get('Content-Disposition')).toContain(`ticket-${mine.ticketNumber}.pdf`);
      expect(pdf.text.startsWith('%PDF-')).toBe(true);

      const stranger = await signedIn(newClient, 'joti@example.com');
      expect((await stranger.get(`/api/subscription/v2/tickets/${mine.id}`)).status).toBe(404);
      expect((await stranger.get(`/api/subscription/v2/tickets/${mine.id}/download`)).status).toBe(404);
    },
  },
];

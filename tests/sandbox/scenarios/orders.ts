import { randomUUID } from 'node:crypto';

import type { components } from '#openapi/schema.gen';
import type { Sandbox } from '#sandbox/app';
import { run } from '#sandbox/db/database';
import { seededOrders } from '#sandbox/seed/ids';
import type { Scenario, TestClient } from '../harness';

type Schemas = components['schemas'];

/**
 * Contract scenarios of the "orders" and "quote" areas: each calls operations as the portal would
 * and asserts the effect a customer would notice. Scenarios that change data use customers of their
 * own (made here), so they never disturb the seeded demo world another area relies on.
 */

// ---------------------------------------------------------------- helpers shared with subscriptions.ts

let customerCount = 0;

/** A new customer of its own, signed in on a fresh client. */
export async function newCustomer(context: { sandbox: Sandbox; newClient: () => TestClient }, product: 'deuti' | 'joti' | 'seti' = 'deuti') {
  customerCount += 1;
  const email = `orders-scenario-${customerCount}-${randomUUID().slice(0, 8)}@example.com`;
  const id = `user-scenario-${randomUUID()}`;
  await run(
    context.sandbox.db,
    `INSERT INTO users (id, email, password_hash, email_verified, product, first_name, last_name, has_agreed_to_privacy_policy, created_at)
     VALUES (?, ?, 'scrypt$none$none', 1, ?, 'Clara', 'Beispiel', 1, ?)`,
    [id, email, product, new Date().toISOString()],
  );
  const client = context.newClient();
  await client.signInAs(email);
  return { client, email, id };
}

export const clara = {
  gender: 'Female',
  first_name: 'Clara',
  last_name: 'Beispiel',
  street: 'Invalidenstraße',
  house_number: '117',
  city: 'Berlin',
  zip_code: '10115',
  birthdate: '1990-05-17',
  country: 'DE',
} satisfies Schemas['BillingAddress'];

export const claraAsTraveler = { first_name: 'Clara', last_name: 'Beispiel', gender: 'Female', birthdate: '1990-05-17' } satisfies Schemas['OrderTraveler'];

export async function startDates(client: TestClient, product: 'deuti' | 'joti' | 'seti' = 'deuti'): Promise<string[]> {
  const answer = await client.get(`/api/v1/order/startdates?product=${product}`);
  expect(answer.status).toBe(200);
  return (answer.body as Schemas['StartDates']).start_dates;
}

export async function quote(client: TestClient, companyId: string, startsOn: string): Promise<Schemas['Quote']> {
  const answer = await client.get(`/api/v1/quotation/quotes/${encodeURIComponent(companyId.trim())}?subscriptionStartsOn=${startsOn}`);
  expect(answer.status).toBe(200);
  return answer.body as Schemas['Quote'];
}

export function submit(client: TestClient, body: Schemas['OrderSubmitRequest'], key: string = randomUUID()) {
  return client.post('/api/v3/order/orders/submit', { json: body, headers: { 'Idempotency-Key': key } });
}

/** A complete order body as the wizard sends it, with the quote of its company and start date. */
export async function orderBody(
  client: TestClient,
  options: {
    product?: 'deuti' | 'joti' | 'seti';
    companyId?: string;
    staffNumber?: string;
    start?: number;
    billing?: Partial<Schemas['BillingAddress']>;
    traveler?: Schemas['OrderTraveler'];
  } = {},
): Promise<Schemas['OrderSubmitRequest']> {
  const product = options.product ?? 'deuti';
  const dates = await startDates(client, product);
  const startsOn = dates[options.start ?? 1] ?? dates[0]!;
  const companyId = options.companyId ?? 'DEU4900';
  const { quoteId } = await quote(client, companyId, startsOn);
  const billing = { ...clara, ...options.billing };
  return {
    billing_address: billing,
    traveler: options.traveler ?? { first_name: billing.first_name, last_name: billing.last_name, gender: billing.gender, birthdate: billing.birthdate },
    ...(options.product && options.product !== 'deuti' ? { company_user_info: { company_id: companyId, staff_number: options.staffNumber ?? '' } } : {}),
    has_agreed_to_tariff_terms_and_conditions: true,
    has_agreed_to_agb: true,
    subscription_starts_at: startsOn,
    product,
    quoteId,
  };
}

export async function listOrders(client: TestClient): Promise<Schemas['RawOrder'][]> {
  const answer = await client.get('/api/v2/order/orders');
  expect(answer.status).toBe(200);
  return answer.body as Schemas['RawOrder'][];
}

export async function orderByNumber(client: TestClient, orderNumber: string): Promise<Schemas['RawOrder']> {
  const order = (await listOrders(client)).find((o) => o.order_number === orderNumber);
  if (!order) throw new Error(`order ${orderNumber} is not in the list`);
  return order;
}

/**
 * Orders a deuti subscription and pays it: the payment success call moves the order to
 * 'fulfilled' (here written as the payment area does, through orders.order_status), and the
 * subscription with its tickets appears. Answers the order and its subscription id.
 */
export async function orderAndPay(sandbox: Sandbox, client: TestClient, options: Parameters<typeof orderBody>[1] = {}) {
  const answer = await submit(client, await orderBody(client, options));
  expect(answer.status).toBe(201);
  const orderNumber = (answer.body as Schemas['OrderSubmitResponse']).order_number;
  await run(sandbox.db, "UPDATE orders SET order_status = 'fulfilled' WHERE order_number = ?", [orderNumber]);
  const order = await orderByNumber(client, orderNumber);
  expect(order.order_status).toBe('fulfilled');
  const traveler = (await client.get(`/api/v3/order/orders/${order.id}/traveler`)).body as Schemas['Traveler'];
  expect(traveler.subscriptionId).toEqual(expect.any(String));
  return { order, orderNumber, subscriptionId: traveler.subscriptionId!, subscriptionNumber: traveler.subscriptionNumber! };
}

function problemOf(body: unknown): Schemas['Problem'] {
  return body as Schemas['Problem'];
}

// ---------------------------------------------------------------- scenarios

export const ordersScenarios: Scenario[] = [
  {
    name: 'the seeded deuti customer sees orders in every raw status of SPEC.md 4.3',
    async run({ newClient }) {
      const client = newClient();
      await client.signInAs('deuti@example.com');
      const statuses = (await listOrders(client)).map((order) => order.order_status);
      for (const status of ['inprogress', 'submitted', 'verified', 'approved', 'accepted', 'fulfilled', 'terminated', 'rejected', 'revoked']) {
        expect(statuses).toContain(status);
      }
      const withTraveler = (await listOrders(client)).find((order) => order.id === seededOrders.deutiTerminatedWithdrawable.id);
      expect(withTraveler).toMatchObject({
        traveler_first_name: 'Lukas',
        terminated_at: expect.any(String),
        subscription_id: seededOrders.deutiTerminatedWithdrawable.subscriptionId,
      });
      // The tickets list links a subscription's screens by its id; an order that is none has null.
      const notYet = (await listOrders(client)).find((order) => order.id === seededOrders.deutiUnknownStatus.id);
      expect(notYet?.subscription_id).toBeNull();
    },
  },
  {
    name: 'countries: all, and only the enabled ones',
    async run({ client }) {
      const all = await client.get('/api/v1/order/countries');
      expect(all.status).toBe(200);
      expect(all.body).toEqual(expect.arrayContaining(['DE', 'AT', 'CH', 'NL', 'IT']));
      const enabled = await client.get('/api/v1/order/countries?enabled=true');
      expect(enabled.body).toEqual(expect.arrayContaining(['DE', 'AT', 'CH']));
      expect(enabled.body).not.toContain('IT');
    },
  },
  {
    name: 'start dates: first days of the coming months, computed from today',
    async run({ client }) {
      const now = new Date();
      const first = (offset: number) => {
        const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01`;
      };
      expect(await startDates(client, 'deuti')).toEqual([first(0), first(1), first(2), first(3)]);
      expect(await startDates(client, 'joti')).toEqual([first(1), first(2), first(3)]);
      const withoutProduct = await client.get('/api/v1/order/startdates');
      expect((withoutProduct.body as Schemas['StartDates']).start_dates).toEqual(await startDates(client, 'deuti'));
    },
  },
  {
    name: 'company form: the staff-number field with its rule; none for the standard company; unknown id → companyIdNotFound',
    async run({ client }) {
      await client.visit();
      const joti = await client.post('/api/v1/order/form', { json: { company_id: ' TDX9960 ', product: 'joti' } });
      expect(joti.status).toBe(200);
      expect(joti.body).toEqual([
        {
          textField: {
            name: 'staffNumber',
            label: { 'de-DE': 'Personalnummer', 'en-US': 'Staff number' },
            minLength: 8,
            maxLength: 8,
            customValidation: {
              value: 'P-[0-9]{6}',
              errorHint: { 'de-DE': expect.stringContaining('P-123456'), 'en-US': expect.stringContaining('P-123456') },
            },
          },
        },
      ]);
      const seti = await client.post('/api/v1/order/form', { json: { company_id: 'UNI0001' } });
      expect((seti.body as Schemas['CompanyFormField'][])[0]?.textField.label['en-US']).toBe('Matriculation number');
      const deuti = await client.post('/api/v1/order/form', { json: { company_id: 'DEU4900' } });
      expect(deuti.body).toEqual([]);
      const unknown = await client.post('/api/v1/order/form', { json: { company_id: 'TDX0000' } });
      expect(unknown.status).toBe(404);
      expect(problemOf(unknown.body).code).toBe('companyIdNotFound');
    },
  },
  {
    name: 'quote: standard 63.00, full, partial and no subsidy; the university collects (customerPrice 0)',
    async run({ client }) {
      const [, next] = await startDates(client);
      const standard = await quote(client, 'DEU4900', next!);
      expect(standard).toMatchObject({ customerRealPrice: 63, totalPrice: 63, customerPrice: 63, employerPrice: 0 });
      expect(await quote(client, 'TDX9950', next!)).toMatchObject({ customerRealPrice: 0, customerPrice: 0, employerPrice: 63 });
      const partial = await quote(client, 'TDX9960', next!);
      expect(partial.customerRealPrice).toBeGreaterThan(0);
      expect(partial.customerRealPrice).toBeLessThan(partial.totalPrice);
      expect(await quote(client, 'TDX9951', next!)).toMatchObject({ customerRealPrice: 63, totalPrice: 63 });
      expect(await quote(client, 'UNI0001', next!)).toMatchObject({ customerPrice: 0, customerRealPrice: 37.8 });
      // The same company and month give the same quoteId; another month another.
      expect((await quote(client, 'DEU4900', next!)).quoteId).toBe(standard.quoteId);
      const [this_] = await startDates(client);
      expect((await quote(client, 'DEU4900', this_!)).quoteId).not.toBe(standard.quoteId);
      const unknown = await client.get(`/api/v1/quotation/quotes/NOPE?subscriptionStartsOn=${next}`);
      expect(unknown.status).toBe(404);
      expect(problemOf(unknown.body).code).toBe('companyIdNotFound');
      const midMonth = await client.get(`/api/v1/quotation/quotes/DEU4900?subscriptionStartsOn=${next!.slice(0, 8)}15`);
      expect(midMonth.status).toBe(400);
    },
  },
  {
    name: 'student check: names match, names differ, taken (409), unknown (404)',
    async run({ client }) {
      const free = await client.get('/api/v3/order/university/UNI0001/check-student-data?matriculationNumber=4711003&firstName=Lena&lastName=fischer');
      expect(free.status).toBe(200);
      expect(free.body).toEqual({ firstNameMatches: true, lastNameMatches: true });
      const other = await client.get('/api/v3/order/university/UNI0001/check-student-data?matriculationNumber=4711003&firstName=Lara&lastName=Fischer');
      expect(other.body).toEqual({ firstNameMatches: false, lastNameMatches: true });
      const taken = await client.get('/api/v3/order/university/UNI0001/check-student-data?matriculationNumber=4711001');
      expect(taken.status).toBe(409);
      expect(problemOf(taken.body).code).toBe('staffNumberTaken');
      const unknown = await client.get('/api/v3/order/university/UNI0001/check-student-data?matriculationNumber=9999999');
      expect(unknown.status).toBe(404);
      expect(problemOf(unknown.body).code).toBe('staffNumberUnknown');
    },
  },
  {
    name: 'submit: the order appears in the list as submitted, with the data for payment',
    async run(context) {
      const { client, email } = await newCustomer(context);
      const body = await orderBody(client, { traveler: { first_name: 'Jan', last_name: 'Beispiel', gender: 'Male', birthdate: '2014-02-02' } });
      const answer = await submit(client, body);
      expect(answer.status).toBe(201);
      const { order_number: orderNumber } = answer.body as Schemas['OrderSubmitResponse'];
      expect(orderNumber).toMatch(/^A-\d+$/);

      const order = await orderByNumber(client, orderNumber);
      expect(order).toMatchObject({
        order_status: 'submitted',
        order_items: [{ buy_on: body.subscription_starts_at }],
        terminated_at: null,
        traveler_first_name: 'Jan',
        traveler_last_name: 'Beispiel',
      });

      const forPayment = await client.get(`/api/v3/order/orders/${order.id}`);
      expect(forPayment.status).toBe(200);
      expect(forPayment.body).toMatchObject({
        orderId: order.id,
        orderNumber,
        productId: '9999',
        buyOn: body.subscription_starts_at,
        firstName: 'Clara',
        zipCode: '10115',
        travelerFirstName: 'Jan',
        travelerBirthdate: '2014-02-02',
      });
      const mails = await context.sandbox.outbox.list(email);
      expect(mails[0]).toMatchObject({ kind: 'order-confirmation', link: expect.stringContaining(orderNumber) });
      // Another customer does not see it.
      const stranger = await newCustomer(context);
      expect((await stranger.client.get(`/api/v3/order/orders/${order.id}`)).status).toBe(404);
    },
  },
  {
    name: 'order traveler and billing address changes are visible on the next read',
    async run(context) {
      const { client } = await newCustomer(context);
      const answer = await submit(client, await orderBody(client));
      const order = await orderByNumber(client, (answer.body as Schemas['OrderSubmitResponse']).order_number);

      const before = await client.get(`/api/v3/order/orders/${order.id}/traveler`);
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({ isTraveler: true, firstName: 'Clara', orderId: order.id, subscriptionId: null });

      const changed = await client.put(`/api/v3/order/orders/${order.id}/traveler`, {
        json: { isTraveler: false, firstName: 'Anna-Lena', lastName: 'Beispiel', gender: 'Female', birthdate: '2010-07-01' },
      });
      expect(changed.status).toBe(200);
      expect((await client.get(`/api/v3/order/orders/${order.id}/traveler`)).body).toMatchObject({ isTraveler: false, firstName: 'Anna-Lena' });
      expect((await orderByNumber(client, order.order_number)).traveler_first_name).toBe('Anna-Lena');

      const tooYoung = await client.put(`/api/v3/order/orders/${order.id}/traveler`, {
        json: { isTraveler: false, firstName: 'Baby', lastName: 'Beispiel', gender: 'Female', birthdate: new Date().toISOString().slice(0, 10) },
      });
      expect(tooYoung.status).toBe(400);
      expect(problemOf(tooYoung.body).errors).toEqual([{ field: 'birthdate', code: 'birthDateMax' }]);

      const moved = await client.put('/api/v3/order/orders/change-orderer', {
        json: {
          orderId: order.id,
          gender: 'Female',
          firstName: 'Clara',
          lastName: 'Beispiel',
          birthdate: '1990-05-17',
          zipCode: '1010',
          city: 'Wien',
          street: 'Stephansplatz',
          houseNumber: '1',
          country: 'AT',
        },
      });
      expect(moved.status).toBe(204);
      expect((await client.get(`/api/v3/order/orders/${order.id}`)).body).toMatchObject({ zipCode: '1010', city: 'Wien', country: 'AT' });

      const badZip = await client.put('/api/v3/order/orders/change-orderer', {
        json: {
          orderId: order.id,
          gender: 'Female',
          firstName: 'Clara',
          lastName: 'Beispiel',
          birthdate: '1990-05-17',
          zipCode: '00123',
          city: 'Berlin',
          street: 'Unter den Linden',
          houseNumber: '5',
          country: 'DE',
        },
      });
      expect(badZip.status).toBe(400);
      expect(problemOf(badZip.body).errors).toEqual([{ field: 'zipCode', code: 'countryFormat' }]);
    },
  },
  {
    name: 'seti: the billing names cannot change (billingNameChangeNotAllowed)',
    async run({ newClient }) {
      const client = newClient();
      await client.signInAs('seti@example.com');
      const refused = await client.put('/api/v3/order/orders/change-orderer', {
        json: {
          orderId: seededOrders.setiActive.id,
          gender: 'Female',
          firstName: 'Sophia',
          lastName: 'Wagner',
          birthdate: '2001-06-21',
          zipCode: '80802',
          city: 'München',
          street: 'Leopoldstraße',
          houseNumber: '42a',
          country: 'DE',
        },
      });
      expect(refused.status).toBe(400);
      expect(problemOf(refused.body).code).toBe('billingNameChangeNotAllowed');
      expect((await client.get(`/api/v3/order/orders/${seededOrders.setiActive.id}`)).body).toMatchObject({ firstName: 'Sophie' });
    },
  },
  {
    name: 'cancel an order before it is fulfilled: cancellable, then cancelled (shown as revoked), then 409',
    async run(context) {
      const { client } = await newCustomer(context);
      const answer = await submit(client, await orderBody(client));
      const order = await orderByNumber(client, (answer.body as Schemas['OrderSubmitResponse']).order_number);

      const check = await client.get(`/api/v3/order/orders/${order.id}/cancel`);
      expect(check.status).toBe(200);
      expect(check.body).toEqual({ order_id: order.id, order_number: order.order_number, is_cancellable: true, cancelled_at: null });

      const cancelled = await client.put(`/api/v1/order/orders/${order.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ is_cancellable: false, cancelled_at: expect.any(String) });
      expect((await orderByNumber(client, order.order_number)).order_status).toBe('canceled');
      expect((await client.get(`/api/v3/order/orders/${order.id}/cancel`)).body).toMatchObject({ is_cancellable: false });

      const again = await client.put(`/api/v1/order/orders/${order.id}/cancel`);
      expect(again.status).toBe(409);
      expect(problemOf(again.body).code).toBe('orderNotCancellable');
    },
  },
  {
    name: 'a fulfilled order cannot be cancelled as an order (409)',
    async run({ newClient }) {
      const client = newClient();
      await client.signInAs('deuti@example.com');
      const check = await client.get(`/api/v3/order/orders/${seededOrders.deutiActive.id}/cancel`);
      expect(check.body).toMatchObject({ is_cancellable: false });
      const refused = await client.put(`/api/v1/order/orders/${seededOrders.deutiActive.id}/cancel`);
      expect(refused.status).toBe(409);
    },
  },
  {
    name: 'payment success (order_status fulfilled) turns the order into a subscription with tickets',
    async run(context) {
      const { client } = await newCustomer(context);
      const { subscriptionId, subscriptionNumber } = await orderAndPay(context.sandbox, client);
      expect(subscriptionNumber).toMatch(/^S-A\d+$/);
      const subscription = await client.get(`/api/v2/subscription/subscriptions/${subscriptionId}`);
      expect(subscription.body).toMatchObject({ status: 'active', terminate_date: null });
      const tickets = (await client.get('/api/dashboard/v1/tickets')).body as Schemas['Ticket'][];
      expect(tickets.map((t) => t.subscriptionId)).toContain(subscriptionId);
    },
  },
  {
    name: 'joti with full subsidy: no payment, the order is fulfilled at once',
    async run(context) {
      const { client } = await newCustomer(context, 'joti');
      const answer = await submit(client, await orderBody(client, { product: 'joti', companyId: 'TDX9950', staffNumber: '123456', start: 0 }));
      expect(answer.status).toBe(201);
      const { order_number: orderNumber } = answer.body as Schemas['OrderSubmitResponse'];
      expect(orderNumber).toMatch(/^B-/);
      expect((await orderByNumber(client, orderNumber)).order_status).toBe('fulfilled');
      const tickets = (await client.get('/api/dashboard/v1/tickets')).body as Schemas['Ticket'][];
      expect(tickets[0]).toMatchObject({ product: 'joti', companyName: 'Stadtwerke Musterstadt', holder: { firstName: 'Clara' } });
    },
  },
  {
    name: 'seti with a free matriculation number: fulfilled, and the number is taken from then on',
    async run(context) {
      const { client } = await newCustomer(context, 'seti');
      const body = await orderBody(client, {
        product: 'seti',
        companyId: 'UNI0001',
        staffNumber: '4711002',
        billing: { first_name: 'Max', last_name: 'Schneider' },
      });
      const answer = await submit(client, body);
      expect(answer.status).toBe(201);
      expect((await orderByNumber(client, (answer.body as Schemas['OrderSubmitResponse']).order_number)).order_status).toBe('fulfilled');
      const check = await client.get('/api/v3/order/university/UNI0001/check-student-data?matriculationNumber=4711002');
      expect(check.status).toBe(409);
    },
  },
  {
    name: 'submit errors: bad zip, unknown company, staff rule, seti taken/unknown/names, traveler, start date, quote',
    async run(context) {
      const { client } = await newCustomer(context);
      const before = (await listOrders(client)).length;

      const badZip = await submit(client, await orderBody(client, { billing: { zip_code: '1234' } }));
      expect(badZip.status).toBe(400);
      expect(problemOf(badZip.body)).toMatchObject({ code: 'validationFailed', errors: [{ field: 'billing_address.zip_code', code: 'countryFormat' }] });

      const austrianZipInGermany = await submit(client, await orderBody(client, { billing: { zip_code: '1010', country: 'DE' } }));
      expect(problemOf(austrianZipInGermany.body).errors).toEqual([{ field: 'billing_address.zip_code', code: 'countryFormat' }]);

      const badPeople = await submit(client, {
        ...(await orderBody(client, { billing: { first_name: 'Cl4ra', birthdate: '1900-01-01' } })),
        traveler: { first_name: 'Clara', last_name: 'Beispiel', gender: 'Female', birthdate: '2024-01-01' },
      });
      expect(problemOf(badPeople.body).errors).toEqual([
        { field: 'billing_address.first_name', code: 'textFormatName' },
        { field: 'billing_address.birthdate', code: 'birthDateMin' },
        { field: 'traveler.birthdate', code: 'birthDateMax' },
      ]);

      const unknownCompany = await submit(
        client,
        await orderBody(client, { product: 'joti', companyId: 'TDX9960', staffNumber: 'P-123456' }).then((b) => ({
          ...b,
          company_user_info: { company_id: 'TDX0000', staff_number: 'P-123456' },
        })),
      );
      expect(unknownCompany.status).toBe(400);
      expect(problemOf(unknownCompany.body)).toMatchObject({
        code: 'companyIdNotFound',
        errors: [{ field: 'company_user_info.company_id', code: 'companyIdNotFound' }],
      });

      const staffRule = await submit(client, await orderBody(client, { product: 'joti', companyId: 'TDX9960', staffNumber: '123456' }));
      expect(problemOf(staffRule.body).errors).toEqual([{ field: 'company_user_info.staff_number', code: 'minLimit.staffNumber' }]);
      const staffPattern = await submit(client, await orderBody(client, { product: 'joti', companyId: 'TDX9960', staffNumber: 'X-123456' }));
      expect(problemOf(staffPattern.body).errors).toEqual([{ field: 'company_user_info.staff_number', code: 'customValidation' }]);

      const otherTraveler = await submit(
        client,
        await orderBody(client, {
          product: 'joti',
          companyId: 'TDX9960',
          staffNumber: 'P-123456',
          traveler: { first_name: 'Jan', last_name: 'Beispiel', gender: 'Male', birthdate: '2014-02-02' },
        }),
      );
      expect(problemOf(otherTraveler.body).errors).toEqual([{ field: 'traveler', code: 'travelerMustBeSubscriber' }]);

      const taken = await submit(
        client,
        await orderBody(client, { product: 'seti', companyId: 'UNI0001', staffNumber: '4711001', billing: { first_name: 'Sophie', last_name: 'Wagner' } }),
      );
      expect(taken.status).toBe(409);
      expect(problemOf(taken.body).code).toBe('staffNumberTaken');

      const unknownStudent = await submit(client, await orderBody(client, { product: 'seti', companyId: 'UNI0001', staffNumber: '4711999' }));
      expect(unknownStudent.status).toBe(400);
      expect(problemOf(unknownStudent.body).code).toBe('staffNumberUnknown');

      const otherName = await submit(
        client,
        await orderBody(client, { product: 'seti', companyId: 'UNI0001', staffNumber: '4711004', billing: { first_name: 'Paula', last_name: 'Weber' } }),
      );
      expect(problemOf(otherName.body).errors).toEqual([{ field: 'billing_address.first_name', code: 'nonMatchingStudentFirstName' }]);

      const pastStart = await submit(client, { ...(await orderBody(client)), subscription_starts_at: '2020-01-01' });
      expect(problemOf(pastStart.body).errors).toEqual([{ field: 'subscription_starts_at', code: 'invalidStartDate' }]);

      const body = await orderBody(client);
      const staleQuote = await submit(client, { ...body, quoteId: (await quote(client, 'TDX9960', body.subscription_starts_at)).quoteId });
      expect(staleQuote.status).toBe(400);
      expect(problemOf(staleQuote.body).code).toBe('quoteMismatch');

      // None of them created an order.
      expect((await listOrders(client)).length).toBe(before);
    },
  },
];

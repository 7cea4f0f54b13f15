import type { components } from '#openapi/schema.gen';
import type { Sandbox } from '#sandbox/app';
import { all, one, run } from '#sandbox/db/database';
import { seededOrders } from '#sandbox/seed/ids';
import { seededInstruments, seededPaymentInformation, seedPayments } from '#sandbox/seed/payments';
import { randomToken } from '#sandbox/security';
import { paymentDueDate } from '#src/domain/payment-methods';
import { lockedInstrumentReason } from '#sandbox/seed/payments';
import { createTestCustomer } from '#sandbox/seed/test-customers';
import type { Scenario, TestClient } from '../harness';

type Schemas = components['schemas'];

/**
 * Contract scenarios of the "payment" area: each calls operations as the portal would and asserts the
 * effect. They work on their own customer (payment-tester@example.com) and orders they create, and
 * read the seeded world (sandbox/seed/payments.ts) without changing it.
 */

// ---------------------------------------------------------------- fixtures (shared with payment-page.test.ts)

export const blacklistedIban = 'DE89370400440532013000';
export const goodIban = 'DE02120300000000202051';

const seededUserOf: Record<string, string> = { deuti: 'user-deuti', joti: 'user-joti', seti: 'user-seti', undeletable: 'user-undeletable' };

/**
 * The rows this area needs from other seeds, until those seeds have them: the blacklisted IBAN and
 * insurers (seedCatalog), the seeded orders (seedOrders, minimal rows). Then the payment seed runs
 * again (it skips what exists), so the seeded instruments and payments are there.
 */
export async function ensurePaymentWorld(sandbox: Sandbox): Promise<void> {
  const { db } = sandbox;
  await run(db, 'INSERT OR IGNORE INTO blacklisted_ibans (iban) VALUES (?)', [blacklistedIban]);
  await run(
    db,
    "INSERT OR IGNORE INTO insurers (zip_prefix, country, company_name, address_and_web) VALUES ('10', 'DE', 'Berliner Verkehrsbetriebe', 'Holzmarktstraße 15-17, 10179 Berlin, www.bvg.de')",
  );
  // Test-only rows in a shape no seed uses, to check the longest-prefix match.
  await run(
    db,
    "INSERT OR IGNORE INTO insurers (zip_prefix, country, company_name, address_and_web) VALUES ('Z1', 'LU', 'Test insurer Z1', 'Z1 street, test.invalid')",
  );
  await run(
    db,
    "INSERT OR IGNORE INTO insurers (zip_prefix, country, company_name, address_and_web) VALUES ('Z12', 'LU', 'Test insurer Z12', 'Z12 street, test.invalid')",
  );
  for (const [key, order] of Object.entries(seededOrders)) {
    if (await one(db, 'SELECT id FROM orders WHERE id = ?', [order.id])) continue;
    const product = key.startsWith('joti') ? 'joti' : key.startsWith('seti') ? 'seti' : 'deuti';
    const userId = key.startsWith('undeletable') ? 'user-undeletable' : (seededUserOf[product] ?? 'user-deuti');
    await insertOrder(sandbox, { userId, id: order.id, number: order.number, status: 'fulfilled', product });
  }
  await seedPayments(db, { deuti: 'user-deuti', joti: 'user-joti', seti: 'user-seti', undeletable: 'user-undeletable' });
}

/** A customer of this area's own, so its scenarios change nobody else's data. */
export async function ensureTester(sandbox: Sandbox, email = 'payment-tester@example.com'): Promise<string> {
  const existing = await one<{ id: string }>(sandbox.db, 'SELECT id FROM users WHERE email = ?', [email]);
  if (existing) return existing.id;
  const id = `user-${randomToken(6)}`;
  await run(
    sandbox.db,
    `INSERT INTO users (id, email, password_hash, email_verified, product, company_id, first_name, last_name, has_agreed_to_privacy_policy, created_at)
     VALUES (?, ?, 'scrypt$not$used', 1, 'deuti', 'DEU4900', 'Paula', 'Probe', 1, ?)`,
    [id, email, new Date().toISOString()],
  );
  return id;
}

export const billing = {
  gender: 'Female',
  first_name: 'Paula',
  last_name: 'Probe',
  street: 'Teststraße',
  house_number: '7a',
  city: 'Berlin',
  zip_code: '10115',
  birthdate: '1985-03-14',
  country: 'DE',
} as const;

export interface TestOrder {
  id: string;
  number: string;
  startsAt: string;
  price: number;
}

function firstOfNextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** A minimal order row (what submitOrder would have stored). */
export async function insertOrder(
  sandbox: Sandbox,
  options: { userId: string; id?: string; number?: string; status?: string; product?: string; price?: number; traveler?: Record<string, string> },
): Promise<TestOrder> {
  const id = options.id ?? `order-pay-${randomToken(6)}`;
  const number = options.number ?? `P-${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const startsAt = firstOfNextMonth();
  const price = options.price ?? 49;
  const traveler = options.traveler ?? { birthdate: billing.birthdate, first_name: billing.first_name, last_name: billing.last_name, gender: billing.gender };
  await run(
    sandbox.db,
    `INSERT INTO orders (id, order_number, user_id, product, company_id, order_status, buy_on, subscription_starts_at, billing_address, traveler,
       customer_price, total_price, created_at)
     VALUES (?, ?, ?, ?, 'DEU4900', ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      number,
      options.userId,
      options.product ?? 'deuti',
      options.status ?? 'submitted',
      startsAt,
      startsAt,
      JSON.stringify(billing),
      JSON.stringify(traveler),
      price,
      price,
      new Date().toISOString(),
    ],
  );
  return { id, number, startsAt, price };
}

/** The upsert payload the portal builds from an order (SPEC.md 3). */
export function upsertPayload(
  order: TestOrder,
  options: { edit?: boolean; traveler?: Partial<Schemas['PaymentUpsertRequest']> } = {},
): Schemas['PaymentUpsertRequest'] {
  return {
    gender: 'Female',
    firstName: billing.first_name,
    lastName: billing.last_name,
    birthdate: billing.birthdate,
    street: billing.street,
    houseNumber: billing.house_number,
    zipCode: billing.zip_code,
    city: billing.city,
    country: 'DE',
    productId: '9999',
    travelerFirstName: billing.first_name,
    travelerLastName: billing.last_name,
    travelerGender: 'Female',
    travelerBirthdate: billing.birthdate,
    orderId: order.id,
    buyOn: order.startsAt,
    ...(options.edit ? {} : { orderNumber: order.number }),
    productText: 'Deutschlandticket',
    userMail: 'payment-tester@example.com',
    ...options.traveler,
  };
}

/** Opens the hosted page of an upsert answer: its path and the form token. */
export async function openHostedPage(
  client: TestClient,
  redirectUrl: string,
  lang?: string,
): Promise<{ path: string; token: string; html: string; status: number; headers: Headers }> {
  const path = new URL(redirectUrl).pathname;
  const page = await client.get(lang ? `${path}?lang=${lang}` : path, { unchecked: true, headers: { Accept: 'text/html' } });
  const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  return { path, token, html: page.text, status: page.status, headers: page.headers };
}

export const sepaForm = { method: 'BANKACCOUNT', accountHolder: 'Paula Probe', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001', sepaMandate: 'true' };
export const cardForm = { method: 'CREDITCARD', cardHolder: 'Paula Probe', cardNumber: '4242 4242 4242 4242', cardValidity: '12/39' };

function queryOf(location: string | null): URLSearchParams {
  return new URL(location ?? 'http://invalid/').searchParams;
}

/**
 * A final outcome of the hosted page (decision 9): not a redirect of the frame but the leaving page
 * (200), whose link (target="_top") and one hashed script send the portal's window to the return URL.
 */
export function leavingOf(answer: { status: number; text: string; headers: Headers }): { returnUrl: string; outcome: string } {
  expect(answer.status).toBe(200);
  expect(answer.headers.get('Location')).toBeNull();
  const link = /<a id="portal-return" href="([^"]+)" target="_top" data-outcome="([^"]+)">/.exec(answer.text);
  expect(link, 'the leaving page links to the portal').not.toBeNull();
  return { returnUrl: (link?.[1] ?? '').replaceAll('&amp;', '&'), outcome: link?.[2] ?? '' };
}

const today = () => new Date().toISOString().slice(0, 10);

// ---------------------------------------------------------------- scenarios

export const paymentScenarios: Scenario[] = [
  {
    name: 'payment information: a good one is saved and shown on the next GET; the seeded one is shown',
    run: async ({ sandbox, client, newClient }) => {
      await ensureTester(sandbox);
      await client.signInAs('payment-tester@example.com');
      await run(sandbox.db, "DELETE FROM payment_information WHERE user_id = (SELECT id FROM users WHERE email = 'payment-tester@example.com')");
      expect((await client.get('/api/v2/payment/paymentinformation')).status).toBe(404);

      const saved = await client.put('/api/v2/payment/paymentinformation', {
        json: { account_name: ' Paula Probe ', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', has_agreed_to_sepa: true },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ is_valid: true, iban_validation_result: 'Valid' });
      const shown = await client.get('/api/v2/payment/paymentinformation');
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({ account_name: 'Paula Probe', iban: goodIban, bic: 'BYLADEM1001', has_agreed_to_sepa: true });

      const deuti = newClient();
      await deuti.signInAs('deuti@example.com');
      expect((await deuti.get('/api/v2/payment/paymentinformation')).body).toEqual(seededPaymentInformation.deuti);
    },
  },
  {
    name: 'payment information: a blacklisted IBAN answers Blacklist, an invalid one another result; neither is saved',
    run: async ({ sandbox, client }) => {
      await ensurePaymentWorld(sandbox);
      await ensureTester(sandbox);
      await client.signInAs('payment-tester@example.com');
      const good = { account_name: 'Paula Probe', iban: goodIban, bic: 'BYLADEM1001', has_agreed_to_sepa: true };
      expect((await client.put('/api/v2/payment/paymentinformation', { json: good })).status).toBe(200);

      const blacklisted = await client.put('/api/v2/payment/paymentinformation', { json: { ...good, iban: blacklistedIban } });
      expect(blacklisted.status).toBe(200);
      expect(blacklisted.body).toEqual({ is_valid: false, iban_validation_result: 'Blacklist' });

      const checksum = await client.put('/api/v2/payment/paymentinformation', { json: { ...good, iban: 'DE02120300000000202052' } });
      expect(checksum.body).toEqual({ is_valid: false, iban_validation_result: 'InvalidChecksum' });
      const length = await client.put('/api/v2/payment/paymentinformation', { json: { ...good, iban: 'DE0212030000000020205' } });
      expect(length.body).toEqual({ is_valid: false, iban_validation_result: 'InvalidLength' });

      // Field rules: Latin text (the server's own check), country and mandate (the contract's).
      const cyrillic = await client.put('/api/v2/payment/paymentinformation', { json: { ...good, account_name: 'Паула Проба' } });
      expect(cyrillic.status).toBe(400);
      expect(cyrillic.body).toMatchObject({ code: 'validationFailed', errors: [{ field: 'account_name', code: 'textFormatAccountHolder' }] });
      expect((await client.put('/api/v2/payment/paymentinformation', { json: { ...good, iban: 'GB29NWBK60161331926819' } })).status).toBe(400);
      expect((await client.put('/api/v2/payment/paymentinformation', { json: { ...good, has_agreed_to_sepa: false } })).status).toBe(400);

      expect((await client.get('/api/v2/payment/paymentinformation')).body).toEqual(good);
    },
  },
  {
    name: 'payment instruments: each seeded order shows the instrument sandbox/seed/ids.ts describes; none or foreign is 404',
    run: async ({ sandbox, newClient }) => {
      await ensurePaymentWorld(sandbox);
      const clients = new Map<string, TestClient>();
      for (const [key, order] of Object.entries(seededOrders)) {
        const owner = await one<{ email: string }>(sandbox.db, 'SELECT u.email FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = ?', [order.id]);
        if (!owner) throw new Error(`seeded order ${order.id} is missing`);
        let client = clients.get(owner.email);
        if (!client) {
          client = newClient();
          await client.signInAs(owner.email);
          clients.set(owner.email, client);
        }
        const answer = await client.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${order.id}`);
        const expected = seededInstruments[key as keyof typeof seededOrders];
        if (expected) {
          expect(answer.status, key).toBe(200);
          expect(answer.body, key).toEqual(expected);
        } else {
          expect(answer.status, key).toBe(404);
        }
      }
      expect(seededInstruments.deutiActive).toMatchObject({ paymentInstrumentType: 'BANKACCOUNT', instrumentStatus: 'Ok', iban: 'DE02 **** **** **** 2051' });
      expect(seededInstruments.setiActive?.paymentInstrumentType).toBe('TDX_Instrument');

      const stranger = newClient();
      await stranger.signInAs('joti@example.com');
      expect((await stranger.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${seededOrders.deutiActive.id}`)).status).toBe(404);
    },
  },
  {
    name: 'upsert: answers the hosted page on the portal origin; another traveler allows card only; a TDX instrument cannot be edited',
    run: async ({ sandbox, client, newClient }) => {
      await ensurePaymentWorld(sandbox);
      const userId = await ensureTester(sandbox);
      await client.signInAs('payment-tester@example.com');
      const order = await insertOrder(sandbox, { userId });

      const upsert = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(order) });
      expect(upsert.status).toBe(200);
      const { redirectUrl } = upsert.body as Schemas['PaymentUpsertResponse'];
      expect(new URL(redirectUrl).origin).toBe(sandbox.config.portalOrigin);
      expect(new URL(redirectUrl).pathname).toMatch(/^\/sandbox\/pay\/[\w-]{20,}$/);
      const page = await openHostedPage(client, redirectUrl);
      expect(page.status).toBe(200);
      expect(page.html).toContain('name="method" value="BANKACCOUNT"');
      expect(page.html).toContain('name="method" value="CREDITCARD"');

      const forOther = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', {
        json: upsertPayload(order, { traveler: { travelerFirstName: 'Tim', travelerBirthdate: '2012-05-01' } }),
      });
      const cardOnly = await openHostedPage(client, (forOther.body as Schemas['PaymentUpsertResponse']).redirectUrl);
      expect(cardOnly.html).not.toContain('name="method" value="BANKACCOUNT"');
      expect(cardOnly.html).toContain('name="method" value="CREDITCARD"');
      const refused = await client.post(cardOnly.path, { form: { token: cardOnly.token, ...sepaForm }, unchecked: true });
      expect(refused.status).toBe(400);

      // Someone else's order, a wrong order number.
      const foreign = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', {
        json: { ...upsertPayload(order), orderId: seededOrders.deutiActive.id, orderNumber: seededOrders.deutiActive.number },
      });
      expect(foreign.status).toBe(404);
      const mismatch = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: { ...upsertPayload(order), orderNumber: 'X-1' } });
      expect(mismatch.status).toBe(400);

      const seti = newClient();
      await seti.signInAs('seti@example.com');
      const setiOrder = { id: seededOrders.setiActive.id, number: seededOrders.setiActive.number, startsAt: order.startsAt, price: 0 };
      const tdx = await seti.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(setiOrder, { edit: true }) });
      expect(tdx.status).toBe(400);
      expect(tdx.body).toMatchObject({ code: 'instrumentNotEditable' });
    },
  },
  {
    name: 'a locked instrument (decision 32): read with its lock and reason, or without a reason; its edit is refused with 409 instrumentLocked',
    run: async ({ sandbox, client }) => {
      const customer = await createTestCustomer(sandbox.db, { lockedInstruments: true });
      await client.signInAs(customer.email);
      const instrumentPath = (orderId: string) => `/api/v2/payment/paymentprovider/user-payment-instruments/${orderId}`;
      const withReason = await client.get(instrumentPath(customer.orders.active.id));
      expect(withReason.body).toMatchObject({ paymentInstrumentType: 'BANKACCOUNT', locked: true, lockedReason: lockedInstrumentReason });
      const withoutReason = await client.get(instrumentPath(customer.orders.withdrawable.id));
      expect(withoutReason.body).toMatchObject({ paymentInstrumentType: 'CREDITCARD', locked: true });
      expect(withoutReason.body).not.toHaveProperty('lockedReason');

      const order = { id: customer.orders.active.id, number: customer.orders.active.number, startsAt: '2026-01-01', price: 0 };
      const edit = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(order, { edit: true }) });
      expect(edit.status).toBe(409);
      expect(edit.body).toMatchObject({ code: 'instrumentLocked' });

      // An unlocked customer's instrument has no lock and can be edited.
      const other = await createTestCustomer(sandbox.db);
      await client.signInAs(other.email);
      const open = await client.get(instrumentPath(other.orders.active.id));
      expect(open.body).not.toHaveProperty('locked');
      const otherOrder = { ...order, id: other.orders.active.id, number: other.orders.active.number };
      expect((await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(otherOrder, { edit: true }) })).status).toBe(
        200,
      );
    },
  },
  {
    name: 'full loop: upsert, pay by direct debit on the hosted page, confirm: the instrument is shown and the order is a running subscription',
    run: async ({ sandbox, client }) => {
      await ensurePaymentWorld(sandbox);
      const userId = await ensureTester(sandbox);
      await client.signInAs('payment-tester@example.com');
      const order = await insertOrder(sandbox, { userId, price: 49 });
      expect((await client.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${order.id}`)).status).toBe(404);

      const upsert = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(order) });
      const page = await openHostedPage(client, (upsert.body as Schemas['PaymentUpsertResponse']).redirectUrl);
      expect(page.html).toContain(order.number);
      expect(page.html).toContain('49,00');

      const paid = await client.post(page.path, { form: { token: page.token, ...sepaForm }, unchecked: true });
      const location = leavingOf(paid).returnUrl;
      expect(location.startsWith(`${sandbox.config.portalOrigin}/app/payment/${order.number}?`)).toBe(true);
      const result = queryOf(location);
      expect(result.get('orderId')).toBe(order.id);
      expect(result.get('paymentMethod')).toBe('BANKACCOUNT');
      const transactionId = result.get('transactionId') ?? '';
      const paymentInstrumentId = result.get('paymentInstrumentId') ?? '';
      expect(transactionId).not.toBe('');
      expect(paymentInstrumentId).not.toBe('');
      // Paid at the provider, not yet confirmed by the portal: the order still has no instrument.
      expect((await client.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${order.id}`)).status).toBe(404);

      const success = { ...upsertPayload(order), transactionId, paymentMethod: 'BANKACCOUNT', paymentInstrumentId };
      const wrong = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments/success', {
        json: { ...success, paymentInstrumentId: 'pi-forged' },
      });
      expect(wrong.status).toBe(404);
      const confirmed = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments/success', { json: success });
      expect(confirmed.status).toBe(200);
      const instrument = {
        paymentInstrumentType: 'BANKACCOUNT',
        accountHolder: 'Paula Probe',
        iban: 'DE02 **** **** **** 2051',
        bic: 'BYLADEM1001',
        instrumentStatus: 'Ok',
      };
      expect(confirmed.body).toEqual(instrument);
      expect((await client.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${order.id}`)).body).toEqual(instrument);

      const row = await one<{ order_status: string }>(sandbox.db, 'SELECT order_status FROM orders WHERE id = ?', [order.id]);
      expect(row?.order_status).toBe('fulfilled');
      const subscriptions = await all<{ id: string; status: string }>(sandbox.db, 'SELECT id, status FROM subscriptions WHERE order_id = ?', [order.id]);
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]?.status).toBe('active');
      const tickets = await all<{ valid_from: string }>(sandbox.db, 'SELECT valid_from FROM tickets WHERE subscription_id = ?', [subscriptions[0]?.id ?? '']);
      expect(tickets.map((ticket) => ticket.valid_from)).toEqual([order.startsAt]);

      const payments = (await client.get('/api/payment/v2/payments')).body as Schemas['Payment'][];
      expect(payments.filter((payment) => payment.orderNumber === order.number)).toEqual([
        expect.objectContaining({
          amount: 49,
          currency: 'EUR',
          status: 'open',
          paymentInstrumentType: 'BANKACCOUNT',
          dueDate: paymentDueDate(order.startsAt, today()),
        }),
      ]);

      // The portal may call again (a reload): same answer, nothing doubles.
      expect((await client.post('/api/v2/payment/paymentprovider/user-payment-instruments/success', { json: success })).body).toEqual(instrument);
      expect(await all(sandbox.db, 'SELECT id FROM subscriptions WHERE order_id = ?', [order.id])).toHaveLength(1);
      expect(await all(sandbox.db, 'SELECT id FROM payments WHERE order_id = ?', [order.id])).toHaveLength(1);
      // The page of a paid session no longer takes payments.
      expect((await client.post(page.path, { form: { token: page.token, ...sepaForm }, unchecked: true })).status).toBe(409);
    },
  },
  {
    name: 'edit loop: without orderNumber, pay by card: back to the edit page, the new card replaces the instrument, the order stays as it is',
    run: async ({ sandbox, client }) => {
      const userId = await ensureTester(sandbox);
      await client.signInAs('payment-tester@example.com');
      const order = await insertOrder(sandbox, { userId, status: 'fulfilled' });
      await run(
        sandbox.db,
        "INSERT INTO payment_instruments (id, user_id, order_id, type, account_holder, iban, bic, status, created_at) VALUES (?, ?, ?, 'BANKACCOUNT', 'Paula Probe', 'DE02 **** **** **** 2051', 'BYLADEM1001', 'PaymentFailed', ?)",
        [`pi-${randomToken(6)}`, userId, order.id, new Date(Date.now() - 60_000).toISOString()],
      );
      expect((await client.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${order.id}`)).body).toMatchObject({
        instrumentStatus: 'PaymentFailed',
      });

      const upsert = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(order, { edit: true }) });
      expect(upsert.status).toBe(200);
      const page = await openHostedPage(client, (upsert.body as Schemas['PaymentUpsertResponse']).redirectUrl, 'en-US');
      const paid = await client.post(`${page.path}?lang=en-US`, { form: { token: page.token, ...cardForm }, unchecked: true });
      const location = leavingOf(paid).returnUrl;
      expect(location.startsWith(`${sandbox.config.portalOrigin}/app/payment/edit/${order.number}?`)).toBe(true);
      const result = queryOf(location);
      expect([result.get('orderId'), result.get('orderNumber'), result.get('paymentMethod')]).toEqual([order.id, order.number, 'CREDITCARD']);

      const confirmed = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments/success', {
        json: {
          ...upsertPayload(order, { edit: true }),
          transactionId: result.get('transactionId') ?? '',
          paymentMethod: 'CREDITCARD',
          paymentInstrumentId: result.get('paymentInstrumentId') ?? '',
        },
      });
      expect(confirmed.status).toBe(200);
      const card = {
        paymentInstrumentType: 'CREDITCARD',
        accountHolder: 'Paula Probe',
        issuer: 'VISA',
        number: '**** **** **** 4242',
        validity: '12/39',
        instrumentStatus: 'Ok',
      };
      expect(confirmed.body).toEqual(card);
      expect((await client.get(`/api/v2/payment/paymentprovider/user-payment-instruments/${order.id}`)).body).toEqual(card);
      expect(await all(sandbox.db, 'SELECT id FROM subscriptions WHERE order_id = ?', [order.id])).toHaveLength(0);
      expect(await all(sandbox.db, 'SELECT id FROM payments WHERE order_id = ?', [order.id])).toHaveLength(0);
    },
  },
  {
    name: 'failures: a declined payment returns to the failure page without shop error; a provider error makes the success call fail with 500',
    run: async ({ sandbox, client }) => {
      const userId = await ensureTester(sandbox);
      await client.signInAs('payment-tester@example.com');
      const order = await insertOrder(sandbox, { userId });

      const first = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(order) });
      const page = await openHostedPage(client, (first.body as Schemas['PaymentUpsertResponse']).redirectUrl);
      const declined = await client.post(page.path, { form: { token: page.token, method: 'simulate', outcome: 'declined' }, unchecked: true });
      expect(leavingOf(declined).returnUrl).toBe(`${sandbox.config.portalOrigin}/app/payment/failure?orderNumber=${order.number}&hasShopError=false`);

      const second = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(order) });
      const retry = await openHostedPage(client, (second.body as Schemas['PaymentUpsertResponse']).redirectUrl);
      const providerError = await client.post(retry.path, { form: { token: retry.token, method: 'simulate', outcome: 'provider-error' }, unchecked: true });
      const result = queryOf(leavingOf(providerError).returnUrl);
      const failed = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments/success', {
        json: {
          ...upsertPayload(order),
          transactionId: result.get('transactionId') ?? '',
          paymentMethod: result.get('paymentMethod') ?? '',
          paymentInstrumentId: '',
        },
      });
      expect(failed.status).toBe(500);
      expect(failed.body).toMatchObject({ code: 'paymentProviderError' });

      const unknown = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments/success', {
        json: { ...upsertPayload(order), transactionId: 'tx-unknown', paymentMethod: 'CREDITCARD', paymentInstrumentId: 'pi-unknown' },
      });
      expect(unknown.status).toBe(404);
      const row = await one<{ order_status: string }>(sandbox.db, 'SELECT order_status FROM orders WHERE id = ?', [order.id]);
      expect(row?.order_status).toBe('submitted');
    },
  },
  {
    name: 'account, payments, company user info and insurer lookup',
    run: async ({ sandbox, client, newClient }) => {
      await ensurePaymentWorld(sandbox);
      const deuti = newClient();
      await deuti.signInAs('deuti@example.com');
      const account = await deuti.get('/api/v2/payment/account/');
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({ userMail: 'deuti@example.com', customerNumber: expect.stringMatching(/^K\d{8}$/) });

      const userId = await ensureTester(sandbox, 'payment-newcomer@example.com');
      await client.signInAs('payment-newcomer@example.com');
      expect((await client.get('/api/v2/payment/account/')).body).toMatchObject({ userMail: 'payment-newcomer@example.com', contact: null });
      expect((await client.get('/api/payment/v2/payments')).body).toEqual([]);
      await insertOrder(sandbox, { userId });
      expect((await client.get('/api/v2/payment/account/')).body).toMatchObject({
        contact: {
          gender: 'Female',
          firstName: 'Paula',
          lastName: 'Probe',
          birthdate: '1985-03-14',
          street: 'Teststraße',
          houseNumber: '7a',
          zipCode: '10115',
          city: 'Berlin',
          country: 'DE',
        },
      });

      const payments = (await deuti.get('/api/payment/v2/payments')).body as Schemas['Payment'][];
      expect(payments.length).toBeGreaterThanOrEqual(3);
      expect(payments.map((payment) => payment.dueDate)).toEqual([...payments.map((payment) => payment.dueDate)].sort().reverse());
      expect(payments.filter((payment) => payment.orderNumber === seededOrders.deutiActive.number).map((payment) => payment.status)).toEqual([
        'open',
        'paid',
        'paid',
      ]);
      for (const payment of payments) expect(payment.dueDate.slice(8)).toBe('05');

      const joti = newClient();
      await joti.signInAs('joti@example.com');
      expect((await joti.get('/api/v2/payment/company-user-info')).body).toEqual({ company_id: 'TDX9960', staff_number: 'P-100234' });
      expect((await deuti.get('/api/v2/payment/company-user-info')).status).toBe(404);

      const anonymous = newClient();
      const berlin = await anonymous.get('/api/v2/payment/transportation-company?zipCode=10115');
      expect(berlin.status).toBe(200);
      expect(berlin.body).toMatchObject({ company_name: expect.any(String), address_and_web: expect.any(String) });
      expect((await anonymous.get('/api/v2/payment/transportation-company?zipCode=Z123&country=LU')).body).toEqual({
        company_name: 'Test insurer Z12',
        address_and_web: 'Z12 street, test.invalid',
      });
      expect((await anonymous.get('/api/v2/payment/transportation-company?zipCode=Z199&country=LU')).body).toMatchObject({ company_name: 'Test insurer Z1' });
      expect((await anonymous.get('/api/v2/payment/transportation-company?zipCode=Z999&country=LU')).status).toBe(404);
    },
  },
];

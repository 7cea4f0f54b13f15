// @vitest-environment node
import { clientKeysOf, recordFailure, refusedFor, terminationAttemptLimit } from '#sandbox/attempt-limit';
import { one } from '#sandbox/db/database';
import { seededOrders } from '#sandbox/seed/ids';
import { createTestCustomer, type TestCustomer } from '#sandbox/seed/test-customers';
import { createTestSandbox, type TestClient } from './harness';

/**
 * The anonymous termination (§ 312k BGB, issue 10 item 6, decision 22): identified without signing
 * in, a subscription is ended; the answers tell nobody which numbers or people exist; guessing is
 * limited; the confirmation is mailed. Each test on a fresh in-process sandbox.
 */

const datesPath = '/api/v2/subscription/terminations/dates';
const terminatePath = '/api/v2/subscription/terminations';

async function setup() {
  const context = await createTestSandbox();
  const customer = await createTestCustomer(context.sandbox.db);
  const visitor = async () => {
    const client = context.newClient();
    await client.get('/api/v2/subscription/terminations/policy');
    return client;
  };
  return { ...context, customer, visitor };
}

const identityOf = (customer: TestCustomer) => ({
  number: customer.orders.active.number,
  firstName: customer.firstName,
  lastName: customer.lastName,
  birthdate: customer.birthdate,
});

async function timed(client: TestClient, path: string, json: unknown) {
  const started = performance.now();
  const answer = await client.post(path, { json });
  return { ...answer, ms: performance.now() - started };
}

describe('anonymous termination: no account or contract enumeration', () => {
  it('a wrong number, a wrong birthdate, a wrong first or last name and an order without a subscription get the same answer', async () => {
    const { customer, visitor } = await setup();
    const identity = identityOf(customer);
    for (const path of [datesPath, terminatePath]) {
      const extra = path === terminatePath ? { email: 'someone@example.com' } : {};
      const answers = [];
      for (const wrong of [
        { number: 'A-999999' },
        { birthdate: '1980-05-18' },
        { firstName: 'Tess' },
        { lastName: 'Propst' },
        { number: customer.orders.pending.number },
      ]) {
        // A fresh browser each, so the attempt limit does not stand in the way.
        answers.push(await timed(await visitor(), path, { ...identity, ...extra, ...wrong }));
      }
      const [first, ...others] = answers;
      expect(first!.status).toBe(404);
      expect(first!.body).toEqual({
        type: 'https://sandbox.invalid/problems/contractNotFound',
        title: 'We could not find a contract with these details',
        status: 404,
        code: 'contractNotFound',
      });
      for (const other of others) {
        expect(other.status).toBe(first!.status);
        expect(other.text).toBe(first!.text);
        expect([...other.headers.keys()].filter((name) => name !== 'set-cookie').sort()).toEqual(
          [...first!.headers.keys()].filter((name) => name !== 'set-cookie').sort(),
        );
      }
    }
  });

  it('the details are compared as a person writes them: case, spaces and the order or subscription number do not matter', async () => {
    const { customer, visitor } = await setup();
    const answer = await (
      await visitor()
    ).post(datesPath, {
      json: {
        number: ` ${customer.orders.active.subscriptionNumber!.toLowerCase()} `,
        firstName: ' TESSA ',
        lastName: 'probst',
        birthdate: customer.birthdate,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ subscriptionNumber: customer.orders.active.subscriptionNumber, orderNumber: customer.orders.active.number });
  });
});

describe('anonymous termination: the attempt limit', () => {
  it('after 5 failed identifications a browser gets 429 with Retry-After, even with the right details; another browser is not affected', async () => {
    const { customer, visitor } = await setup();
    const guesser = await visitor();
    const identity = identityOf(customer);
    for (let attempt = 1; attempt <= terminationAttemptLimit.perBrowser; attempt += 1) {
      expect((await guesser.post(datesPath, { json: { ...identity, birthdate: `1980-05-${String(attempt).padStart(2, '0')}` } })).status).toBe(404);
    }
    const refused = await guesser.post(datesPath, { json: identity });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'tooManyAttempts' });
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await guesser.post(terminatePath, { json: { ...identity, email: customer.email } })).status).toBe(429);

    expect((await (await visitor()).post(datesPath, { json: identity })).status).toBe(200);
  });

  it('counts per address too (a higher limit, for browsers that drop their cookie), and forgets failures after 15 minutes', async () => {
    const { sandbox } = await createTestSandbox();
    const address = [{ key: 'address-key', limit: terminationAttemptLimit.perAddress, windowSeconds: terminationAttemptLimit.windowSeconds }];
    const start = Date.parse('2030-01-01T10:00:00Z');
    for (let index = 0; index < terminationAttemptLimit.perAddress - 1; index += 1) await recordFailure(sandbox.db, address, start + index);
    expect(await refusedFor(sandbox.db, address, start + 60_000)).toBeUndefined();
    await recordFailure(sandbox.db, address, start + 60_000);
    expect(await refusedFor(sandbox.db, address, start + 60_000)).toBe(14 * 60);
    expect(await refusedFor(sandbox.db, address, start + 15 * 60_000 + 1)).toBeUndefined();
  });

  it('keys a request by its anonymous browser id, stored only as a keyed hash', async () => {
    const { Hono } = await import('hono');
    const app = new Hono();
    app.get('/', (c) => c.json(clientKeysOf(c, 'secret')));
    const keys = (await (await app.request('/', { headers: { Cookie: 'portal_anon=abc' } })).json()) as { key: string; limit: number }[];
    expect(keys).toHaveLength(1);
    expect(keys[0]!.limit).toBe(terminationAttemptLimit.perBrowser);
    expect(keys[0]!.key).not.toContain('abc');
    expect(await (await app.request('/')).json()).toEqual([]);
  });
});

describe('anonymous termination: the termination and its confirmation', () => {
  it('ends at the next possible date by default, mails the confirmation to the given address and the account, and the account sees it', async () => {
    const { sandbox, customer, visitor } = await setup();
    const client = await visitor();
    const identity = identityOf(customer);
    const { terminationDates } = (await client.post(datesPath, { json: identity })).body as { terminationDates: string[] };
    const before = Date.now();
    const answer = await client.post(terminatePath, { json: { ...identity, email: 'Tessa.Notice@example.com' } });
    expect(answer.status).toBe(201);
    const confirmation = answer.body as { receivedAt: string; terminateDate: string; email: string; subscriptionNumber: string; orderNumber: string };
    expect(confirmation).toMatchObject({ terminateDate: terminationDates[0], email: 'Tessa.Notice@example.com', orderNumber: customer.orders.active.number });
    expect(Date.parse(confirmation.receivedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [mail] = await sandbox.outbox.list('tessa.notice@example.com');
    const [year, month, day] = terminationDates[0]!.split('-');
    expect(mail!.subject).toContain(customer.orders.active.subscriptionNumber);
    expect(mail!.body).toContain(`endet am ${day}.${month}.${year}`);
    expect(mail!.body).toContain(`ends on ${terminationDates[0]}`);
    expect(mail!.body).toContain(customer.orders.active.number);
    const received = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(confirmation.receivedAt));
    expect(mail!.body).toContain(`am ${received} Uhr`);
    expect((await sandbox.outbox.list(customer.email)).map((m) => m.subject)).toEqual([mail!.subject]);

    const owner = await one<{ terminate_date: string }>(sandbox.db, 'SELECT terminate_date FROM subscriptions WHERE id = ?', [
      customer.orders.active.subscriptionId,
    ]);
    expect(owner?.terminate_date).toBe(terminationDates[0]);
  });

  it('issue 10 "Done when": a visitor ends the seeded A-100001 (Erika Mustermann) without signing in', async () => {
    const { sandbox, newClient } = await createTestSandbox();
    const visitor = newClient();
    await visitor.get('/api/v2/subscription/terminations/policy');
    expect(visitor.cookie('portal_session')).toBeUndefined();
    const identity = { number: seededOrders.deutiActive.number, firstName: 'Erika', lastName: 'Mustermann', birthdate: '1964-08-12' };
    const options = await visitor.post(datesPath, { json: identity });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ orderNumber: 'A-100001', subscriptionNumber: 'S-A100001' });
    const date = (options.body as { terminationDates: string[] }).terminationDates[2]!;
    const answer = await visitor.post(terminatePath, { json: { ...identity, email: 'erika@example.org', date } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ subscriptionNumber: 'S-A100001', terminateDate: date });
    expect(await sandbox.outbox.list('erika@example.org')).toHaveLength(1);
    expect(await sandbox.outbox.list('deuti@example.com')).toHaveLength(1);

    // The account holder sees the termination, and can withdraw it.
    const holder = newClient();
    await holder.signInAs('deuti@example.com');
    const subscription = await holder.get(`/api/v2/subscription/subscriptions/${seededOrders.deutiActive.subscriptionId}`);
    expect(subscription.body).toMatchObject({ terminate_date: date, canWithdrawTermination: true });
  });

  it('refuses a date that is not offered, and an already terminated subscription (isAlreadyTerminated)', async () => {
    const { customer, visitor } = await setup();
    const client = await visitor();
    const withdrawable = { ...identityOf(customer), number: customer.orders.withdrawable.number };
    expect((await client.post(datesPath, { json: withdrawable })).body).toMatchObject({ status: 400, code: 'isAlreadyTerminated' });
    expect((await client.post(terminatePath, { json: { ...withdrawable, email: customer.email } })).body).toMatchObject({
      status: 400,
      code: 'isAlreadyTerminated',
    });
    const wrongDate = await client.post(terminatePath, { json: { ...identityOf(customer), email: customer.email, date: '2031-02-15' } });
    expect(wrongDate.body).toMatchObject({ status: 400, code: 'invalidTerminationDate', errors: [{ field: 'date', code: 'invalidTerminationDate' }] });
  });

  it('needs the anonymous CSRF token: without the header 403, the subscription unchanged', async () => {
    const { customer, visitor } = await setup();
    const client = await visitor();
    const answer = await client.post(terminatePath, { json: { ...identityOf(customer), email: customer.email }, csrf: false });
    expect(answer.status).toBe(403);
    expect((await client.post(datesPath, { json: identityOf(customer) })).status).toBe(200);
  });
});

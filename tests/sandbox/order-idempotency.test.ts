// @vitest-environment node
import { randomUUID } from 'node:crypto';

import type { InStatement } from '@libsql/client';

import type { components } from '#openapi/schema.gen';
import { one } from '#sandbox/db/database';
import { createTestSandbox } from './harness';
import { newCustomer, orderBody, submit } from './scenarios/orders';

type Problem = components['schemas']['Problem'];

/**
 * The order submit's Idempotency-Key (docs/architecture.md#data-and-state, the contract): a retry with the same key and body
 * replays the first answer and never creates a second order; the same key while the first request
 * is still running is 409; the same key with another body is 422.
 */

const context = await createTestSandbox();
afterAll(() => context.sandbox.close());

async function orderCount(userId: string): Promise<number> {
  return Number((await one<{ n: number }>(context.sandbox.db, 'SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [userId]))?.n);
}

describe('order submit with an Idempotency-Key', () => {
  it('the same key and body replays the first answer: exactly one order', async () => {
    const { client, id } = await newCustomer(context);
    const body = await orderBody(client);
    const key = randomUUID();

    const first = await submit(client, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await submit(client, body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');

    expect(await orderCount(id)).toBe(1);
    const list = (await client.get('/api/v2/order/orders')).body as components['schemas']['RawOrder'][];
    expect(list.map((order) => order.order_number)).toEqual([(first.body as { order_number: string }).order_number]);
  });

  it('the same key while the first request still runs is 409; afterwards it replays', async () => {
    const { client, id } = await newCustomer(context);
    const body = await orderBody(client);
    const key = randomUUID();

    // Hold the first request inside the submit, right before it writes the order.
    const db = context.sandbox.db;
    const execute = db.execute.bind(db) as (statement: InStatement) => ReturnType<typeof db.execute>;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => {};
    const reachedInsert = new Promise<void>((resolve) => (reached = resolve));
    let holding = true;
    const spy = vi.spyOn(db, 'execute').mockImplementation((async (statement: InStatement) => {
      const sql = typeof statement === 'string' ? statement : statement.sql;
      if (holding && sql.includes('INSERT INTO orders')) {
        holding = false;
        reached();
        await released;
      }
      return execute(statement);
    }) as typeof db.execute);

    try {
      const first = submit(client, body, key);
      await reachedInsert;
      const concurrent = await submit(client, body, key);
      expect(concurrent.status).toBe(409);
      expect((concurrent.body as Problem).code).toBe('idempotencyKeyInFlight');
      release();
      const firstAnswer = await first;
      expect(firstAnswer.status).toBe(201);

      const retry = await submit(client, body, key);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(firstAnswer.body);
    } finally {
      release();
      spy.mockRestore();
    }
    expect(await orderCount(id)).toBe(1);
  });

  it('two requests racing with one key create one order at most', async () => {
    const { client, id } = await newCustomer(context);
    const body = await orderBody(client);
    const key = randomUUID();
    const answers = await Promise.all([submit(client, body, key), submit(client, body, key)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    expect(await orderCount(id)).toBe(1);
  });

  it('the same key with another body is 422 and creates nothing', async () => {
    const { client, id } = await newCustomer(context);
    const body = await orderBody(client);
    const key = randomUUID();
    expect((await submit(client, body, key)).status).toBe(201);
    const other = await submit(client, { ...body, traveler: { ...body.traveler, first_name: 'Jan' } }, key);
    expect(other.status).toBe(422);
    expect((other.body as Problem).code).toBe('idempotencyKeyReused');
    expect(await orderCount(id)).toBe(1);
  });

  it('a key belongs to its customer: another customer with the same key gets an order of their own', async () => {
    const alice = await newCustomer(context);
    const bob = await newCustomer(context);
    const key = randomUUID();
    const a = await submit(alice.client, await orderBody(alice.client), key);
    const b = await submit(bob.client, await orderBody(bob.client), key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).not.toEqual(a.body);
  });

  it('a refused order (400) is replayed as refused, not run again', async () => {
    const { client, id } = await newCustomer(context);
    const body = { ...(await orderBody(client)), billing_address: { ...(await orderBody(client)).billing_address, zip_code: '00000' } };
    const key = randomUUID();
    const first = await submit(client, body, key);
    expect(first.status).toBe(400);
    const again = await submit(client, body, key);
    expect(again.status).toBe(400);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await orderCount(id)).toBe(0);
  });
});

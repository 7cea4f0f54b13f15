// @vitest-environment node
import { randomUUID } from 'node:crypto';

import type { InStatement, ResultSet } from '@libsql/client';

import { one } from '#sandbox/db/database';
import { createTestSandbox } from './harness';
import { freshEmail, register, visit } from './scenarios/auth';

/**
 * Register carries an Idempotency-Key (the order wizard persists it, so a retry after a reload
 * reuses it): the same key and body replays the first answer, the same key while the first
 * request runs is 409, the same key with another body is 422.
 */

const { sandbox, newClient } = await createTestSandbox();

async function usersWith(email: string): Promise<number> {
  return Number((await one<{ n: number }>(sandbox.db, 'SELECT COUNT(*) AS n FROM users WHERE email = ?', [email]))?.n);
}

/**
 * Holds the register handler at its INSERT INTO users until released: the first request is then
 * certainly inside the handler, its key recorded as running. (A fault delay of /__sandbox/faults
 * would not do: it delays a request before the key is recorded.)
 */
function holdUserInsert(): { reached: Promise<void>; release: () => void; restore: () => void } {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const original = sandbox.db.execute.bind(sandbox.db) as (statement: InStatement) => Promise<ResultSet>;
  const spy = vi.spyOn(sandbox.db, 'execute').mockImplementation((async (statement: InStatement) => {
    const sql = typeof statement === 'string' ? statement : statement.sql;
    if (/^\s*INSERT INTO users/i.test(sql)) {
      reached();
      await gate;
    }
    return original(statement);
  }) as never);
  return { reached: reachedPromise, release, restore: () => spy.mockRestore() };
}

describe('register with an Idempotency-Key', () => {
  it('the same key and body replays the first answer: one user, one mail, Idempotent-Replayed', async () => {
    const client = newClient();
    await visit(client);
    const email = freshEmail('replay');
    const key = randomUUID();
    const first = await register(client, { username: email }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();

    const again = await register(client, { username: email }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await usersWith(email)).toBe(1);
    expect(await sandbox.outbox.list(email)).toHaveLength(1);

    // A new key is a new request: the address is taken now.
    const other = await register(client, { username: email }, randomUUID());
    expect(other.status).toBe(409);
    expect((other.body as { code: string }).code).toBe('mailAddressAlreadyExists');
  });

  it('the same key while the first request still runs: 409; afterwards the retry replays', async () => {
    const client = newClient();
    await visit(client);
    const email = freshEmail('inflight');
    const key = randomUUID();
    const hold = holdUserInsert();
    try {
      const first = register(client, { username: email }, key);
      await hold.reached;
      const second = await register(client, { username: email }, key);
      expect(second.status).toBe(409);
      expect((second.body as { code: string }).code).toBe('idempotencyKeyInFlight');
      hold.release();
      expect((await first).status).toBe(201);
    } finally {
      hold.release();
      hold.restore();
    }
    const retry = await register(client, { username: email }, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await usersWith(email)).toBe(1);
  });

  it('racing requests with one key create exactly one user', async () => {
    const client = newClient();
    await visit(client);
    const email = freshEmail('race');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => register(client, { username: email }, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(await usersWith(email)).toBe(1);
  });

  it('the same key with another body: 422, and nothing is created', async () => {
    const client = newClient();
    await visit(client);
    const key = randomUUID();
    const email = freshEmail('first');
    expect((await register(client, { username: email }, key)).status).toBe(201);
    const otherEmail = freshEmail('second');
    const reused = await register(client, { username: otherEmail }, key);
    expect(reused.status).toBe(422);
    expect((reused.body as { code: string }).code).toBe('idempotencyKeyReused');
    expect(await usersWith(otherEmail)).toBe(0);
  });

  it('a register without an Idempotency-Key is refused by the contract (400)', async () => {
    const client = newClient();
    await visit(client);
    const result = await client.post('/api/v2/auth/register', {
      form: {
        username: freshEmail('nokey'),
        password: 'Abcdef1!',
        client_id: 'portal-web',
        grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in',
        has_agreed_to_privacy_policy: true,
        has_agreed_to_newsletter: false,
      },
    });
    expect(result.status).toBe(400);
  });
});

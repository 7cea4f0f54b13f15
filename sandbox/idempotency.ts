import { type Database, one, run } from './db/database';
import { problem, type Reply } from './http';
import { sha256Hex } from './security';

/**
 * Idempotency-Key (register, order submit): the same key and body replays the stored answer; the
 * same key while the first request still runs is 409; the same key with another body is 422.
 * A 5xx answer is not stored, so a retry after a failure runs again.
 */
export async function withIdempotency(db: Database, scope: string, key: string, body: unknown, run_: () => Promise<Reply>): Promise<Reply> {
  const requestHash = sha256Hex(JSON.stringify(body ?? null));
  const inserted = await run(db, "INSERT OR IGNORE INTO idempotency_keys (scope, key, request_hash, state, created_at) VALUES (?, ?, ?, 'running', ?)", [
    scope,
    key,
    requestHash,
    new Date().toISOString(),
  ]);
  if (inserted === 0) {
    const stored = await one<{ request_hash: string; state: string; response_status: number; response_headers: string | null; response_body: string | null }>(
      db,
      'SELECT request_hash, state, response_status, response_headers, response_body FROM idempotency_keys WHERE scope = ? AND key = ?',
      [scope, key],
    );
    if (!stored) return problem(500, 'idempotencyLost', 'The idempotency record vanished');
    if (stored.request_hash !== requestHash) {
      return problem(422, 'idempotencyKeyReused', 'This Idempotency-Key was used with another request body');
    }
    if (stored.state === 'running') {
      return problem(409, 'idempotencyKeyInFlight', 'A request with this Idempotency-Key is still being processed');
    }
    const reply = JSON.parse(stored.response_body ?? '{}') as Reply;
    return { ...reply, headers: { ...(reply.headers ?? {}), 'Idempotent-Replayed': 'true' } };
  }
  let reply: Reply;
  try {
    reply = await run_();
  } catch (error) {
    await run(db, 'DELETE FROM idempotency_keys WHERE scope = ? AND key = ?', [scope, key]);
    throw error;
  }
  if (reply.status >= 500) {
    await run(db, 'DELETE FROM idempotency_keys WHERE scope = ? AND key = ?', [scope, key]);
  } else {
    await run(db, "UPDATE idempotency_keys SET state = 'done', response_status = ?, response_body = ? WHERE scope = ? AND key = ?", [
      reply.status,
      JSON.stringify(reply),
      scope,
      key,
    ]);
  }
  return reply;
}

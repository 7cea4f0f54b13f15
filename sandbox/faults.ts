import { all, type Database, run } from './db/database';

export interface Fault {
  method: string;
  path: string;
  status?: number;
  delayMs?: number;
  times: number;
}

/** Fault injection: the next N calls of a method and path answer a status, or are delayed. */
export async function addFault(db: Database, fault: Fault): Promise<void> {
  await run(db, 'INSERT INTO faults (method, path, status, delay_ms, remaining) VALUES (?, ?, ?, ?, ?)', [
    fault.method.toUpperCase(),
    fault.path,
    fault.status ?? null,
    fault.delayMs ?? null,
    fault.times,
  ]);
}

export async function clearFaults(db: Database): Promise<void> {
  await run(db, 'DELETE FROM faults');
}

/** Takes one use of the first fault that matches (a path ending in * matches a prefix). */
export async function takeFault(db: Database, method: string, path: string): Promise<{ status: number | null; delayMs: number | null } | undefined> {
  const faults = await all<{ id: number; method: string; path: string; status: number | null; delay_ms: number | null }>(
    db,
    'SELECT id, method, path, status, delay_ms FROM faults WHERE remaining > 0 ORDER BY id',
  );
  const match = faults.find(
    (fault) =>
      (fault.method === '*' || fault.method === method.toUpperCase()) &&
      (fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : fault.path === path),
  );
  if (!match) return undefined;
  await run(db, 'UPDATE faults SET remaining = remaining - 1 WHERE id = ?', [match.id]);
  return { status: match.status, delayMs: match.delay_ms };
}

import { readdirSync, readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { type Client, createClient, type InValue } from '@libsql/client';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

export type Database = Client;
export type Row = Record<string, unknown>;

/** Opens the database (creating its folder for a file URL) and applies pending migrations. */
export async function openDatabase(url: string): Promise<Database> {
  if (url.startsWith('file:')) mkdirSync(path.dirname(url.slice('file:'.length)), { recursive: true });
  const db = createClient({ url });
  await db.execute('PRAGMA foreign_keys = ON');
  await migrate(db);
  return db;
}

/** Applies each `migrations/NNN-name.sql` once, in order. */
export async function migrate(db: Database): Promise<string[]> {
  await db.execute('CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set((await db.execute('SELECT name FROM migrations')).rows.map((row) => String(row.name)));
  const pending = readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql') && !applied.has(file))
    .sort();
  for (const file of pending) {
    await db.executeMultiple(readFileSync(path.join(migrationsDir, file), 'utf8'));
    await db.execute({ sql: 'INSERT INTO migrations (name, applied_at) VALUES (?, ?)', args: [file, new Date().toISOString()] });
  }
  return pending;
}

/** The rows of a query as plain objects. */
export async function all<T = Row>(db: Database, sql: string, args: InValue[] = []): Promise<T[]> {
  const result = await db.execute({ sql, args });
  return result.rows.map((row) => ({ ...row }) as T);
}

/** The first row of a query, or undefined. */
export async function one<T = Row>(db: Database, sql: string, args: InValue[] = []): Promise<T | undefined> {
  return (await all<T>(db, sql, args))[0];
}

export async function run(db: Database, sql: string, args: InValue[] = []): Promise<number> {
  return (await db.execute({ sql, args })).rowsAffected;
}

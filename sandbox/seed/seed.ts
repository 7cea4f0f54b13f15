import type { SandboxConfig } from '../config';
import { type Database, one } from '../db/database';
import { seedCatalog } from './catalog';
import { seedOrders } from './orders';
import { seedPayments } from './payments';
import { seedUsers } from './users';

/** Every table with state (the guessing limits' counters too), in an order that lets them be emptied with foreign keys on. */
const tables = [
  'faults',
  'failed_attempts',
  'idempotency_keys',
  'outbox',
  'payments',
  'payment_sessions',
  'payment_instruments',
  'payment_information',
  'blacklisted_ibans',
  'tickets',
  'subscriptions',
  'orders',
  'students',
  'companies',
  'insurers',
  'one_time_codes',
  'authorization_codes',
  'tokens',
  'sessions',
  'users',
];

/**
 * The seeded world (README.md lists it): demo customers of each product, companies, a university,
 * orders in every status, payment instruments of every type and status. `onlyIfEmpty` keeps the
 * state of a running sandbox across restarts; `npm run sandbox:reset` seeds anew.
 */
export async function seed(db: Database, config: SandboxConfig, options: { onlyIfEmpty: boolean }): Promise<void> {
  if (options.onlyIfEmpty && (await one(db, 'SELECT id FROM users LIMIT 1'))) return;
  for (const table of tables) await db.execute(`DELETE FROM ${table}`);
  await seedCatalog(db);
  const users = await seedUsers(db);
  await seedOrders(db, users);
  await seedPayments(db, users);
  void config;
}

import type { Database } from '../db/database';
import type { SeededUsers } from './users';

/** The demo customers' orders, subscriptions and tickets. */
export async function seedOrders(_db: Database, _users: SeededUsers): Promise<void> {}

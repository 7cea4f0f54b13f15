import type { Database } from '../db/database';
import type { SeededUsers } from './users';

/** The demo customers' payment information, instruments and payments. */
export async function seedPayments(_db: Database, _users: SeededUsers): Promise<void> {}

import type { Database } from '../db/database';

/** Companies with prices and staff-number rules, the university and its students, insurers, blacklisted IBANs. */
export async function seedCatalog(_db: Database): Promise<void> {}

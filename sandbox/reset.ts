/** `npm run sandbox:reset`: restores the seeded state of the sandbox database. */
import { seed } from './seed/seed';
import { configFromEnv } from './config';
import { openDatabase } from './db/database';

const config = configFromEnv(process.env);
const db = await openDatabase(config.databaseUrl);
await seed(db, config, { onlyIfEmpty: false });
db.close();
console.log(`Sandbox reset: ${config.databaseUrl} holds the seeded state again.`);

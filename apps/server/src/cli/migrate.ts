import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';

/** `npm run migrate`: brings the configured database up to date; exits non-zero on any failure. */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const db = createDb(config.database);
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    return 0;
  } finally {
    await db.kysely.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('Migration failed:', error);
    process.exit(1);
  },
);

import { type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Db } from './create-db';
import { migrationsFor } from './migrations';

export class MigrationError extends Error {
  constructor(
    readonly failedMigration: string | undefined,
    options: { cause: unknown },
  ) {
    super(failedMigration ? `Migration "${failedMigration}" failed` : 'Migrations could not run', options);
    this.name = 'MigrationError';
  }
}

/** Brings the schema up to date; throws MigrationError when anything fails. Returns the names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsFor(db.dialect) },
    migrationTableSchema: await migrationTableSchema(db),
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new MigrationError(failed, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * On PostgreSQL, the schema our tables go to. Kysely must be told: when it looks for its migration
 * tables it would otherwise also see those of other schemas in the same database (parallel test runs).
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (db.dialect !== 'postgres') return undefined;
  if (db.schema) {
    await sql`create schema if not exists ${sql.id(db.schema)}`.execute(db.kysely);
    return db.schema;
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check the search_path of the database user');
  return schema;
}

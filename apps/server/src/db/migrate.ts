import { type DatabaseIntrospector, type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Db } from './create-db';
import { migrationsFor } from './migrations';
import type { Database } from './schema';

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
  const migrator = await migratorFor(db);
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new MigrationError(failed, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Kysely's migrator over our migrations, in our schema on PostgreSQL (created when missing); also for tests that migrate step by step. */
export async function migratorFor(db: Db): Promise<Migrator> {
  const schema = await migrationTableSchema(db);
  return new Migrator({
    db: schema ? withOwnTablesListedOnly(db.kysely, schema) : db.kysely,
    provider: { getMigrations: async () => migrationsFor(db.dialect) },
    migrationTableSchema: schema,
  });
}

/**
 * Before taking its lock, Kysely's migrator asks whether its own two tables exist by listing every
 * table of every schema of the database, with each column's sequence. When a table of any schema gains
 * or loses a column at that moment (another instance migrating, a test file alongside), PostgreSQL
 * fails that list ('column "…" of relation "…" does not exist'). The migrator is given the same
 * database with an introspection that lists only the tables of our schema, by name.
 */
function withOwnTablesListedOnly(kysely: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => kysely.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`
        select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(kysely);
      return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(kysely, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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

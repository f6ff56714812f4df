import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { seedDatabase } from './seed';
import { DEMO_CUSTOMER } from './seed/demo-customer';
import { DEMO_STUDIO_ADMIN } from './seed/demo-studio-admin';
import { createStorage } from './storage/create-storage';

async function start(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = createDb(config.database);
  const storage = createStorage(config);
  const app = await buildApp(config, { db, storage });

  const applied = await migrateToLatest(db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  const seeded = await seedDatabase({ db: db.kysely, storage, demoData: config.demoData, clock: systemClock });

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'closing: finishing requests in flight');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'could not close cleanly');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  await app.jobs.start();
  app.appointmentReminders.start();
  app.galleryLifecycleSweep.start();
  app.shootUploadsSweep.start();
  app.orphanSweep.start();
  app.mailOutboxSweep.start();
  const lines = [`Studio Gallery is running at ${config.publicUrl}`, `API documentation: ${config.publicUrl}/api/docs`];
  // One line on demo data, and why (config.ts); a warning for each demo account left with its published password.
  lines.push(config.demoDataReason);
  for (const email of seeded.publishedDemoAccounts ?? []) {
    lines.push(`WARNING: ${email} still signs in with the demo password published in the README: change its password or delete it.`);
  }
  if (config.demoData) lines.push(`Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
  if (config.demoData) lines.push(`Demo studio admin: ${DEMO_STUDIO_ADMIN.email} / ${DEMO_STUDIO_ADMIN.password} (${config.publicUrl}/studio)`);
  if (seeded.demoInviteId) lines.push(`Demo appointment invite: ${config.publicUrl}/appointment?id=${seeded.demoInviteId}`);
  if (seeded.demoSessionCode) {
    lines.push(`Demo session code: ${seeded.demoSessionCode}`, `  (open ${config.publicUrl}/?q=${entryQuery(seeded.demoSessionCode)} to view it without signing in)`);
  }
  console.log(`\n  ${lines.join('\n  ')}\n`);
}

/** The entry parameter `q` (spec §2): base64 of a JSON object holding the session code. */
function entryQuery(code: string): string {
  return encodeURIComponent(Buffer.from(JSON.stringify({ code })).toString('base64'));
}

start().catch((error: unknown) => {
  console.error('Studio Gallery could not start:', error);
  process.exit(1);
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type ZodTypeProvider,
  serializerCompiler,
  validatorCompiler,
} from '@fastify/type-provider-zod';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import { type Db, createDb } from './db/create-db';
import { type Mailer, createMailer } from './mail/mailer';
import { resolveJwtSecret } from './modules/accounts/jwt-secret';
import { type JobQueue, createJobQueue } from './jobs';
import { AppointmentReminderJob, registerAppointmentReminderJob } from './modules/appointments/reminder-job';
import { GALLERY_SWEEP_INTERVAL_MINUTES, GalleryLifecycleJob, registerGalleryExpiryReminderJob } from './modules/gallery-lifecycle/gallery-lifecycle-job';
import { MailOutboxSweep, registerMailDeliveryJob } from './mail/outbox-sweep';
import { SHOOT_UPLOADS_SWEEP_MINUTES, ShootUploadsSweep } from './modules/studio-shoots/shoot-uploads-sweep';
import { OrphanSweep } from './modules/storage-maintenance/orphan-sweep';
import { StorageMaintenanceRepository } from './modules/storage-maintenance/storage-maintenance.repository';
import { AuthSessionsRepository } from './modules/accounts/auth-sessions.repository';
import { AuthSessionsService } from './modules/accounts/auth-sessions.service';
import { TokenService } from './modules/accounts/tokens';
import { authPlugin } from './plugins/auth';
import { bodyParsersPlugin } from './plugins/body-parsers';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestIdPlugin } from './plugins/request-id';
import { securityPlugin } from './plugins/security';
import { sessionCodeLimitPlugin } from './plugins/session-code-limit';
import { RateBudgets } from './modules/budgets/rate-budgets';
import { NotFoundError } from './errors';
import { inlineScriptSources, webAppPlugin } from './plugins/web-app';
import { apiRoutes } from './routes/api';
import { createServices } from './services';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/** What tests (and server.ts) may supply instead of the defaults built from config. */
export interface AppDependencies {
  /** The app closes it when it closes, whoever created it. */
  db?: Db;
  storage?: Storage;
  mailer?: Mailer;
  clock?: Clock;
}

/** JSON bodies; the profile-photo call raises its own limit. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

const APP_VERSION = readAppVersion();

/**
 * Builds the whole app (API, docs, web app) without listening, so tests can start it on any port.
 * Migrations and seeding are the caller's: see server.ts.
 */
export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    // TRUST_PROXY: the proxies whose X-Forwarded-For gives request.ip (the budgets count per client address).
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Closing (SIGTERM), the app waits for the sweeps in progress (preClose) before it stops listening.
    // Fastify's default answers 503 to every request of that wait, and the proxy hands a 503 to the
    // customer; served instead, until the listener closes and the proxy moves on (instances-health.test.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = dependencies.db ?? createDb(config.database);
  const storage = dependencies.storage ?? createStorage(config);
  const mailer =
    dependencies.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }, app.log);
  const clock = dependencies.clock ?? systemClock;
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const sessions = new AuthSessionsService(new TokenService(jwtSecret, clock), new AuthSessionsRepository(db), clock);
  // Background jobs (jobs/): server.ts (and the API tests) start them after listening.
  const jobs = createJobQueue(db, config, { log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    // First the jobs: stop() waits for running handlers, which use the mailer and the database.
    await jobs.stop();
    mailer.close();
    await db.kysely.destroy();
  });

  const services = createServices({ db: db.kysely, sqlite: db.sqlite, storage, mailer, sessions, jwtSecret, clock, jobs, config, log: app.log });
  app.addHook('onClose', () => services.backgroundRemoval.close());
  registerAppointmentReminderJob(jobs, services.appointments);
  // An import of 500 photos takes minutes: a run may last an hour. A run whose server died is taken back
  // within its lease (JOB_LEASE_SECONDS) and retried 10-20 s later, so it finishes within two minutes of the crash.
  jobs.register('shoot-import', ({ shootId }) => services.studioShoots.runImport(shootId), { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 3600 });
  // A company's bulk invite mails one employee after another: an hour before a run counts as lost.
  jobs.register('company-invites', ({ bulkInviteId }) => services.companyInvites.run(bulkInviteId), { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 3600 });
  const appointmentReminders = new AppointmentReminderJob(services.appointments, jobs, config.appointmentReminderMinutes, app.log);
  app.decorate('appointmentReminders', appointmentReminders);
  // Before the database closes (onClose): the timer stops and a run in progress finishes.
  app.addHook('preClose', () => appointmentReminders.stop());
  registerGalleryExpiryReminderJob(jobs, services.galleryLifecycle);
  const galleryLifecycleSweep = new GalleryLifecycleJob(services.galleryLifecycle, jobs, GALLERY_SWEEP_INTERVAL_MINUTES, app.log);
  app.decorate('galleryLifecycleSweep', galleryLifecycleSweep);
  app.addHook('preClose', () => galleryLifecycleSweep.stop());
  // Shoot uploads complete without their row, expired uploads, shoots queued without their job (issue 25).
  const shootUploadsSweep = new ShootUploadsSweep(services.studioShoots, SHOOT_UPLOADS_SWEEP_MINUTES, app.log);
  app.decorate('shootUploadsSweep', shootUploadsSweep);
  app.addHook('preClose', () => shootUploadsSweep.stop());
  // Files of photos/ and uploads/ that no row names, older than a day (issue 25).
  const orphanSweep = new OrphanSweep(new StorageMaintenanceRepository(db.kysely), storage, clock, app.log);
  app.decorate('orphanSweep', orphanSweep);
  app.addHook('preClose', () => orphanSweep.stop());
  // Every mail goes through the outbox: the delivery job sends one, the sweep hands over what is due (issue 25).
  registerMailDeliveryJob(jobs, services.mailOutbox);
  const mailOutboxSweep = new MailOutboxSweep(services.mailOutbox, jobs, config.mail.sweepSeconds, app.log);
  app.decorate('mailOutboxSweep', mailOutboxSweep);
  app.addHook('preClose', () => mailOutboxSweep.stop());

  await app.register(requestIdPlugin, { instanceId: config.instanceId });
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, {
    https: new URL(config.publicUrl).protocol === 'https:',
    corsOrigins: config.corsOrigins,
    stripeApiOrigin: config.stripe.secretKey ? new URL(config.stripe.apiUrl ?? 'https://api.stripe.com').origin : null,
    inlineScriptSources: inlineScriptSources(config.webDist),
  });
  await app.register(bodyParsersPlugin);
  // The sign-in and session-code budgets live in the database: every instance spends from the same ones.
  const budgets = new RateBudgets(db.kysely, clock, app.log, db.sqlite);
  await app.register(rateLimitPlugin, { attemptsPerMinute: config.authRateLimit, budgets, clock });
  await app.register(sessionCodeLimitPlugin, {
    failuresPerMinute: config.sessionCodeRateLimit,
    clock,
    budgets,
    opensSession: (code) =>
      services.gallery.sessionOfCode(code).then(
        () => true,
        (error: unknown) => {
          if (error instanceof NotFoundError) return false;
          throw error;
        },
      ),
  });
  await app.register(authPlugin, { sessions });
  await app.register(openApiPlugin, { version: APP_VERSION });
  await app.register(apiRoutes, { prefix: '/api', services, googleClientId: config.google.clientId });
  await app.register(webAppPlugin, { webDist: config.webDist });
  return app;
}

function readAppVersion(): string {
  const rootPackage = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(rootPackage, 'utf8')) as { version: string }).version;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue: started after listening (server.ts, the API tests), stopped when the app closes. */
    jobs: JobQueue;
  }
}

import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Configuration from environment variables, validated once at boot and passed in from there.
 * Nothing else reads process.env.
 */
export interface Config {
  port: number;
  host: string;
  /** Where users reach the app, without a trailing slash; used in mailed links. */
  publicUrl: string;
  /** Database file, media, outbox and generated secret live here. */
  dataDir: string;
  /** The built web app; served at / when the folder exists. */
  webDist: string;
  database: DatabaseConfig;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string | null; jwksUrl: string };
  /** null: generate one into DATA_DIR/jwt-secret on first run. */
  jwtSecret: string | null;
  /** Card payments by Stripe when both keys are set; the built-in test provider when neither is. */
  stripe: { secretKey: string | null; publishableKey: string | null; webhookSecret: string | null; apiUrl: string | null };
  demoData: boolean;
  /** Attempts per minute and client address on the sign-in, sign-up and password calls. */
  authRateLimit: number;
  /** Wrong session-code lookups per minute and client address before every code call is refused (429). */
  sessionCodeRateLimit: number;
  /** Request-time image work (media/image-work-queue.ts): images processed at once, and requests waiting for a turn. */
  imageQueue: { concurrency: number; maxWaiting: number };
  /**
   * Person segmentation (media/segmentation/): worker threads (default half the cores, at least 1),
   * requests waiting for one, and the folder of the selfie model (shared with the web app).
   */
  segmentation: { threads: number; maxWaiting: number; modelDir: string };
  /** Bound of the gallery's cache of page answers (modules/gallery/page-answers.ts); 0 turns it off. */
  galleryPageCacheBytes: number;
  /** Minutes between runs of the appointment reminder job (server.ts starts it); 0 turns it off. */
  appointmentReminderMinutes: number;
  /**
   * Background jobs (jobs/): whether this instance works jobs (JOBS_ENABLED; it always may send them),
   * milliseconds between looks for due jobs, and pg-boss's schema on PostgreSQL.
   */
  jobs: { enabled: boolean; pollIntervalMs: number; pgBossSchema: string };
  logLevel: LogLevel;
  /** Origins allowed to call the API from a browser; empty: same origin only. */
  corsOrigins: string[];
}

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; schema: string | null };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Unset and empty variables both mean "use the default". */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

function urlWithProtocols(name: string, protocols: string[], hint = '') {
  return optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}${hint}` },
  );
}

function positiveInteger(name: string, max: number) {
  return optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= max), {
    message: `${name} must be a whole number between 1 and ${max}`,
  });
}

const envSchema = z.object({
  PORT: positiveInteger('PORT', 65535),
  HOST: optionalText,
  PUBLIC_URL: urlWithProtocols('PUBLIC_URL', ['http:', 'https:']),
  DATA_DIR: optionalText,
  WEB_DIST: optionalText,
  DATABASE_URL: urlWithProtocols(
    'DATABASE_URL',
    ['postgres:', 'postgresql:'],
    ' (leave it unset to use the SQLite file in DATA_DIR)',
  ),
  DATABASE_SCHEMA: optionalText.refine((v) => v === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(v), {
    message: 'DATABASE_SCHEMA must be a lower-case SQL identifier (letters, digits, underscores)',
  }),
  SMTP_URL: urlWithProtocols('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: urlWithProtocols('GOOGLE_JWKS_URL', ['http:', 'https:']),
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'JWT_SECRET must be at least 32 characters long (or unset, to generate one in DATA_DIR)',
  }),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: urlWithProtocols('STRIPE_API_URL', ['http:', 'https:'], ' (a local stand-in of Stripe\'s API; leave it unset for Stripe)'),
  DEMO_DATA: optionalText.refine((v) => v === undefined || v === 'on' || v === 'off', {
    message: 'DEMO_DATA must be "on" or "off"',
  }),
  AUTH_RATE_LIMIT: positiveInteger('AUTH_RATE_LIMIT', 1_000_000),
  SESSION_CODE_RATE_LIMIT: positiveInteger('SESSION_CODE_RATE_LIMIT', 1_000_000),
  IMAGE_QUEUE_CONCURRENCY: positiveInteger('IMAGE_QUEUE_CONCURRENCY', 1024),
  IMAGE_QUEUE_WAITING: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 10_000), {
    message: 'IMAGE_QUEUE_WAITING must be a whole number between 0 (no waiting) and 10000',
  }),
  SEGMENTATION_THREADS: positiveInteger('SEGMENTATION_THREADS', 64),
  SEGMENTATION_QUEUE_WAITING: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 1000), {
    message: 'SEGMENTATION_QUEUE_WAITING must be a whole number between 0 (no waiting) and 1000',
  }),
  GALLERY_PAGE_CACHE_MB: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 4096), {
    message: 'GALLERY_PAGE_CACHE_MB must be a whole number between 0 (off) and 4096',
  }),
  APPOINTMENT_REMINDER_MINUTES: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 1440), {
    message: 'APPOINTMENT_REMINDER_MINUTES must be a whole number between 0 (off) and 1440',
  }),
  JOBS_ENABLED: optionalText.refine((v) => v === undefined || v === 'on' || v === 'off', {
    message: 'JOBS_ENABLED must be "on" or "off"',
  }),
  JOBS_POLL_INTERVAL_MS: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 100 && Number(v) <= 60_000), {
    message: 'JOBS_POLL_INTERVAL_MS must be a whole number between 100 and 60000',
  }),
  JOBS_SCHEMA: optionalText.refine((v) => v === undefined || /^[a-z_][a-z0-9_]{0,49}$/.test(v), {
    message: 'JOBS_SCHEMA must be a lower-case SQL identifier of at most 50 characters',
  }),
  LOG_LEVEL: optionalText.refine((v) => v === undefined || (LOG_LEVELS as readonly string[]).includes(v), {
    message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`,
  }),
  CORS_ORIGINS: optionalText,
});

export interface LoadConfigOptions {
  /** Relative paths in the environment resolve against this folder. */
  cwd?: string;
}

/**
 * Reads the configuration from `env` without touching anything else, so tests pass their own.
 * Relative DATA_DIR / WEB_DIST resolve against the folder npm was started from (INIT_CWD), so
 * `npm start` at the repository root keeps data in ./data there; the defaults sit at the root.
 */
export function loadConfig(env: Record<string, string | undefined>, options: LoadConfigOptions = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  const e = parsed.data;

  const cwd = options.cwd ?? env.INIT_CWD ?? process.cwd();
  const dataDir = e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const port = e.PORT ? Number(e.PORT) : 8080;

  if (e.DATABASE_SCHEMA && !e.DATABASE_URL) {
    throw new ConfigError(['DATABASE_SCHEMA needs a PostgreSQL DATABASE_URL']);
  }
  // Never fall back to the test provider when a Stripe key is present: half a configuration is an error.
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(['STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together']);
  }

  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA ?? null }
      : { dialect: 'sqlite', file: path.join(dataDir, 'gallery.sqlite') },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Studio Gallery <no-reply@studio-gallery.test>',
    google: {
      clientId: e.GOOGLE_CLIENT_ID ?? null,
      jwksUrl: e.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
    },
    jwtSecret: e.JWT_SECRET ?? null,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      apiUrl: e.STRIPE_API_URL ? e.STRIPE_API_URL.replace(/\/+$/, '') : null,
    },
    demoData: (e.DEMO_DATA ?? 'on') === 'on',
    authRateLimit: e.AUTH_RATE_LIMIT ? Number(e.AUTH_RATE_LIMIT) : 20,
    sessionCodeRateLimit: e.SESSION_CODE_RATE_LIMIT ? Number(e.SESSION_CODE_RATE_LIMIT) : 20,
    imageQueue: {
      concurrency: e.IMAGE_QUEUE_CONCURRENCY ? Number(e.IMAGE_QUEUE_CONCURRENCY) : 1,
      maxWaiting: e.IMAGE_QUEUE_WAITING ? Number(e.IMAGE_QUEUE_WAITING) : 8,
    },
    segmentation: {
      threads: e.SEGMENTATION_THREADS ? Number(e.SEGMENTATION_THREADS) : Math.max(1, Math.floor(os.availableParallelism() / 2)),
      maxWaiting: e.SEGMENTATION_QUEUE_WAITING ? Number(e.SEGMENTATION_QUEUE_WAITING) : 4,
      modelDir: path.join(REPO_ROOT, 'apps/web/public/editor-models'),
    },
    appointmentReminderMinutes: e.APPOINTMENT_REMINDER_MINUTES ? Number(e.APPOINTMENT_REMINDER_MINUTES) : 5,
    jobs: {
      enabled: e.JOBS_ENABLED !== 'off',
      pollIntervalMs: e.JOBS_POLL_INTERVAL_MS ? Number(e.JOBS_POLL_INTERVAL_MS) : 1000,
      pgBossSchema: e.JOBS_SCHEMA ?? (e.DATABASE_SCHEMA ? `${e.DATABASE_SCHEMA.slice(0, 43)}_pgboss` : 'pgboss'),
    },
    galleryPageCacheBytes: (e.GALLERY_PAGE_CACHE_MB ? Number(e.GALLERY_PAGE_CACHE_MB) : 32) * 1024 * 1024,
    logLevel: (e.LOG_LEVEL as LogLevel | undefined) ?? 'info',
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : [],
  };
}

import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3StorageOptions } from './storage/s3-storage';

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
  /** Where photos and other media live (storage/create-storage.ts): DATA_DIR/media, or an S3-compatible bucket. */
  storage: StorageConfig;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string | null; jwksUrl: string };
  /** null: generate one into DATA_DIR/jwt-secret on first run. */
  jwtSecret: string | null;
  /** Card payments by Stripe when both keys are set; the built-in test provider when neither is. */
  stripe: { secretKey: string | null; publishableKey: string | null; webhookSecret: string | null; apiUrl: string | null };
  /**
   * Whether to seed the demo customer, studio admin, photos and coupons (published passwords): DEMO_DATA=on,
   * or DEMO_DATA unset and PUBLIC_URL a loopback address (the default); never with DEMO_DATA=off.
   */
  demoData: boolean;
  /** One line for the start-up log: whether demo data is on, and why. */
  demoDataReason: string;
  /** Attempts per minute and client address on the sign-in, sign-up and password calls. */
  authRateLimit: number;
  /** Wrong session-code lookups per minute and client address before every code call is refused (429). */
  sessionCodeRateLimit: number;
  /** Request-time image work (media/image-work-queue.ts): images processed at once, and requests waiting for a turn. */
  imageQueue: { concurrency: number; maxWaiting: number };
  /**
   * Person segmentation (media/segmentation/): worker threads (default half the cores, at least 1),
   * requests waiting for one, idle seconds before a thread exits (unset: the pool's default), and the
   * folder of the selfie model (shared with the web app).
   */
  segmentation: { threads: number; maxWaiting: number; idleSeconds: number | undefined; modelDir: string };
  /** Bound of the gallery's cache of page answers (modules/gallery/page-answers.ts); 0 turns it off. */
  galleryPageCacheBytes: number;
  /** Minutes between runs of the appointment reminder job (server.ts starts it); 0 turns it off. */
  appointmentReminderMinutes: number;
  /**
   * The mail outbox (mail/outbox.ts): seconds between sweeps that hand over due mails (MAIL_SWEEP_SECONDS,
   * 0: off), sends tried before a mail is failed (MAIL_MAX_ATTEMPTS), the wait before the first retry,
   * doubled each time up to an hour (MAIL_RETRY_SECONDS), and how long one sender holds a mail it is
   * sending before another may take it (MAIL_CLAIM_SECONDS).
   */
  mail: { sweepSeconds: number; maxAttempts: number; retrySeconds: number; claimSeconds: number };
  /**
   * Background jobs (jobs/): whether this instance works jobs (JOBS_ENABLED; it always may send them),
   * milliseconds between looks for due jobs, and pg-boss's schema on PostgreSQL. `leaseSeconds`
   * (JOB_LEASE_SECONDS): a running job's lease, renewed while it runs; a job whose instance died is
   * taken back by another within about that long (issue 25).
   */
  jobs: { enabled: boolean; pollIntervalMs: number; pgBossSchema: string; leaseSeconds: number };
  /**
   * Browser shoot uploads (tus, modules/studio-shoots): an unfinished upload is deleted after
   * `expiryHours` (UPLOAD_EXPIRY_HOURS); the bytes unfinished uploads declared may not pass
   * `budgetBytes` in all (UPLOAD_BUDGET_BYTES) nor `shootBudgetBytes` per shoot (UPLOAD_SHOOT_BUDGET_BYTES).
   */
  uploads: { expiryHours: number; budgetBytes: number; shootBudgetBytes: number };
  logLevel: LogLevel;
  /** Origins allowed to call the API from a browser; empty: same origin only. */
  corsOrigins: string[];
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (Fastify's
   * `trustProxy`): a list of addresses/CIDRs, or a hop count (a function of the hop); false (default):
   * none, request.ip is the peer's address.
   */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  /** INSTANCE_ID: a name for this process among several behind a proxy, sent as `x-instance` on every answer; null: none. */
  instanceId: string | null;
}

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; schema: string | null };

export type StorageConfig =
  | { kind: 'disk'; root: string }
  | ({
      kind: 's3';
      /** Lifetime of the presigned URLs downloads redirect to. */
      presignTtlSeconds: number;
    } & Omit<S3StorageOptions, 'listPageSize'>);

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
  SEGMENTATION_IDLE_SECONDS: positiveInteger('SEGMENTATION_IDLE_SECONDS', 86_400),
  GALLERY_PAGE_CACHE_MB: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 4096), {
    message: 'GALLERY_PAGE_CACHE_MB must be a whole number between 0 (off) and 4096',
  }),
  APPOINTMENT_REMINDER_MINUTES: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 1440), {
    message: 'APPOINTMENT_REMINDER_MINUTES must be a whole number between 0 (off) and 1440',
  }),
  MAIL_SWEEP_SECONDS: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 3600), {
    message: 'MAIL_SWEEP_SECONDS must be a whole number between 0 (off) and 3600',
  }),
  MAIL_MAX_ATTEMPTS: positiveInteger('MAIL_MAX_ATTEMPTS', 100),
  MAIL_RETRY_SECONDS: positiveInteger('MAIL_RETRY_SECONDS', 3600),
  MAIL_CLAIM_SECONDS: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 5 && Number(v) <= 3600), {
    message: 'MAIL_CLAIM_SECONDS must be a whole number between 5 and 3600',
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
  TRUST_PROXY: optionalText.refine((v) => v === undefined || trustProxyOf(v) !== null, {
    message:
      'TRUST_PROXY must be the number of proxies in front of the server (1 to 10) or a comma-separated list of their addresses or CIDR ranges (e.g. loopback or 10.0.0.0/8)',
  }),
  JOB_LEASE_SECONDS: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 2 && Number(v) <= 3600), {
    message: 'JOB_LEASE_SECONDS must be a whole number between 2 and 3600',
  }),
  UPLOAD_EXPIRY_HOURS: positiveInteger('UPLOAD_EXPIRY_HOURS', 24 * 30),
  UPLOAD_BUDGET_BYTES: positiveInteger('UPLOAD_BUDGET_BYTES', Number.MAX_SAFE_INTEGER),
  UPLOAD_SHOOT_BUDGET_BYTES: positiveInteger('UPLOAD_SHOOT_BUDGET_BYTES', Number.MAX_SAFE_INTEGER),
  STORAGE: optionalText.refine((v) => v === undefined || v === 'disk' || v === 's3', {
    message: 'STORAGE must be "disk" (DATA_DIR/media) or "s3" (an S3-compatible bucket, S3_BUCKET)',
  }),
  S3_BUCKET: optionalText.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: 'S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
  }),
  S3_REGION: optionalText.refine((v) => v === undefined || /^[a-z0-9-]{1,32}$/.test(v), {
    message: 'S3_REGION must be a region name such as us-east-1',
  }),
  S3_ENDPOINT: urlWithProtocols('S3_ENDPOINT', ['http:', 'https:'], ' (an S3-compatible service; leave it unset for AWS)'),
  S3_FORCE_PATH_STYLE: optionalText.refine((v) => v === undefined || v === 'on' || v === 'off', {
    message: 'S3_FORCE_PATH_STYLE must be "on" or "off"',
  }),
  S3_PREFIX: optionalText.refine((v) => v === undefined || /^([A-Za-z0-9_-][A-Za-z0-9._-]*\/?)+$/.test(v), {
    message: 'S3_PREFIX must be a folder path of letters, digits, dots, hyphens and underscores (e.g. gallery/)',
  }),
  S3_PRESIGN_TTL_SECONDS: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 10 && Number(v) <= 3600), {
    message: 'S3_PRESIGN_TTL_SECONDS must be a whole number between 10 and 3600',
  }),
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  INSTANCE_ID: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9._-]{1,64}$/.test(v), {
    message: 'INSTANCE_ID must be 1 to 64 letters, digits, dots, dashes or underscores',
  }),
});

/**
 * Demo data (a customer, a studio admin and coupons whose passwords and codes are published in the
 * README) only where that is safe: said explicitly (DEMO_DATA=on), or DEMO_DATA unset and the app
 * reached at a loopback address, as `npm start` on one's own machine is. Never with DEMO_DATA=off.
 */
function demoDataSetting(demoData: string | undefined, publicUrl: string): { demoData: boolean; demoDataReason: string } {
  if (demoData === 'on') return { demoData: true, demoDataReason: 'Demo data is on (DEMO_DATA=on): a fresh database gets the demo accounts with their published passwords.' };
  if (demoData === 'off') return { demoData: false, demoDataReason: 'Demo data is off (DEMO_DATA=off).' };
  if (isLoopbackUrl(publicUrl)) {
    return { demoData: true, demoDataReason: `Demo data is on: PUBLIC_URL ${publicUrl} is a loopback address (DEMO_DATA=off starts an empty studio).` };
  }
  return {
    demoData: false,
    demoDataReason: `Demo data is off: PUBLIC_URL ${publicUrl} is not a loopback address, so no demo accounts with published passwords are created (DEMO_DATA=on to seed them anyway).`,
  };
}

/** localhost (and *.localhost), 127.0.0.0/8 and ::1. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** TRUST_PROXY as Fastify's `trustProxy` (a count of hops as proxy-addr counts them: the nearest N are trusted). */
function trustProxySetting(value: string | undefined): Config['trustProxy'] {
  const parsed = value === undefined ? null : trustProxyOf(value);
  if (parsed === null) return false;
  return typeof parsed === 'number' ? (_address: string, hop: number) => hop < parsed : parsed;
}

/** TRUST_PROXY read: a hop count, or a list of addresses, CIDRs and proxy-addr's names; null: not valid. */
function trustProxyOf(value: string): number | string | null {
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10 ? Number(value) : null;
  const items = value.split(',').map((item) => item.trim()).filter(Boolean);
  const valid = (item: string) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
    const [address = '', prefix, ...rest] = item.split('/');
    if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
    return isIP(address) !== 0;
  };
  return items.length > 0 && items.every(valid) ? items.join(',') : null;
}

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

  const storage = storageConfig(e, dataDir);

  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA ?? null }
      : { dialect: 'sqlite', file: path.join(dataDir, 'gallery.sqlite') },
    storage,
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
    ...demoDataSetting(e.DEMO_DATA, e.PUBLIC_URL ?? `http://localhost:${port}`),
    authRateLimit: e.AUTH_RATE_LIMIT ? Number(e.AUTH_RATE_LIMIT) : 20,
    sessionCodeRateLimit: e.SESSION_CODE_RATE_LIMIT ? Number(e.SESSION_CODE_RATE_LIMIT) : 20,
    imageQueue: {
      concurrency: e.IMAGE_QUEUE_CONCURRENCY ? Number(e.IMAGE_QUEUE_CONCURRENCY) : 1,
      maxWaiting: e.IMAGE_QUEUE_WAITING ? Number(e.IMAGE_QUEUE_WAITING) : 8,
    },
    segmentation: {
      threads: e.SEGMENTATION_THREADS ? Number(e.SEGMENTATION_THREADS) : Math.max(1, Math.floor(os.availableParallelism() / 2)),
      maxWaiting: e.SEGMENTATION_QUEUE_WAITING ? Number(e.SEGMENTATION_QUEUE_WAITING) : 4,
      idleSeconds: e.SEGMENTATION_IDLE_SECONDS ? Number(e.SEGMENTATION_IDLE_SECONDS) : undefined,
      modelDir: path.join(REPO_ROOT, 'apps/web/public/editor-models'),
    },
    appointmentReminderMinutes: e.APPOINTMENT_REMINDER_MINUTES ? Number(e.APPOINTMENT_REMINDER_MINUTES) : 5,
    mail: {
      sweepSeconds: e.MAIL_SWEEP_SECONDS ? Number(e.MAIL_SWEEP_SECONDS) : 30,
      maxAttempts: e.MAIL_MAX_ATTEMPTS ? Number(e.MAIL_MAX_ATTEMPTS) : 10,
      retrySeconds: e.MAIL_RETRY_SECONDS ? Number(e.MAIL_RETRY_SECONDS) : 60,
      claimSeconds: e.MAIL_CLAIM_SECONDS ? Number(e.MAIL_CLAIM_SECONDS) : 120,
    },
    jobs: {
      enabled: e.JOBS_ENABLED !== 'off',
      pollIntervalMs: e.JOBS_POLL_INTERVAL_MS ? Number(e.JOBS_POLL_INTERVAL_MS) : 1000,
      pgBossSchema: e.JOBS_SCHEMA ?? (e.DATABASE_SCHEMA ? `${e.DATABASE_SCHEMA.slice(0, 43)}_pgboss` : 'pgboss'),
      leaseSeconds: e.JOB_LEASE_SECONDS ? Number(e.JOB_LEASE_SECONDS) : 60,
    },
    uploads: {
      expiryHours: e.UPLOAD_EXPIRY_HOURS ? Number(e.UPLOAD_EXPIRY_HOURS) : 24,
      budgetBytes: e.UPLOAD_BUDGET_BYTES ? Number(e.UPLOAD_BUDGET_BYTES) : 20 * 1024 ** 3,
      shootBudgetBytes: e.UPLOAD_SHOOT_BUDGET_BYTES ? Number(e.UPLOAD_SHOOT_BUDGET_BYTES) : 4 * 1024 ** 3,
    },
    galleryPageCacheBytes: (e.GALLERY_PAGE_CACHE_MB ? Number(e.GALLERY_PAGE_CACHE_MB) : 32) * 1024 * 1024,
    logLevel: (e.LOG_LEVEL as LogLevel | undefined) ?? 'info',
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : [],
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    instanceId: e.INSTANCE_ID ?? null,
  };
}

/** STORAGE=disk (default): DATA_DIR/media. STORAGE=s3: the bucket, which must then be named. */
function storageConfig(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if ((e.STORAGE ?? 'disk') === 'disk') return { kind: 'disk', root: path.join(dataDir, 'media') };
  if (!e.S3_BUCKET) throw new ConfigError(['STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a service other than AWS)']);
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(["AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's default chain)"]);
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/+$/, '') : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'on',
    prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/+$/, '')}/` : '',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY, ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}) }
        : null,
    presignTtlSeconds: e.S3_PRESIGN_TTL_SECONDS ? Number(e.S3_PRESIGN_TTL_SECONDS) : 300,
  };
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, { cwd: '/srv/gallery' });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults: port 8080, SQLite in DATA_DIR, demo data on', () => {
    const config = loadConfig({ DATA_DIR: 'var/data' }, { cwd: '/srv/gallery' });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: '/srv/gallery/var/data',
      database: { dialect: 'sqlite', file: '/srv/gallery/var/data/gallery.sqlite' },
      smtpUrl: null,
      mailFrom: 'Studio Gallery <no-reply@studio-gallery.test>',
      google: { clientId: null, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
      jwtSecret: null,
      demoData: true,
      authRateLimit: 20,
      sessionCodeRateLimit: 20,
      imageQueue: { concurrency: 1, maxWaiting: 8 },
      galleryPageCacheBytes: 32 * 1024 * 1024,
      logLevel: 'info',
      corsOrigins: [],
    });
  });

  it('puts the default data and web folders at the repository root, whatever the working folder', () => {
    const config = loadConfig({}, { cwd: '/somewhere/else' });
    const repoRoot = path.resolve(import.meta.dirname, '../../..');
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(config.webDist).toBe(path.join(repoRoot, 'apps/web/dist'));
  });

  it('resolves relative paths against the folder npm was started from (INIT_CWD)', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/home/me/gallery' }).dataDir).toBe('/home/me/gallery/data');
  });

  it('reads PostgreSQL URLs, PUBLIC_URL without trailing slash, and switches', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATABASE_URL: 'postgres://user:pw@db:5432/gallery',
        DATABASE_SCHEMA: 'suite_1',
        PUBLIC_URL: 'https://photos.example.com/',
        DEMO_DATA: 'off',
        AUTH_RATE_LIMIT: '5',
        SESSION_CODE_RATE_LIMIT: '7',
        IMAGE_QUEUE_CONCURRENCY: '2',
        IMAGE_QUEUE_WAITING: '0',
        GALLERY_PAGE_CACHE_MB: '0',
        CORS_ORIGINS: 'https://a.example, https://b.example',
      },
      { cwd: '/' },
    );
    expect(config).toMatchObject({
      port: 9000,
      publicUrl: 'https://photos.example.com',
      database: { dialect: 'postgres', url: 'postgres://user:pw@db:5432/gallery', schema: 'suite_1' },
      demoData: false,
      authRateLimit: 5,
      sessionCodeRateLimit: 7,
      imageQueue: { concurrency: 2, maxWaiting: 0 },
      galleryPageCacheBytes: 0,
      corsOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '  ' }, { cwd: '/' })).toMatchObject({ port: 8080, smtpUrl: null });
  });

  it('names each bad value in a clear message', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT must be a whole number between 1 and 65535']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be a whole number between 1 and 65535']);
    expect(problemsOf({ DATABASE_URL: 'mysql://localhost/db' })).toEqual([
      'DATABASE_URL must be a URL starting with postgres:// or postgresql:// (leave it unset to use the SQLite file in DATA_DIR)',
    ]);
    expect(problemsOf({ DEMO_DATA: 'yes', LOG_LEVEL: 'loud', JWT_SECRET: 'short' })).toEqual([
      'JWT_SECRET must be at least 32 characters long (or unset, to generate one in DATA_DIR)',
      'DEMO_DATA must be "on" or "off"',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(problemsOf({ IMAGE_QUEUE_CONCURRENCY: '0', IMAGE_QUEUE_WAITING: '-1' })).toEqual([
      'IMAGE_QUEUE_CONCURRENCY must be a whole number between 1 and 1024',
      'IMAGE_QUEUE_WAITING must be a whole number between 0 (no waiting) and 10000',
    ]);
    expect(problemsOf({ SMTP_URL: 'mail.example.com' })).toEqual(['SMTP_URL must be a URL starting with smtp:// or smtps://']);
    expect(problemsOf({ DATABASE_SCHEMA: 'x' })).toEqual(['DATABASE_SCHEMA needs a PostgreSQL DATABASE_URL']);
  });

  it('reads the Stripe keys and STRIPE_API_URL, and refuses half a Stripe configuration', () => {
    expect(
      loadConfig(
        { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_URL: 'http://127.0.0.1:12111/' },
        { cwd: '/' },
      ).stripe,
    ).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1', apiUrl: 'http://127.0.0.1:12111' });
    expect(loadConfig({}, { cwd: '/' }).stripe).toEqual({ secretKey: null, publishableKey: null, webhookSecret: null, apiUrl: null });
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual(['STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together']);
    expect(problemsOf({ STRIPE_API_URL: 'localhost:12111' })).toEqual([
      "STRIPE_API_URL must be a URL starting with http:// or https:// (a local stand-in of Stripe's API; leave it unset for Stripe)",
    ]);
  });

  it('lists every problem in the error message', () => {
    expect(() => loadConfig({ PORT: '0', AUTH_RATE_LIMIT: '-1' }, { cwd: '/' })).toThrow(
      /Invalid configuration:\n {2}- PORT .*\n {2}- AUTH_RATE_LIMIT /,
    );
  });
});

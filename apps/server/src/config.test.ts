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
      mail: { sweepSeconds: 30, maxAttempts: 10, retrySeconds: 60, claimSeconds: 120 },
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

  it('seeds demo data only where it is safe: DEMO_DATA=on, or unset with a loopback PUBLIC_URL; never with DEMO_DATA=off', () => {
    const demo = (env: Record<string, string>) => {
      const { demoData, demoDataReason } = loadConfig(env, { cwd: '/' });
      return { demoData, demoDataReason };
    };
    // npm start: PUBLIC_URL defaults to http://localhost:$PORT.
    expect(demo({})).toEqual({ demoData: true, demoDataReason: 'Demo data is on: PUBLIC_URL http://localhost:8080 is a loopback address (DEMO_DATA=off starts an empty studio).' });
    for (const url of ['http://127.0.0.1:8080', 'http://127.1.2.3', 'http://[::1]:8080', 'https://gallery.localhost', 'http://LOCALHOST:9000']) {
      expect(demo({ PUBLIC_URL: url }).demoData, url).toBe(true);
    }
    for (const url of ['https://gallery.example.com', 'http://192.168.1.20:8080', 'http://0.0.0.0:8080', 'http://localhost.example.com', 'http://[::2]', 'http://128.0.0.1']) {
      expect(demo({ PUBLIC_URL: url }).demoData, url).toBe(false);
    }
    expect(demo({ PUBLIC_URL: 'https://gallery.example.com' }).demoDataReason).toBe(
      'Demo data is off: PUBLIC_URL https://gallery.example.com is not a loopback address, so no demo accounts with published passwords are created (DEMO_DATA=on to seed them anyway).',
    );
    expect(demo({ PUBLIC_URL: 'https://gallery.example.com', DEMO_DATA: 'on' })).toMatchObject({ demoData: true, demoDataReason: expect.stringMatching(/^Demo data is on \(DEMO_DATA=on\)/) });
    expect(demo({ DEMO_DATA: 'off' })).toEqual({ demoData: false, demoDataReason: 'Demo data is off (DEMO_DATA=off).' });
    expect(demo({ PUBLIC_URL: 'http://127.0.0.1:8080', DEMO_DATA: '' }).demoData).toBe(true);
  });

  it('reads TRUST_PROXY as a list of proxy addresses or a hop count, and trusts no proxy by default', () => {
    expect(loadConfig({}, { cwd: '/' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }, { cwd: '/' }).trustProxy).toBe('loopback,10.0.0.0/8,::1');
    const hops = loadConfig({ TRUST_PROXY: '2' }, { cwd: '/' }).trustProxy;
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    for (const bad of ['true', '0', '11', '10.0.0.0/8/1', 'proxy.example.com', '300.1.1.1']) {
      expect(problemsOf({ TRUST_PROXY: bad }), bad).toEqual([
        'TRUST_PROXY must be the number of proxies in front of the server (1 to 10) or a comma-separated list of their addresses or CIDR ranges (e.g. loopback or 10.0.0.0/8)',
      ]);
    }
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

describe('loadConfig: photo storage', () => {
  it('keeps media in DATA_DIR/media by default (STORAGE=disk)', () => {
    expect(loadConfig({ DATA_DIR: 'var/data' }, { cwd: '/srv/gallery' }).storage).toEqual({ kind: 'disk', root: '/srv/gallery/var/data/media' });
    expect(loadConfig({ DATA_DIR: 'var/data', STORAGE: 'disk', S3_BUCKET: 'ignored' }, { cwd: '/srv/gallery' }).storage.kind).toBe('disk');
  });

  it('reads the bucket with its defaults: us-east-1, AWS endpoint, virtual-hosted style, no prefix, the SDK credential chain, 300 s URLs', () => {
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'studio-photos' }).storage).toEqual({
      kind: 's3',
      bucket: 'studio-photos',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      prefix: '',
      credentials: null,
      presignTtlSeconds: 300,
    });
  });

  it('reads an S3-compatible service, a prefix, static credentials and the URL lifetime', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'photos',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_FORCE_PATH_STYLE: 'on',
      S3_PREFIX: 'studio/gallery',
      S3_PRESIGN_TTL_SECONDS: '120',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'photos',
      region: 'eu-central-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      prefix: 'studio/gallery/',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' },
      presignTtlSeconds: 120,
    });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'photos', S3_PREFIX: 'tenant-1/' }).storage).toMatchObject({ prefix: 'tenant-1/' });
  });

  it('names each bad storage value', () => {
    expect(problemsOf({ STORAGE: 'ftp' })).toEqual(['STORAGE must be "disk" (DATA_DIR/media) or "s3" (an S3-compatible bucket, S3_BUCKET)']);
    expect(problemsOf({ STORAGE: 's3' })).toEqual(['STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a service other than AWS)']);
    expect(problemsOf({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })[0]).toMatch(/^S3_BUCKET must be a bucket name/);
    expect(problemsOf({ STORAGE: 's3', S3_BUCKET: 'b3t', S3_ENDPOINT: 'minio:9000' })[0]).toMatch(/^S3_ENDPOINT must be a URL starting with http:\/\/ or https:\/\//);
    expect(problemsOf({ S3_FORCE_PATH_STYLE: 'yes' })).toEqual(['S3_FORCE_PATH_STYLE must be "on" or "off"']);
    expect(problemsOf({ S3_PREFIX: '../up' })[0]).toMatch(/^S3_PREFIX must be a folder path/);
    expect(problemsOf({ S3_PREFIX: '/abs' })[0]).toMatch(/^S3_PREFIX must be a folder path/);
    expect(problemsOf({ S3_PRESIGN_TTL_SECONDS: '5' })).toEqual(['S3_PRESIGN_TTL_SECONDS must be a whole number between 10 and 3600']);
    expect(problemsOf({ S3_PRESIGN_TTL_SECONDS: '86400' })).toEqual(['S3_PRESIGN_TTL_SECONDS must be a whole number between 10 and 3600']);
    expect(problemsOf({ STORAGE: 's3', S3_BUCKET: 'photos', AWS_ACCESS_KEY_ID: 'AKIA' })[0]).toMatch(/^AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/);
  });
});

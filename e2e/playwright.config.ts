// Playwright against the real server (the bundle `npm start` runs) serving the built web app, on a
// fresh file SQLite database per run. Run through `npm run test:e2e` (scripts/e2e.mjs), which finds
// Chromium and builds the web app first.
//
// The run's data folder and URL are chosen once, in the runner process, and handed to the workers via
// environment variables (workers inherit the runner's environment and load this file again):
//   E2E_DATA_DIR  e2e/.artifacts/data-<timestamp>   (database, photos, outbox/*.eml, server.log)
//   E2E_BASE_URL  http://127.0.0.1:<port>           (port 4173, or a free one if 4173 is taken; E2E_PORT forces one)
// A second server runs in Stripe mode (keys set, Stripe's API answered by a local stand-in) for the
// checkout journey that pays through Stripe:
//   E2E_STRIPE_BASE_URL, E2E_STRIPE_DATA_DIR, E2E_STRIPE_API_URL
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from '../apps/server/test/support/free-port';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(e2eDir, '..');
const artifacts = path.join(e2eDir, '.artifacts');
const isCI = Boolean(process.env.CI);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

if (!process.env.E2E_BASE_URL) {
  const forced = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const port = forced ?? ((await portIsFree(4173)) ? 4173 : await freePort());
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
}
if (!process.env.E2E_DATA_DIR) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  process.env.E2E_DATA_DIR = path.join(artifacts, `data-${stamp}`);
}
if (!process.env.E2E_STRIPE_BASE_URL) {
  process.env.E2E_STRIPE_BASE_URL = `http://127.0.0.1:${await freePort()}`;
  process.env.E2E_STRIPE_API_URL = `http://127.0.0.1:${await freePort()}`;
  process.env.E2E_STRIPE_DATA_DIR = `${process.env.E2E_DATA_DIR}-stripe`;
}
const baseURL = process.env.E2E_BASE_URL;
const dataDir = process.env.E2E_DATA_DIR;
const port = new URL(baseURL).port;
const stripeBaseURL = process.env.E2E_STRIPE_BASE_URL;
const stripeApiUrl = process.env.E2E_STRIPE_API_URL!;
const stripeDataDir = process.env.E2E_STRIPE_DATA_DIR!;
fs.mkdirSync(dataDir, { recursive: true });
fs.mkdirSync(stripeDataDir, { recursive: true });

// Mail must land in DATA_DIR/outbox (readMail reads it) and the database must be the run's own
// SQLite file: never inherit an SMTP server or a database URL from the caller's shell.
delete process.env.SMTP_URL;
delete process.env.DATABASE_URL;
delete process.env.DATABASE_SCHEMA;

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
// The servers run as `npm start` runs them: the esbuild bundle on plain node, built once per run
// (workers inherit E2E_SERVER_BUILT and skip it).
if (!process.env.E2E_SERVER_BUILT) {
  execFileSync(process.execPath, [path.join(root, 'apps', 'server', 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  process.env.E2E_SERVER_BUILT = '1';
}
const server = `node --enable-source-maps apps/server/dist/server.js`;
const serverLog = path.join(dataDir, 'server.log');

export default defineConfig({
  testDir: e2eDir,
  testMatch: '**/*.spec.ts',
  testIgnore: ['**/.artifacts/**', '**/node_modules/**'],
  outputDir: path.join(artifacts, 'test-results'),
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: path.join(artifacts, 'report'), open: 'never' }]],

  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },

  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        userAgent: devices['Pixel 7']?.userAgent,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],

  webServer: [
    {
      // stdout (the request log) goes to the run's server.log; stderr shows in the test output.
      command: `${server} >> "${serverLog}"`,
      cwd: root,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        DEMO_DATA: 'on',
        AUTH_RATE_LIMIT: '1000',
        WEB_DIST: path.join(root, 'apps', 'web', 'dist'),
      },
    },
    {
      command: `"${tsx}" e2e/support/stripe-stand-in-server.ts ${new URL(stripeApiUrl).port}`,
      cwd: root,
      // Without an API key the stand-in answers 401, which tells Playwright it is up.
      url: `${stripeApiUrl}/v1/payment_intents`,
      reuseExistingServer: false,
      timeout: 60_000,
      stderr: 'pipe',
    },
    {
      command: `${server} >> "${path.join(stripeDataDir, 'server.log')}"`,
      cwd: root,
      url: `${stripeBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: new URL(stripeBaseURL).port,
        HOST: '127.0.0.1',
        PUBLIC_URL: stripeBaseURL,
        DATA_DIR: stripeDataDir,
        DEMO_DATA: 'off',
        AUTH_RATE_LIMIT: '1000',
        WEB_DIST: path.join(root, 'apps', 'web', 'dist'),
        STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_stand_in',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e_stand_in',
        STRIPE_API_URL: stripeApiUrl,
      },
    },
  ],
});

import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  testMatch: process.env.R24_SPEC ?? 'studio-phone-width.spec.ts',
  outputDir: '/tmp/r24/pw-results',
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { baseURL: process.env.R24_BASE, timezoneId: 'America/Chicago', locale: 'en-US', reducedMotion: 'reduce', launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] } },
});

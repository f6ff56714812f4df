import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Three suites: pure/unit (node), web components (jsdom), and the API suite over HTTP
// against a real database (SQLite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    // Vitest's default leaves a core to itself (cpus - 1 workers): on the 2-core machines CI runs on,
    // one test file at a time, while an API file spends most of its time waiting on its database,
    // sharp's threads and HTTP. Files never share rows, schemas, folders or ports, so two run at once.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The crash suite (`npm run test:crash`, issue 25): the real server killed at named points and
        // restarted; one file at a time, the machine is busy enough with the servers it starts.
        test: {
          name: 'crash',
          environment: 'node',
          include: ['apps/server/crash/**/*.test.ts'],
          globalSetup: ['apps/server/crash/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

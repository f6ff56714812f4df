/**
 * Named points where the crash test suite (`npm run test:crash`, apps/server/crash/) kills the process
 * with SIGKILL, to reproduce a crash in a precise window (issue 25). Off unless the test-only variable
 * CRASH_AT names the point; NODE_ENV=production ignores it altogether.
 *
 *   CRASH_AT=upload-finished-before-row      kill at that point the first time it is reached
 *   CRASH_AT=shoot-import-after-photo:3      kill the 3rd time it is reached
 *
 * Read once at start-up (it is a test hook, not configuration: config.ts stays the home of settings).
 */
const spec = process.env.NODE_ENV === 'production' ? undefined : process.env.CRASH_AT;
const [armedPoint, armedCount] = (spec ?? '').split(':');
const killAfter = Math.max(1, Number(armedCount) || 1);
let reached = 0;

export type CrashPoint =
  | 'upload-finished-before-row'
  | 'shoot-import-after-photo'
  | 'shoot-import-before-invitation'
  | 'start-import-after-status'
  | 'after-commit-before-mail'
  | 'save-edit-after-file'
  | 'webhook-after-payment'
  | 'booking-after-insert'
  | 'mail-after-send-before-mark';

/** Kills this process on the spot when CRASH_AT names `point` (and its count is reached). */
export function crashPoint(point: CrashPoint): void {
  if (!armedPoint || armedPoint !== point) return;
  reached += 1;
  if (reached < killAfter) return;
  process.kill(process.pid, 'SIGKILL');
}

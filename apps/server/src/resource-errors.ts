/**
 * Failures of the machine rather than of the request (issue 25): a full disk and a database too busy
 * to take a write. Recognised wherever they surface (a file write, SQLite, PostgreSQL, a wrapped
 * `cause`), so that plugins/error-handler.ts and the tus server answer them the same way: one clear
 * status and message, never the raw text of the error.
 */

/** The answer to any write refused by a full disk (507 Insufficient Storage). */
export const STORAGE_FULL_MESSAGE = "The studio's storage is full: nothing was saved. Try again later.";
export const STORAGE_FULL_STATUS = 507;

/** The answer to a write SQLite could not lock in time (503, retried by the client). */
export const DATABASE_BUSY_MESSAGE = 'The studio is busy right now: nothing was saved. Try again in a moment.';
export const DATABASE_BUSY_STATUS = 503;

/** Error codes of a full disk or quota: the OS, SQLite (better-sqlite3), PostgreSQL (53100 disk_full). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
const FULL_TEXT = /database or disk is full|no space left on device|disk quota exceeded/i;
const BUSY_TEXT = /database is locked|database table is locked/i;

/** The error and its causes (`cause`, AggregateError's `errors`), nearest first; bounded against cycles. */
function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  const queue = [error];
  while (queue.length > 0 && seen.length < 16) {
    const next = queue.shift();
    if (next === undefined || next === null || seen.includes(next)) continue;
    seen.push(next);
    if (typeof next === 'object') {
      const record = next as { cause?: unknown; errors?: unknown };
      if (record.cause !== undefined) queue.push(record.cause);
      if (Array.isArray(record.errors)) queue.push(...(record.errors as unknown[]));
    }
  }
  return seen;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

/** The code or text that says the disk is full (for the log line), or null when it is another failure. */
export function storageFullCause(error: unknown): string | null {
  for (const e of chain(error)) {
    const code = codeOf(e);
    if (code && FULL_CODES.has(code)) return code;
    const text = messageOf(e);
    if (FULL_TEXT.test(text)) return text.match(FULL_TEXT)?.[0] ?? text;
  }
  return null;
}

export function isStorageFull(error: unknown): boolean {
  return storageFullCause(error) !== null;
}

/** SQLite could not take its lock within busy_timeout (SQLITE_BUSY*, SQLITE_LOCKED*). */
export function isDatabaseBusy(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = codeOf(e);
    return (code !== undefined && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))) || BUSY_TEXT.test(messageOf(e));
  });
}

/** The status and message of a resource failure, or null for any other error. */
export function resourceFailure(error: unknown): { status: number; message: string; cause: string } | null {
  if (error instanceof InsufficientStorageError) return { status: STORAGE_FULL_STATUS, message: error.message, cause: 'not enough storage for the upload' };
  const full = storageFullCause(error);
  if (full) return { status: STORAGE_FULL_STATUS, message: STORAGE_FULL_MESSAGE, cause: `storage full (${full})` };
  if (isDatabaseBusy(error)) return { status: DATABASE_BUSY_STATUS, message: DATABASE_BUSY_MESSAGE, cause: 'database busy (SQLITE_BUSY)' };
  return null;
}

/**
 * A write refused before it starts because the space it needs is not there (an upload larger than
 * the disk's free space, or than the uploads' budget): 507, with a message that says which.
 */
export class InsufficientStorageError extends Error {
  constructor(message: string = STORAGE_FULL_MESSAGE) {
    super(message);
    this.name = 'InsufficientStorageError';
  }
}

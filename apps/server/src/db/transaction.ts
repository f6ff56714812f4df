import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * What a statement runs on: the database, or a transaction of it (Kysely's Transaction is a Kysely).
 * Repositories are built over either; a service hands the one of its change to the mail outbox.
 */
export type Executor = Kysely<Database>;

type CommitAction = () => Promise<void>;

/** The actions waiting for each open transaction's commit (see inTransaction / onCommit). */
const waitingForCommit = new WeakMap<Executor, CommitAction[]>();

/**
 * Runs `work` in one database transaction, then (once it committed) the actions registered on it
 * with onCommit, in order. Inside a transaction already (`db` is one), `work` joins it: its actions
 * wait for that outer commit. A rollback drops them.
 *
 * On SQLite the database has one connection: inside `work`, every statement must go through `trx`
 * (a query on the root database would wait for the transaction to end, for ever).
 */
export async function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const actions: CommitAction[] = [];
  const result = await db.transaction().execute((trx) => {
    waitingForCommit.set(trx, actions);
    return work(trx);
  });
  for (const action of actions) await action();
  return result;
}

/**
 * Runs `action` after `executor` commits: at once when `executor` is no transaction (its statements
 * committed already); after the commit of a transaction opened by inTransaction. False when
 * `executor` is a transaction opened some other way: nothing will run the action.
 */
export async function onCommit(executor: Executor, action: CommitAction): Promise<boolean> {
  if (!executor.isTransaction) {
    await action();
    return true;
  }
  const actions = waitingForCommit.get(executor);
  if (!actions) return false;
  actions.push(action);
  return true;
}

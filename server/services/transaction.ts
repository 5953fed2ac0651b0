// A service's writes that must land together run through inTransaction, so the route never opens a transaction: given
// the database it opens one, given a transaction in progress (the seed, a bulk upload, another service) it joins it.
import type { Database, Queryable } from '../db/client';

const isDatabase = (db: Queryable): db is Database => typeof (db as Partial<Database>).transaction === 'function';

export function inTransaction<T>(db: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return isDatabase(db) ? db.transaction(fn) : fn(db);
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * Runs `work` as one unit: every repository call it makes with the transaction it is handed
 * commits together, or none does. Services open their transactions here, so repositories only
 * ever take one (a `...In(trx, ...)` operation) and never decide where a unit of work ends.
 */
export function inTransaction<Result>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<Result>,
): Promise<Result> {
  return db.transaction().execute(work);
}

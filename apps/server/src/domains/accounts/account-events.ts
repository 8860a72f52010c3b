import { EventEmitter } from 'node:events';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

const CHANNEL = 'sayso_account_changed';

/**
 * Tells the transaction's database that a user's credits or balance changed. PostgreSQL delivers
 * the notice only if the transaction commits, to every process listening, so an API instance
 * learns of a purchase made through another.
 */
export async function notifyAccountChanged(trx: Transaction<Database> | Kysely<Database>, userId: string) {
  await sql`select pg_notify(${CHANNEL}, ${userId})`.execute(trx);
}

/** Fans the database's account notices out to the listeners of this process, per user. */
export class AccountEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private stopListening: (() => Promise<void>) | null = null;

  async start(database: Pick<DatabaseHandle, 'listen'>): Promise<void> {
    this.stopListening = await database.listen(CHANNEL, (userId) => this.emitter.emit(userId));
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }

  subscribe(userId: string, listener: () => void): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }
}

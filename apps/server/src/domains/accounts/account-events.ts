import { EventEmitter } from 'node:events';
import type { DatabaseHandle } from '../../db/database.js';

/** The PostgreSQL channel on which a committed change of credits or balance is announced. */
export const ACCOUNT_CHANGED_CHANNEL = 'sayso_account_changed';

/** Fans the database's account notices out to the listeners of this process, per user. */
export class AccountEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private stopListening: (() => Promise<void>) | null = null;

  async start(database: Pick<DatabaseHandle, 'listen'>): Promise<void> {
    this.stopListening = await database.listen(ACCOUNT_CHANGED_CHANNEL, (userId) => this.emitter.emit(userId));
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

import { EventEmitter } from 'node:events';

/**
 * Tells listeners in this process that a user's credits or balance changed. Publish only after
 * the transaction that changed them has committed.
 */
export class AccountEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(userId: string): void {
    this.emitter.emit(userId);
  }

  subscribe(userId: string, listener: () => void): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }
}

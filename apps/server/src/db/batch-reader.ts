/** The most ids one statement reads; a busier turn sends several statements. */
const MAX_BATCH = 100;

interface Waiter<T> {
  resolve: (row: T | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads rows by id for many callers at once: every caller that asks in the same turn of the event
 * loop shares one statement, sent when the turn ends. Each answer is still read after its caller
 * asked, so nothing is served from a cache. Under a crowd of pollers this turns one database round
 * trip per poll into one per turn, which is what a poll costs most on either database (issue 15).
 */
export class BatchReader<T extends { id: string }> {
  private pending: Map<string, Array<Waiter<T>>> | null = null;

  constructor(private readonly readMany: (ids: string[]) => Promise<T[]>) {}

  read(id: string): Promise<T | undefined> {
    return new Promise((resolve, reject) => {
      let batch = this.pending;
      if (!batch) {
        const started = new Map<string, Array<Waiter<T>>>();
        batch = started;
        this.pending = started;
        setImmediate(() => void this.send(started));
      }
      const waiters = batch.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(id, [{ resolve, reject }]);
      // A full batch goes as it is; the next caller starts another.
      if (batch.size >= MAX_BATCH) this.pending = null;
    });
  }

  private async send(batch: Map<string, Array<Waiter<T>>>): Promise<void> {
    if (this.pending === batch) this.pending = null;
    try {
      const rows = await this.readMany([...batch.keys()]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [id, waiters] of batch) for (const waiter of waiters) waiter.resolve(byId.get(id));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}

/** More tasks queued without a poll than this, and the list gives way to one read of the line. */
const MAX_ADDED = 1_000;

/** A waiting task as the line holds it. */
export interface QueuedTaskKey {
  id: string;
  queuedAt: Date;
}

/** The waiting tasks in line order, and when the read that found them started. */
interface Snapshot {
  index: Map<string, number>;
  queuedAt: number[];
  startedAt: number;
  /** The count of changes this process had made when the read started. */
  changes: number;
}

/**
 * Places in the speech queue from one ordered read of the waiting tasks, shared by every poll
 * for up to `maxAgeMs`, instead of a count per poll. A count walks every task ahead in the line,
 * and on PGlite (which has no autovacuum) each of them costs a heap visit: with a backlog of
 * thousands, polls cost milliseconds each and starved the single connection (issue 15).
 *
 * Tasks this process queues are added to the line it holds (`queued()`), so a burst of
 * submissions costs no reads; a task it requeues, moves or starts makes the next poll read the
 * line again (`changed()`). Changes made by other processes (separate workers, more API
 * replicas) show within `maxAgeMs`. A task's own status is always read fresh: this only answers
 * how many are ahead of it.
 */
export class QueueOrder {
  private snapshot: Snapshot | null = null;
  private reading: Promise<Snapshot> | null = null;
  private changes = 0;
  /** Tasks this process queued, each with when it was told; a read that starts later holds them. */
  private added: Array<{ key: QueuedTaskKey; at: number }> = [];

  constructor(
    private readonly readLine: () => Promise<QueuedTaskKey[]>,
    private readonly maxAgeMs = 1_000,
  ) {}

  /** This process changed who waits or in what order; the next question reads the line again. */
  changed(): void {
    this.changes += 1;
  }

  /** This process queued a task (after its transaction committed). */
  queued(key: QueuedTaskKey): void {
    // Nobody asked for a while: reading the line again costs less than keeping a long list.
    if (this.added.length >= MAX_ADDED) this.changed();
    else this.added.push({ key, at: performance.now() });
  }

  /** How many waiting tasks are ahead of a waiting task. */
  async positionOf(task: QueuedTaskKey): Promise<number> {
    const line = await this.current();
    // Not in the line read: queued since, behind every task queued before it.
    let ahead = line.index.get(task.id) ?? countAtOrBefore(line.queuedAt, task.queuedAt.getTime());
    for (const { key } of this.added) {
      if (key.id !== task.id && !line.index.has(key.id) && isBefore(key, task)) ahead += 1;
    }
    return ahead;
  }

  /** A read that started after the latest change and within `maxAgeMs`; at most two reads away. */
  private async current(): Promise<Snapshot> {
    const wanted = { changes: this.changes, since: performance.now() - this.maxAgeMs };
    const fits = (line: Snapshot | null): line is Snapshot =>
      line !== null && line.changes >= wanted.changes && line.startedAt >= wanted.since;
    if (fits(this.snapshot)) return this.snapshot;
    // A read under way may have started before the change this caller must see.
    const underWay = this.reading;
    if (underWay && fits(await underWay)) return underWay;
    if (this.reading === underWay || this.reading === null) this.reading = this.read();
    return this.reading;
  }

  private read(): Promise<Snapshot> {
    const startedAt = performance.now();
    const changes = this.changes;
    const reading = this.readLine().then((keys) => {
      const line: Snapshot = {
        index: new Map(keys.map((key, place) => [key.id, place])),
        queuedAt: keys.map((key) => key.queuedAt.getTime()),
        startedAt,
        changes,
      };
      if (!this.snapshot || this.snapshot.startedAt < startedAt) {
        this.snapshot = line;
        // Committed before the read started, so the read found each of them (or found it gone).
        this.added = this.added.filter((entry) => entry.at >= startedAt);
      }
      return line;
    });
    const forget = () => {
      if (this.reading === reading) this.reading = null;
    };
    reading.then(forget, forget);
    return reading;
  }
}

/** Same-millisecond ties among this process's own tasks fall back to the id: a rare, harmless guess. */
function isBefore(a: QueuedTaskKey, b: QueuedTaskKey): boolean {
  const difference = a.queuedAt.getTime() - b.queuedAt.getTime();
  return difference < 0 || (difference === 0 && a.id < b.id);
}

/** How many of the ascending `times` are at or before `time`. */
function countAtOrBefore(times: number[], time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] ?? Number.POSITIVE_INFINITY) <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

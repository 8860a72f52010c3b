import { describe, expect, it } from 'vitest';
import { QueueOrder, type QueuedTaskKey } from '../../src/domains/speech/queue-order.js';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, 0, ms));

/** A line the test controls, counting the reads and able to hold one open. */
function line(keys: QueuedTaskKey[]) {
  let reads = 0;
  let gate: Promise<void> | null = null;
  return {
    keys,
    get reads() {
      return reads;
    },
    /** Holds every read started from now until `open()`; the read sees the line as it is when opened. */
    hold() {
      let open = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = null;
        open();
      };
    },
    read: async () => {
      reads += 1;
      const snapshot = [...keys];
      if (gate) await gate;
      return snapshot;
    },
  };
}

describe('QueueOrder', () => {
  it('counts the tasks ahead in line, and places a task it has not read behind those queued before it', async () => {
    const waiting = line([
      { id: 'c', queuedAt: at(1) },
      { id: 'a', queuedAt: at(1) },
      { id: 'b', queuedAt: at(5) },
    ]);
    const order = new QueueOrder(waiting.read);
    expect(await order.positionOf({ id: 'c', queuedAt: at(1) })).toBe(0);
    // Same millisecond: the database's order decides, not the id's.
    expect(await order.positionOf({ id: 'a', queuedAt: at(1) })).toBe(1);
    expect(await order.positionOf({ id: 'b', queuedAt: at(5) })).toBe(2);
    expect(await order.positionOf({ id: 'new', queuedAt: at(3) })).toBe(2);
    expect(await order.positionOf({ id: 'later', queuedAt: at(9) })).toBe(3);
    expect(waiting.reads).toBe(1);
  });

  it('shares one read between concurrent polls', async () => {
    const waiting = line([{ id: 'a', queuedAt: at(1) }]);
    const order = new QueueOrder(waiting.read);
    const open = waiting.hold();
    const positions = Array.from({ length: 50 }, () => order.positionOf({ id: 'a', queuedAt: at(1) }));
    open();
    expect(await Promise.all(positions)).toEqual(positions.map(() => 0));
    expect(waiting.reads).toBe(1);
  });

  it('reads the line again after this process changes it, even while an older read is under way', async () => {
    const waiting = line([{ id: 'a', queuedAt: at(1) }]);
    const order = new QueueOrder(waiting.read, 60_000);
    expect(await order.positionOf({ id: 'a', queuedAt: at(1) })).toBe(0);

    const open = waiting.hold();
    waiting.keys.unshift({ id: 'requeued', queuedAt: at(0) });
    order.changed();
    const before = order.positionOf({ id: 'a', queuedAt: at(1) });
    // A read started before this change cannot show it...
    waiting.keys.unshift({ id: 'earlier', queuedAt: at(0) });
    order.changed();
    const after = order.positionOf({ id: 'a', queuedAt: at(1) });
    open();
    expect(await before).toBeGreaterThanOrEqual(1);
    // ...so the later caller waits for a read that started after it.
    expect(await after).toBe(2);
    expect(waiting.reads).toBe(3);
  });

  it('reads the line again once the last read is older than the age allowed', async () => {
    const waiting = line([{ id: 'a', queuedAt: at(1) }]);
    const order = new QueueOrder(waiting.read, 20);
    expect(await order.positionOf({ id: 'a', queuedAt: at(1) })).toBe(0);
    waiting.keys.unshift({ id: 'from another process', queuedAt: at(0) });
    expect(await order.positionOf({ id: 'a', queuedAt: at(1) })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await order.positionOf({ id: 'a', queuedAt: at(1) })).toBe(1);
    expect(waiting.reads).toBe(2);
  });
});

describe('QueueOrder with tasks this process queues', () => {
  it('places each new task behind the ones before it without reading the line again', async () => {
    const waiting = line([{ id: 'old', queuedAt: at(1) }]);
    const order = new QueueOrder(waiting.read, 60_000);
    expect(await order.positionOf({ id: 'old', queuedAt: at(1) })).toBe(0);
    const added = [
      { id: 'x', queuedAt: at(10) },
      { id: 'y', queuedAt: at(11) },
      { id: 'z', queuedAt: at(11) },
    ];
    for (const key of added) {
      waiting.keys.push(key);
      order.queued(key);
    }
    const positions = [];
    for (const key of added) positions.push(await order.positionOf(key));
    expect(positions).toEqual([1, 2, 3]);
    expect(await order.positionOf({ id: 'old', queuedAt: at(1) })).toBe(0);
    expect(waiting.reads).toBe(1);
  });

  it('counts a task once when a later read holds it too', async () => {
    const waiting = line([{ id: 'old', queuedAt: at(1) }]);
    const order = new QueueOrder(waiting.read, 60_000);
    await order.positionOf({ id: 'old', queuedAt: at(1) });
    const key = { id: 'new', queuedAt: at(5) };
    waiting.keys.push(key);
    order.queued(key);
    // The worker starts the old task: the line is read again, and holds the new one.
    waiting.keys.shift();
    order.changed();
    expect(await order.positionOf(key)).toBe(0);
    expect(await order.positionOf({ id: 'later', queuedAt: at(9) })).toBe(1);
    expect(waiting.reads).toBe(2);
  });
});

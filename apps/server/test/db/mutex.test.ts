import { describe, expect, it } from 'vitest';
import { Mutex } from '../../src/db/mutex.js';

/** Busy for `ms` without yielding, as PGlite is while it runs a statement. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Occupies the thread like synchronous WebAssembly work.
  }
}

describe('Mutex', () => {
  it('lets one holder in at a time, in the order they asked', async () => {
    const lock = new Mutex();
    const order: number[] = [];
    let inside = 0;
    let mostInside = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        lock.run(async () => {
          inside += 1;
          mostInside = Math.max(mostInside, inside);
          order.push(n);
          await new Promise((resolve) => setTimeout(resolve, n % 3));
          inside -= 1;
        }),
      ),
    );
    expect(mostInside).toBe(1);
    expect(order).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('lets the event loop turn between holders whose work never waits', async () => {
    const lock = new Mutex();
    let finished = 0;
    const queue = Array.from({ length: 50 }, () =>
      lock.run(async () => {
        spin(1);
        finished += 1;
      }),
    );
    // A socket read or an accepted connection waits for the next turn of the loop, as this does.
    const finishedWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await Promise.all(queue);
    expect(finished).toBe(50);
    expect(finishedWhenTheLoopTurned).toBeLessThan(10);
  });

  it('ignores a second release, so a holder cannot free the next one’s turn', async () => {
    const lock = new Mutex();
    const first = await lock.acquire();
    const second = lock.acquire();
    first();
    const releaseSecond = await second;
    let thirdIn = false;
    const third = lock.acquire().then((release) => {
      thirdIn = true;
      release();
    });
    first();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(thirdIn).toBe(false);
    releaseSecond();
    await third;
    expect(thirdIn).toBe(true);
  });
});

/** How long holders may follow one another back to back before the event loop gets a turn. */
const SLICE_MS = 2;

/**
 * A first-come, first-served lock: one holder at a time, the rest wait in order.
 *
 * Holders follow one another at once for up to `SLICE_MS`; then the next one waits for the next
 * turn of the event loop. PGlite answers a statement without waiting on I/O, so without the
 * slice each HTTP request ran all its statements inside the socket callback that read it, and
 * under load one turn of the loop served every waiting connection back to back (hundreds of
 * milliseconds). Node accepts one new connection per turn (libuv 1.45+), so new visitors then
 * waited tens of seconds to be let in (issue 15's crowd). With the slice, the loop reads sockets
 * and accepts connections every few milliseconds, however long the line.
 */
export class Mutex {
  private held = false;
  private readonly waiting: Array<() => void> = [];
  /** When the current slice ends; 0 once the loop has turned since it began. */
  private sliceEndsAt = 0;

  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      this.waiting.push(() => resolve(this.releaser()));
      if (!this.held) this.handOn();
    });
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Gives the lock to the first waiter, now or in the loop's next turn; held meanwhile, so none jumps the line. */
  private handOn(): void {
    const next = this.waiting.shift();
    this.held = next !== undefined;
    if (!next) return;
    const now = performance.now();
    if (this.sliceEndsAt === 0) {
      this.sliceEndsAt = now + SLICE_MS;
      // Runs when the loop next turns, ahead of any holder deferred below, so a new slice begins then.
      setImmediate(() => {
        this.sliceEndsAt = 0;
      });
      next();
    } else if (now < this.sliceEndsAt) {
      next();
    } else {
      setImmediate(next);
    }
  }

  /** A release that works once, so a holder that releases twice cannot end the next one's turn. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.handOn();
    };
  }
}

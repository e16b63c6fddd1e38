/**
 * A counting semaphore with a bounded FIFO queue. Password hashing (scrypt) is CPU-bound: 32 parallel
 * sign-ins pushed an ordinary signed-in GET from 16 ms to 89 ms median on a 2-core server (issue 12
 * §5). The login route runs its password check through a gate, so at most `max` hashes compete with
 * the rest of the server; up to `queue` more sign-ins wait their turn (a shop's staff signing in at
 * opening time just waits a moment); beyond that `tryRun` answers null and the route says 503 with
 * Retry-After: the server is busy, which is neither the client's fault (429) nor worth queueing
 * without bound (every waiter holds a connection and memory).
 */
export class Gate {
  private running = 0;
  private waiting: Array<() => void> = [];
  /** The most checks seen running at once (tests read it). */
  peak = 0;

  get waitingCount() {
    return this.waiting.length;
  }

  get runningCount() {
    return this.running;
  }

  constructor(
    readonly max: number,
    readonly queue: number,
  ) {}

  /** Takes a slot now, or waits in line for one; null when the line is full. */
  acquire(): Promise<() => void> | null {
    if (this.running < this.max) return Promise.resolve(this.take());
    if (this.waiting.length >= this.queue) return null;
    return new Promise((resolve) => this.waiting.push(() => resolve(this.take())));
  }

  private take(): () => void {
    this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.waiting.shift()?.();
    };
  }

  /** Runs `fn` in a slot; null (without running it) when the line is full. */
  async tryRun<T>(fn: () => Promise<T>): Promise<{ value: T } | null> {
    const slot = this.acquire();
    if (!slot) return null;
    const release = await slot;
    try {
      return { value: await fn() };
    } finally {
      release();
    }
  }
}

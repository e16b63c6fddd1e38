import { describe, expect, it } from 'vitest';
import { Gate } from './gate';

describe('Gate', () => {
  it('runs at most `max` at once, queues up to `queue` in order, refuses beyond', async () => {
    const gate = new Gate(2, 2);
    const order: number[] = [];
    const holds: Array<() => void> = [];
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        order.push(n);
        holds.push(() => resolve(n));
      });
    const runs = [1, 2, 3, 4].map((n) => gate.tryRun(job(n)));
    expect(await gate.tryRun(job(5))).toBeNull(); // the line is full
    expect(order).toEqual([1, 2]);
    expect(gate.waitingCount).toBe(2);
    holds[0]!();
    await runs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([1, 2, 3]);
    holds[1]!();
    holds[2]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([1, 2, 3, 4]);
    holds[3]!();
    expect((await Promise.all(runs)).map((r) => r?.value)).toEqual([1, 2, 3, 4]);
    expect(gate.peak).toBe(2);
  });

  it('frees the slot when the work throws', async () => {
    const gate = new Gate(1, 0);
    await expect(gate.tryRun(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await gate.tryRun(async () => 7)).toEqual({ value: 7 });
  });
});

import { afterEach, beforeEach, vi } from 'vitest';
import { RETRY_DELAYS_MS } from './api';

/** Fake timers for the file's tests (the retry back-off), and fetch restored after each. */
export function withFakeClock() {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Runs a request to the end, moving the fake clock through the retry back-off. */
export async function settle<T>(p: Promise<T>) {
  const outcome = p.then(
    (v) => ({ ok: true as const, v }),
    (e: unknown) => ({ ok: false as const, e }),
  );
  for (const d of RETRY_DELAYS_MS) await vi.advanceTimersByTimeAsync(d);
  return outcome;
}

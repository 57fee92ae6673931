/**
 * Time limits, once for the whole extension (worker, panel, page scripts): every call that waits on
 * something outside our control (a page, the debugger, a model) gets a deadline, so no call hangs
 * (issue 25: a page blocked by a confirm() dialog never answers its messages).
 */

/**
 * Milliseconds on a monotonic clock (`performance.now()`): what every elapsed time and deadline in
 * one context is measured with. Never `Date.now()` for those: the wall clock steps (an NTP correction,
 * the user setting the clock, a VM resumed from a pause whose clock is then synced), and a deadline
 * measured on it ends early or late. Seen on the test machine: a wall-clock step of about 28 s made a
 * 10 s page call return "did not answer within 10000 ms" in a test that took 4.5 s in all
 * (docs/dialogs-and-deadlines.md).
 * Not comparable across contexts (each has its own origin): a deadline another context checks stays
 * an epoch time (content-bridge.ts `expiresAt`).
 */
export function monotonicMs(): number {
  return performance.now();
}

/**
 * Resolves after `ms`, or as soon as `signal` aborts. True when the full time passed, false when
 * the signal cut it short (the caller stops what it was waiting for).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = (finished: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(finished);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort);
  });
}

/**
 * `promise`'s value, or `onTimeout()` when it has not settled within `ms` (or rejected). The
 * promise itself keeps running: the caller decides what a late answer means (content-bridge.ts
 * makes the page drop requests that arrive after their deadline).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(onTimeout()), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        resolve(onTimeout());
      },
    );
  });
}

/**
 * `promise`'s value, or `onAbort()` once `signal` aborts (at once when it already has): the user's
 * Stop ends a task within a moment even when the call it is in never returns. After the abort the
 * promise gets `graceMs` more to settle on its own (a tool that heard the signal removes its
 * listeners and says what it did); then it is abandoned.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => T,
  graceMs = 0,
): Promise<T> {
  if (!signal) return promise;
  const abandoned = () => (graceMs > 0 ? withTimeout(promise, graceMs, onAbort) : Promise.resolve(onAbort()));
  if (signal.aborted) return abandoned();
  return new Promise((resolve, reject) => {
    const abort = () => resolve(abandoned());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', abort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

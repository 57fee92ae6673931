/**
 * Late evidence: what a response brings after the page's own observation window ended (issue 25).
 */
import type { Observation, ObservationReport } from './observe';
import { ACTION_WINDOW } from './quiet-window';

/**
 * The last settled observation stays on a little while: when the action sent requests, the worker
 * waits for their responses (it sees them; the page cannot) and collects this one (token `late`) to
 * hear what the responses changed: the toast after `POST /api/orders → 422`. Expires on its own.
 */
export { LATE_OBSERVATION_TOKEN as LATE_TOKEN } from '../../shared/tools/actions';
const LATE_KEEP_MS = 2500;
/** After the last response, how long the late collection may wait for the page to render it. */
const LATE_EXTRA_MS = 500;
let late: { obs: Observation; timer: ReturnType<typeof setTimeout> } | null = null;

function dropLate(): void {
  if (!late) return;
  clearTimeout(late.timer);
  late.obs.stop();
  late = null;
}

export function keepForLate(obs: Observation): void {
  dropLate();
  if (obs.navigating) {
    obs.stop();
    return;
  }
  const timer = setTimeout(() => {
    if (late?.obs === obs) dropLate();
  }, LATE_KEEP_MS);
  late = { obs, timer };
}

/** The kept observation's report once the page is quiet again, or null when none is kept (expired, navigated). */
export async function collectLate(): Promise<ObservationReport | null> {
  const kept = late;
  if (!kept) return null;
  clearTimeout(kept.timer);
  late = null;
  const elapsed = performance.now() - kept.obs.startedAt;
  await kept.obs.untilQuiet({ ...ACTION_WINDOW, minMs: elapsed + ACTION_WINDOW.minMs, maxMs: elapsed + LATE_EXTRA_MS });
  const report = kept.obs.report();
  kept.obs.stop();
  return report;
}

export function cancelLate(): void {
  dropLate();
}

/**
 * The worker's side of the untrusted-data fence. The format lives in `src/fence.ts`, shared with the
 * panel that parses it; this module keeps the worker's historical names.
 */
import { fence } from '../../src/fence';

export { closeMarker, makeNonce, openMarker } from '../../src/fence';

export function wrapUntrusted(nonce: string, source: string, body: string): string {
  return fence(nonce, source, body);
}

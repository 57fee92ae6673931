/**
 * The worker's side of the untrusted-data fence. The format lives in `shared/fence.ts`, shared with the
 * panel that parses it; this module keeps the worker's historical names.
 */
import { fence } from '../../shared/fence';

export { closeMarker, makeNonce, openMarker } from '../../shared/fence';

export function wrapUntrusted(nonce: string, source: string, body: string): string {
  return fence(nonce, source, body);
}

/**
 * One readable line for the cards of verify, wait_for, wait_for_stable, extract and inspect: whether
 * the check held and why not, how long a wait took, what an extraction got. Pure, for tool-summary.ts.
 */
import { isRecord } from '../../shared/result';

function seconds(ms: unknown): string {
  return typeof ms === 'number' ? ` after ${(ms / 1000).toFixed(1)} s` : '';
}

function shown(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

export function summarizeReadResult(obj: Record<string, unknown>): string | null {
  if (typeof obj.holds === 'boolean') {
    if (obj.holds) return `✓ holds${seconds(obj.waitedMs)}`;
    const f = isRecord(obj.failure) ? obj.failure : {};
    const why = typeof f.detail === 'string' ? ` (${f.detail})` : '';
    return `✗ ${String(f.kind ?? 'check')}: expected ${shown(f.expected)}, got ${shown(f.actual)}${why}${seconds(obj.waitedMs)}`;
  }
  if (typeof obj.stable === 'boolean') {
    return obj.stable
      ? `✓ quiet${seconds(obj.waitedMs)}`
      : `✗ not quiet${seconds(obj.waitedMs)}: ${String(obj.busy ?? '')}`;
  }
  if (typeof obj.complete === 'boolean' && 'data' in obj) {
    const fields = isRecord(obj.data) ? Object.keys(obj.data).length : Array.isArray(obj.data) ? obj.data.length : 0;
    const missing = Array.isArray(obj.missing) ? obj.missing.join(', ') : '';
    const warnings =
      Array.isArray(obj.warnings) && obj.warnings.length > 0 ? ` · ${obj.warnings.length} warning(s)` : '';
    return obj.complete ? `✓ ${fields} field(s)${warnings}` : `✗ incomplete: missing ${missing}${warnings}`;
  }
  if (isRecord(obj.box) && isRecord(obj.styles)) {
    const b = obj.box;
    const visible = obj.visible === true ? 'visible' : `not visible: ${String(obj.visible)}`;
    return `${String(b.width)}×${String(b.height)} px · ${visible}`;
  }
  return null;
}

/** One-line summaries for tool cards: the arguments a person needs to recognise the step. */
import { isRecord } from '../../src/result';

// Arguments that identify what a step touched, in the order people scan for them.
const KEY_ARGS = [
  'ref',
  'ref_id',
  'url',
  'text',
  'value',
  'key',
  'query',
  'option',
  'direction',
  'filter',
  'page',
  'tabId',
  'frame',
];

function short(value: unknown, max = 40): string | null {
  if (typeof value === 'string') {
    const flat = value.replace(/\s+/g, ' ');
    return JSON.stringify(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

export function summarizeArgs(args: unknown, limit = 3): string {
  if (!isRecord(args)) return short(args) ?? '';
  const parts: string[] = [];
  const keys = [...KEY_ARGS.filter((k) => k in args), ...Object.keys(args).filter((k) => !KEY_ARGS.includes(k))];
  for (const k of keys) {
    if (parts.length >= limit) break;
    const v = short(args[k]);
    if (v === null) continue;
    // Refs read best bare: `ref_12`, not `ref: "ref_12"`.
    parts.push(k === 'ref' || k === 'ref_id' ? v.replace(/^"|"$/g, '') : `${k}: ${v}`);
  }
  return parts.join(', ');
}

/** The first meaningful line of a result, for the card's outcome. */
export function summarizeResult(result: string | undefined, max = 90): string {
  if (result === undefined) return '';
  const line =
    result
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '' && !/^<\/?[a-z_-]+[^>]*>$/i.test(l)) ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function formatMs(ms: number | undefined): string {
  if (ms === undefined) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A ref named in the arguments, so the card can offer "show in page". */
export function refInArgs(args: unknown): string | undefined {
  if (!isRecord(args)) return undefined;
  const r = args.ref ?? args.ref_id;
  return typeof r === 'string' && /ref_\d+/.test(r) ? r : undefined;
}

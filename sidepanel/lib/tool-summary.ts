/** One-line summaries for tool cards: the arguments a person needs to recognise the step. */
import { unfence } from '../../shared/fence';
import { isRecord } from '../../shared/result';
import { isRef } from '../../shared/refs';
import { summarizeReadResult } from './read-summary';
import { collapse, cut, squish } from '../../shared/text';

// Arguments that identify what a step touched, in the order people scan for them.
const KEY_ARGS = [
  'check',
  'ref',
  'ref_id',
  'selector',
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
    return JSON.stringify(cut(collapse(value), max));
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

// The worker fences page-derived results (prompt-injection defence, shared/fence.ts); people reading a
// card want what is inside. The same module builds and parses the fence, so the two cannot drift.
function unwrapResult(result: string): string {
  return unfence(result);
}

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

/** The result for the expanded card: unwrapped, and pretty-printed when it is JSON. */
export function displayResult(result: string): string {
  const inner = unwrapResult(result);
  const obj = parseObject(inner);
  return obj ? prettyJson(obj) : inner;
}

/** One line of at most `max` characters. */
function oneLine(text: string, max: number): string {
  return cut(squish(text), max);
}

/** One line saying how a step went: the error, or what was touched and what happened. */
export function summarizeResult(result: string | undefined, max = 90): string {
  if (result === undefined) return '';
  const inner = unwrapResult(result);
  const obj = parseObject(inner);
  if (obj) {
    const error = obj.error;
    if (typeof error === 'string') return oneLine(error, max);
    if (isRecord(error) && typeof error.message === 'string') return oneLine(error.message, max);
    const read = summarizeReadResult(obj);
    if (read) return oneLine(read, max);
    const parts = [
      typeof obj.name === 'string' && obj.name !== '' ? JSON.stringify(obj.name) : null,
      typeof obj.method === 'string' ? obj.method : null,
      typeof obj.message === 'string'
        ? obj.message
        : typeof obj.hint === 'string'
          ? obj.hint
          : typeof obj.status === 'string'
            ? obj.status
            : null,
    ].filter((p): p is string => p !== null);
    if (parts.length > 0) return oneLine(parts.join(' · '), max);
  }
  const line = inner.split('\n').find((l) => l.trim() !== '') ?? '';
  return oneLine(line, max);
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
  return typeof r === 'string' && isRef(r) ? r : undefined;
}

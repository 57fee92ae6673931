/** Summaries and the export file for the debug log; the trace entries' shape belongs to the worker. */
import { isRecord } from '../../shared/result';
import { redactTraceEntries } from './export-redact';

export interface TraceSummary {
  at?: number;
  model?: string;
  provider?: string;
  ms?: number;
  error?: string;
  tokens?: string;
}

function pick(record: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (record[k] !== undefined) return record[k];
  return undefined;
}

function asTime(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

export function summarizeTraceEntry(entry: unknown): TraceSummary {
  if (!isRecord(entry)) return {};
  const request = isRecord(entry.request) ? entry.request : {};
  const response = isRecord(entry.response) ? entry.response : {};
  const out: TraceSummary = {};
  const at = asTime(pick(entry, 'ts', 'at', 'time', 'startedAt', 'timestamp'));
  if (at !== undefined) out.at = at;
  const model = pick(entry, 'model') ?? pick(request, 'model');
  if (typeof model === 'string') out.model = model;
  const provider = pick(entry, 'provider') ?? pick(request, 'provider');
  if (typeof provider === 'string') out.provider = provider;
  const ms = pick(entry, 'ms', 'durationMs', 'latencyMs') ?? pick(response, 'ms', 'durationMs');
  if (typeof ms === 'number') out.ms = ms;
  const error = pick(entry, 'error') ?? pick(response, 'error');
  if (typeof error === 'string') out.error = error;
  else if (isRecord(error) && typeof error.message === 'string') out.error = error.message;
  const usage = pick(entry, 'usage') ?? pick(response, 'usage');
  if (isRecord(usage)) {
    const i = pick(usage, 'inputTokens', 'prompt_tokens', 'input_tokens');
    const o = pick(usage, 'outputTokens', 'completion_tokens', 'output_tokens');
    if (typeof i === 'number' && typeof o === 'number') out.tokens = `${i} in · ${o} out`;
  }
  return out;
}

export interface TraceExport {
  format: 'weaverbird-debug-log';
  version: 1;
  exportedAt: string;
  extensionVersion: string;
  count: number;
  entries: unknown[];
  /** Raw Chrome accessibility payloads of the last chrome_ax_tree reads, byte-exact in `json` (recovery). */
  axTreePayloads?: unknown[];
}

export function buildTraceExport(
  entries: readonly unknown[],
  extensionVersion: string,
  now = new Date(),
  axTreePayloads: readonly unknown[] = [],
): TraceExport {
  // Redacted like every other surface (export-redact.ts): keys, URL tokens, typed text, cookies.
  const list = redactTraceEntries(entries);
  return {
    format: 'weaverbird-debug-log',
    version: 1,
    exportedAt: now.toISOString(),
    extensionVersion,
    count: list.length,
    entries: list,
    // Not redacted: recovery must return the payload byte for byte; it is the page's own tree.
    ...(axTreePayloads.length > 0 ? { axTreePayloads: [...axTreePayloads] } : {}),
  };
}

export function exportFileName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  return `weaverbird-debug-log-${stamp}.json`;
}

/**
 * `sample`: a DOM metric sampled over a window (issue 28; the seed is browxai's sample). The metric is a
 * fixed list (no model-written JavaScript); the series is summarised so a long window costs few tokens.
 * The page contract (zod/mini: content scripts import it) and the summary, shared by page and worker.
 */
import * as z from 'zod/mini';
import { REF_PATTERN } from '../refs';

export const SAMPLE_METRICS = [
  'scrollTop',
  'scrollLeft',
  'scrollHeight',
  'scrollWidth',
  'clientWidth',
  'clientHeight',
  'bboxX',
  'bboxY',
  'bboxWidth',
  'bboxHeight',
  'childCount',
] as const;
export type SampleMetric = (typeof SAMPLE_METRICS)[number];

export const SAMPLE_MAX_MS = 30_000;
/** Points kept in the series the model sees; longer series are thinned (every change kept first). */
const SAMPLE_SERIES_MAX = 40;

export const SampleArgsMiniSchema = z.strictObject({
  metric: z.enum(SAMPLE_METRICS),
  ref_id: z.optional(z.string().check(z.regex(REF_PATTERN, 'a ref from the tree, like ref_12'))),
  selector: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
  durationMs: z.optional(z.number().check(z.int(), z.minimum(50), z.maximum(SAMPLE_MAX_MS))),
  intervalMs: z.optional(z.number().check(z.int(), z.minimum(16), z.maximum(5000))),
  everyFrame: z.optional(z.boolean()),
});
export type SampleArgs = z.infer<typeof SampleArgsMiniSchema>;

export interface SamplePoint {
  tMs: number;
  value: number;
}
export interface SampleSummary {
  first: number;
  last: number;
  min: number;
  max: number;
  /** How many times the value changed between consecutive samples. */
  changes: number;
  /** When it first differed from the first sample, or null if it never changed. */
  firstChangeMs: number | null;
  lastChangeMs: number | null;
}
export interface SampleResult {
  metric: SampleMetric;
  /** "document" (the page's scroller) or the element's tree line. */
  scope: string;
  mode: 'everyFrame' | 'interval';
  durationMs: number;
  count: number;
  summary: SampleSummary;
  /** At most SAMPLE_SERIES_MAX points: every change first, then evenly spread. */
  series: SamplePoint[];
  thinned?: true;
}

export function summarise(points: readonly SamplePoint[]): SampleSummary {
  const first = points[0]?.value ?? NaN;
  let changes = 0;
  let firstChangeMs: number | null = null;
  let lastChangeMs: number | null = null;
  for (let i = 1; i < points.length; i++) {
    const p = points[i];
    const prev = points[i - 1];
    if (!p || !prev || p.value === prev.value) continue;
    changes++;
    firstChangeMs ??= p.tMs;
    lastChangeMs = p.tMs;
  }
  const values = points.map((p) => p.value);
  return {
    first,
    last: points.at(-1)?.value ?? NaN,
    min: Math.min(...values),
    max: Math.max(...values),
    changes,
    firstChangeMs,
    lastChangeMs,
  };
}

/** The points worth showing: the first, the last and every change, then evenly spread ones, in time order. */
export function thin(points: readonly SamplePoint[], max = SAMPLE_SERIES_MAX): SamplePoint[] {
  if (points.length <= max) return [...points];
  const keep = new Set<number>([0, points.length - 1]);
  for (let i = 1; i < points.length && keep.size < max; i++) {
    if (points[i]?.value !== points[i - 1]?.value) keep.add(i);
  }
  const step = points.length / max;
  for (let k = 0; keep.size < max && k < max; k++) keep.add(Math.floor(k * step));
  return [...keep]
    .sort((a, b) => a - b)
    .map((i) => points[i])
    .filter((p): p is SamplePoint => p !== undefined);
}

/**
 * The page side of `sample` (shared/tools/sample.ts): reads one metric of the document's scroller or of one
 * element every interval (or every animation frame) for the window, then summarises. Reads only numbers;
 * the element is named by its tree line.
 */
import { err, ok, type Result } from '../../shared/result';
import {
  summarise,
  thin,
  type SampleArgs,
  type SampleMetric,
  type SamplePoint,
  type SampleResult,
} from '../../shared/tools/sample';
import { elementLine } from './element-line';
import { resolveTarget } from './target';

function readMetric(el: Element, metric: SampleMetric): number {
  switch (metric) {
    case 'bboxX':
      return Math.round(el.getBoundingClientRect().x);
    case 'bboxY':
      return Math.round(el.getBoundingClientRect().y);
    case 'bboxWidth':
      return Math.round(el.getBoundingClientRect().width);
    case 'bboxHeight':
      return Math.round(el.getBoundingClientRect().height);
    case 'childCount':
      return el.childElementCount;
    default:
      return Math.round(el[metric]);
  }
}

const nextFrame = (win: Window): Promise<void> => new Promise((r) => win.requestAnimationFrame(() => r()));
const pause = (win: Window, ms: number): Promise<void> => new Promise((r) => win.setTimeout(r, ms));

export async function runSample(doc: Document, a: SampleArgs): Promise<Result<SampleResult>> {
  const win = doc.defaultView;
  if (!win) return err('no_window', 'this document has no window to sample in');
  let el: Element;
  let scope = 'document';
  if (a.ref_id !== undefined || a.selector !== undefined) {
    const target = resolveTarget(doc, a.ref_id, a.selector);
    if (!target.ok) return target;
    if (target.data.kind === 'absent') return err('not_found', `nothing to sample: ${target.data.why}`);
    el = target.data.el;
    scope = elementLine(el);
  } else {
    if (a.metric.startsWith('bbox'))
      return err('bad_arguments', `${a.metric} needs an element: give ref_id or selector`);
    el = doc.scrollingElement ?? doc.documentElement;
  }
  const durationMs = a.durationMs ?? 2000;
  const everyFrame = a.everyFrame === true;
  const interval = a.intervalMs ?? 100;
  const points: SamplePoint[] = [];
  const start = win.performance.now();
  // Cap points so a 30 s every-frame window cannot grow without bound (a 240 Hz screen: 7,200).
  for (let t = 0; t <= durationMs && points.length < 2000; t = win.performance.now() - start) {
    points.push({ tMs: Math.round(t), value: el.isConnected ? readMetric(el, a.metric) : NaN });
    await (everyFrame ? nextFrame(win) : pause(win, interval));
  }
  const series = thin(points);
  return ok({
    metric: a.metric,
    scope,
    mode: everyFrame ? 'everyFrame' : 'interval',
    durationMs,
    count: points.length,
    summary: summarise(points),
    series,
    ...(series.length < points.length ? { thinned: true as const } : {}),
  });
}

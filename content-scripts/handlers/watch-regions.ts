/**
 * The page side of `watch`: records transient surfaces (dialogs, alerts, status messages, toasts,
 * tooltips, logs, timers) appearing and disappearing during a window. A MutationObserver catches a
 * region the moment it is inserted or shown, so a 100 ms flash is not missed between samples; a
 * timer every `sampleMs` catches what CSS alone shows or hides (animations, transitions).
 *
 * Each region is printed as tree lines by the tree builder itself (a `ref_id` subtree read), so the
 * model reads the same grammar and the same refs as get_accessibility_tree (in a frame, refs qualified
 * by the frame's id, as iframe_read prints them). Roles per WAI-ARIA 1.2 §5.3.5 (live region roles) and
 * §5.3.6 (window roles), plus tooltip, plus the page's banner (issue 28: a notice bar or a signed-in
 * name changing in the header is feedback too). The banner's own text leaves out the live regions
 * inside it, which are reported by themselves, so a status in the header is not reported twice.
 */
import * as z from 'zod/mini';
import { getAxApi } from '../ax/api';
import { err, ok } from '../../shared/result';
import { resolveTreeOptions } from '../../shared/tree-options';
import type { ContentHandler } from './types';
import { sliceSafe, squish } from '../../shared/text';
import { FRAME_ID_PATTERN } from '../../shared/refs';

const TRANSIENT = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="alert"]',
  '[role="status"]',
  '[role="tooltip"]',
  '[role="log"]',
  '[role="timer"]',
  '[role="marquee"]',
  'dialog[open]',
  'output',
  '[aria-live="polite"]',
  '[aria-live="assertive"]',
].join(', ');
/** role=banner, or a header that is the page's banner (HTML-AAM: not scoped to a sectioning element). */
const BANNER = '[role="banner"], header:not([role])';
const NOT_BANNER_SCOPE =
  'article, aside, main, nav, section, [role="article"], [role="complementary"], [role="main"], [role="navigation"], [role="region"]';
const WATCHED = `${TRANSIENT}, ${BANNER}`;

/** Like the reference design: a window keeps at most this many regions, so a storm cannot run away. */
const MAX_REGIONS = 50;
const LINES_PER_REGION = 6;
const SCAN_GAP_MS = 16;

interface Region {
  lines: string[];
  appearedAtMs: number | null;
  disappearedAtMs: number | null;
}

interface WatchState {
  startedAt: number;
  live: Map<Element, { text: string; region: Region }>;
  regions: Region[];
  capped: boolean;
  observer: MutationObserver;
  timer: ReturnType<typeof setInterval>;
  samples: number;
  frameRef: string | undefined;
}

let state: WatchState | null = null;

function isBanner(el: Element): boolean {
  if (el.getAttribute('role') === 'banner') return true;
  return el.localName === 'header' && !el.hasAttribute('role') && el.parentElement?.closest(NOT_BANNER_SCOPE) == null;
}

/** A banner's text without the live regions inside it (they are regions of their own). */
function bannerText(el: Element, doc: Document): string {
  const parts: string[] = [];
  const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    const inner = n.parentElement?.closest(TRANSIENT);
    if (inner == null || !el.contains(inner)) parts.push(n.nodeValue ?? '');
  }
  return sliceSafe(squish(parts.join(' ')), 300);
}

function textOf(el: Element, doc: Document): string {
  if (!el.matches(TRANSIENT) && isBanner(el)) return bannerText(el, doc);
  return sliceSafe(squish(el.textContent ?? ''), 300);
}

function shown(el: Element): boolean {
  if (!el.isConnected) return false;
  // checkVisibility (Chrome 105+) sees display:none, visibility and opacity 0 up the flat tree.
  const check = Reflect.get(el, 'checkVisibility');
  if (typeof check === 'function') {
    const visible: unknown = Reflect.apply(check, el, [{ checkOpacity: true, checkVisibilityCSS: true }]);
    if (visible === false) return false;
  }
  return el.getAttribute('aria-hidden') !== 'true';
}

/** A live region with no text is an empty container waiting for messages, not a message. */
function worthReporting(el: Element, text: string): boolean {
  const role = el.getAttribute('role');
  return text !== '' || role === 'dialog' || role === 'alertdialog' || el.localName === 'dialog';
}

function linesFor(el: Element, text: string, frameRef: string | undefined): string[] {
  const api = getAxApi(globalThis);
  if (api) {
    const ref = api.registry.refFor(el);
    const options = resolveTreeOptions({ ref_id: ref, maxDepth: 4, maxChars: 500, maxTextChars: 200 });
    const tree = api.generate(frameRef === undefined ? options : { ...options, frameRef });
    if (tree.ok && tree.data.tree.trim() !== '') {
      return tree.data.tree
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(0, LINES_PER_REGION);
    }
  }
  return [`${el.getAttribute('role') ?? el.localName} ${JSON.stringify(text)}`];
}

function scan(s: WatchState, doc: Document): void {
  s.samples += 1;
  const at = Date.now() - s.startedAt;
  const present = new Map<Element, string>();
  for (const el of doc.querySelectorAll(WATCHED)) {
    if (!shown(el) || (!el.matches(TRANSIENT) && !isBanner(el))) continue;
    const text = textOf(el, doc);
    if (worthReporting(el, text)) present.set(el, text);
  }
  // A toast inside an aria-live container matches twice: keep the innermost element with the text.
  for (const [el, text] of present) {
    for (const [inner, innerText] of present) {
      if (inner !== el && innerText === text && el.contains(inner)) {
        present.delete(el);
        break;
      }
    }
  }
  for (const [el, seen] of s.live) {
    if (present.get(el) !== seen.text) {
      seen.region.disappearedAtMs = at;
      s.live.delete(el);
    }
  }
  for (const [el, text] of present) {
    if (s.live.has(el)) continue;
    if (s.regions.length >= MAX_REGIONS) {
      s.capped = true;
      break;
    }
    const region: Region = {
      lines: linesFor(el, text, s.frameRef),
      appearedAtMs: s.samples === 1 ? null : at,
      disappearedAtMs: null,
    };
    s.regions.push(region);
    s.live.set(el, { text, region });
  }
}

function stop(): WatchState | null {
  const s = state;
  if (!s) return null;
  s.observer.disconnect();
  clearInterval(s.timer);
  state = null;
  return s;
}

const Args = z.union([
  z.strictObject({
    op: z.literal('start'),
    sampleMs: z.number().check(z.int(), z.minimum(50), z.maximum(5_000)),
    // Set by the worker in a subframe: the frame's id, so its lines carry refs the model can use.
    frameRef: z.optional(z.string().check(z.regex(FRAME_ID_PATTERN))),
  }),
  z.strictObject({ op: z.literal('stop') }),
]);

export const watchRegionsHandler: ContentHandler = {
  name: 'watch_regions',
  run(args, doc) {
    const parsed = Args.safeParse(args);
    if (!parsed.success)
      return err('bad_arguments', 'watch_regions takes {op:"start", sampleMs, frameRef?} or {op:"stop"}');
    if (parsed.data.op === 'start') {
      stop(); // a watch the worker lost (restart) must not keep running
      // Pages that mutate constantly would scan on every batch: at most one scan per frame.
      let last = 0;
      let queued = false;
      const observer = new MutationObserver(() => {
        const wait = last + SCAN_GAP_MS - Date.now();
        if (wait <= 0) {
          last = Date.now();
          if (state) scan(state, doc);
        } else if (!queued) {
          queued = true;
          setTimeout(() => {
            queued = false;
            last = Date.now();
            if (state) scan(state, doc);
          }, wait);
        }
      });
      const s: WatchState = {
        startedAt: Date.now(),
        live: new Map(),
        regions: [],
        capped: false,
        observer,
        timer: setInterval(() => {
          if (state) scan(state, doc);
        }, parsed.data.sampleMs),
        samples: 0,
        frameRef: parsed.data.frameRef,
      };
      state = s;
      scan(s, doc);
      observer.observe(doc, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['role', 'hidden', 'style', 'class', 'open', 'aria-hidden', 'aria-live'],
      });
      return ok({ startedAt: s.startedAt });
    }
    const s = stop();
    if (!s) return err('not_watching', 'no watch is running in this document (it navigated or reloaded)');
    scan(s, doc);
    return ok({
      startedAt: s.startedAt,
      endedAt: Date.now(),
      samples: s.samples,
      capped: s.capped,
      // Regions present for the whole window are context, not events: counted, not listed.
      steady: s.regions.filter((r) => r.appearedAtMs === null && r.disappearedAtMs === null).length,
      regions: s.regions.filter((r) => r.appearedAtMs !== null || r.disappearedAtMs !== null),
    });
  },
};

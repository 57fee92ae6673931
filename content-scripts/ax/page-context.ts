/**
 * The line that opens pages 2+ of a paged tree: `[continues inside: main > table "Orders" > row]`.
 * A page cut inside a table row or a dialog would otherwise start with indented lines whose parents
 * the model never sees on that page. The ancestors are read from the indentation serialize.ts
 * already wrote (one space per depth), so no second walk and no per-line bookkeeping are needed.
 */
import { cap, quote } from './render';
import { OVERLAY_BANNER, PAGE_BANNER } from './serialize';

/** More ancestors than this print as the outermost two, "…", and the innermost three. */
const MAX_ANCESTORS = 5;
const HEAD_KEEP = 2;
/** Ancestor names are cut this short: the line locates the page, the name is only a landmark. */
const NAME_LIMIT = 40;
const OVERLAYS_LABEL = 'open overlays';

export function depthOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

/** Reads a double-quoted string as render.ts `quote` writes it, from `at` (the opening quote). */
function unquote(text: string, at: number): string | null {
  if (text[at] !== '"') return null;
  let out = '';
  for (let i = at + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      out += text[i + 1] ?? '';
      i++;
    } else if (ch === '"') {
      return out;
    } else {
      out += ch;
    }
  }
  return null;
}

/** `role "name"` of a printed node line (its ref, attributes and states left out), name cut short. */
export function ancestorLabel(line: string, withName = true): string {
  const body = line.trimStart();
  const stop = body.search(/[ :]/);
  const role = stop < 0 ? body : body.slice(0, stop);
  if (!withName || body[stop] !== ' ') return role;
  const name = unquote(body, stop + 1);
  return name ? `${role} ${quote(cap(name, { limit: NAME_LIMIT, cut: 0 }))}` : role;
}

export interface PageStart {
  /** Lines of the open ancestors of the page's first line, outermost first. */
  ancestors: string[];
  /** The first line sits in the [open overlays] section. */
  inOverlays: boolean;
}

/**
 * Tracks the open ancestors while pages are cut front to back: a stack of the lines that may still
 * have children, so the whole tree is scanned once however many pages it makes.
 */
export class AncestorTracker {
  private readonly stack: number[] = [];
  private next = 0;
  private inOverlays = false;

  constructor(private readonly lines: readonly string[]) {}

  /** The context of the page starting at `start`; starts must come in increasing order. */
  at(start: number): PageStart {
    while (this.next < start) this.advance(this.next++);
    const first = this.lines[start] ?? '';
    if (first === OVERLAY_BANNER || first === PAGE_BANNER) return { ancestors: [], inOverlays: false };
    this.closeTo(depthOf(first));
    return { ancestors: this.stack.map((i) => this.lines[i] ?? ''), inOverlays: this.inOverlays };
  }

  private advance(i: number): void {
    const line = this.lines[i] ?? '';
    if (line === OVERLAY_BANNER || line === PAGE_BANNER) {
      this.inOverlays = line === OVERLAY_BANNER;
      this.stack.length = 0;
      return;
    }
    this.closeTo(depthOf(line));
    this.stack.push(i);
  }

  /** Drops the lines a line at `depth` closes: itself a sibling or deeper. */
  private closeTo(depth: number): void {
    while (this.stack.length > 0 && depthOf(this.lines[this.stack[this.stack.length - 1] ?? 0] ?? '') >= depth) {
      this.stack.pop();
    }
  }
}

/** The context line; `withNames: false` gives the short form for a page whose first line is long. */
export function contextLine(start: PageStart, withNames = true): string {
  const labels = start.ancestors.map((line) => ancestorLabel(line, withNames));
  const shown =
    labels.length > MAX_ANCESTORS
      ? [...labels.slice(0, HEAD_KEEP), '…', ...labels.slice(labels.length - (MAX_ANCESTORS - HEAD_KEEP))]
      : labels;
  if (start.inOverlays) shown.unshift(OVERLAYS_LABEL);
  return shown.length > 0 ? `[continues inside: ${shown.join(' > ')}]` : '[continues at top level]';
}

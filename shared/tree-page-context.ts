/**
 * The line that opens pages 2+ of a paged tree: `[continues inside: main > table "Orders" > row]`.
 * A page cut inside a table row or a dialog would otherwise start with indented lines whose parents
 * the model never sees on that page. The ancestors are read from the indentation serialize.ts
 * already wrote (one space per depth), so no second walk and no per-line bookkeeping are needed.
 */
import { parseTreeLine } from './tree-line';
import { cap, OVERLAY_BANNER, PAGE_BANNER, printLine } from './tree-print';

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

/** `role "name"` of a printed node line (its ref, attributes and states left out), name cut short. */
export function ancestorLabel(line: string, withName = true): string {
  const parsed = parseTreeLine(line);
  if (!parsed) return line.trim();
  // A heading keeps its level, which prints as its role (`h2`); every other state is left out.
  const level = parsed.role === 'heading' && parsed.states[0]?.startsWith('level=') ? [parsed.states[0]] : [];
  const name = withName && parsed.name ? cap(parsed.name, { limit: NAME_LIMIT, cut: 0 }) : undefined;
  return printLine({ role: parsed.role, states: level, ...(name ? { name } : {}) });
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

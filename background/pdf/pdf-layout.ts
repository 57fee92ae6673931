/**
 * From pdf.js text items to reading blocks: lines from positioned runs, headings by font size (or
 * the PDF's outline), paragraphs from lines that sit close under each other, links from the link
 * annotations' rectangles. A PDF has no structure a reader can rely on (tagged PDFs are rare), so
 * this is a heuristic, stated as one in docs/pdf.md. Pure: no pdf.js and no `chrome.*` here, so it
 * is unit-tested on plain data.
 */
import { squish } from '../../shared/text';

/** One positioned text run (pdf.js TextItem, reduced). PDF user space: y grows upwards. */
export interface PdfRun {
  str: string;
  x: number;
  y: number;
  width: number;
  /** The run's font size (the scale of its text matrix). */
  size: number;
}

/** A link annotation: a rectangle and where it goes. */
export interface PdfLinkArea {
  /** [x1, y1, x2, y2] in the same space as the runs. */
  rect: readonly [number, number, number, number];
  /** An external link's URL. */
  url?: string;
  /** An internal link's 1-based target page. */
  page?: number;
}

export interface PdfPageInput {
  runs: PdfRun[];
  links: PdfLinkArea[];
}

export interface PdfOutlineEntry {
  title: string;
  /** 1 for top-level entries. */
  depth: number;
}

export interface PdfLink {
  text: string;
  url?: string;
  page?: number;
}

export type PdfBlock =
  | { kind: 'heading'; level: number; text: string; links: PdfLink[] }
  | { kind: 'paragraph'; text: string; links: PdfLink[] }
  /** A link whose rectangle covers no text (an image, a blank area): listed on its own. */
  | { kind: 'link'; link: PdfLink };

export interface PdfLayoutPage {
  blocks: PdfBlock[];
  /** Characters of text on the page (0: no text layer). */
  chars: number;
}

interface Line {
  text: string;
  y: number;
  x: number;
  size: number;
  runs: PdfRun[];
}

const norm = (s: string): string => squish(s);

/** Runs on one baseline (within 40 % of the font size) form a line, read left to right. */
function linesOf(runs: readonly PdfRun[]): Line[] {
  const sorted = runs.filter((r) => r.str.length > 0).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  for (const run of sorted) {
    const last = lines.at(-1);
    if (last && Math.abs(last.y - run.y) <= Math.max(last.size, run.size) * 0.4) last.runs.push(run);
    else lines.push({ text: '', y: run.y, x: run.x, size: run.size, runs: [run] });
  }
  for (const line of lines) {
    line.runs.sort((a, b) => a.x - b.x);
    let text = '';
    let end = Number.NEGATIVE_INFINITY;
    for (const r of line.runs) {
      // pdf.js splits words into runs without spaces; a gap wider than a fifth of the font size is one.
      const gap = r.x - end > r.size * 0.2;
      if (text && gap && !/\s$/.test(text) && !/^\s/.test(r.str)) text += ' ';
      text += r.str;
      end = r.x + r.width;
    }
    line.text = norm(text);
    line.x = line.runs[0]?.x ?? line.x;
    line.size = Math.max(...line.runs.map((r) => r.size));
  }
  return lines.filter((l) => l.text.length > 0);
}

/** The size most characters are set in: body text. */
function bodySize(lines: readonly Line[]): number {
  const weight = new Map<number, number>();
  for (const l of lines) {
    const k = Math.round(l.size * 2) / 2;
    weight.set(k, (weight.get(k) ?? 0) + l.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) if (w > bestWeight) [best, bestWeight] = [size, w];
  return best;
}

/**
 * The part of a run a link rectangle covers. One run often holds a whole sentence with the link in
 * its middle: the covered share of the run's width is mapped to characters (proportional type makes
 * that approximate) and snapped to the nearest word boundaries.
 */
function coveredText(r: PdfRun, rect: readonly [number, number, number, number]): string {
  const [x1, y1, x2, y2] = rect;
  const cy = r.y + r.size * 0.3;
  if (cy < Math.min(y1, y2) || cy > Math.max(y1, y2)) return '';
  const from = Math.max(r.x, Math.min(x1, x2));
  const to = Math.min(r.x + r.width, Math.max(x1, x2));
  if (to - from < Math.min(r.width, r.size) * 0.5) return '';
  if (r.width <= 0 || (from <= r.x + 0.5 && to >= r.x + r.width - 0.5)) return r.str;
  const n = r.str.length;
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i <= n; i++) {
    if (i < n && /\S/.test(r.str[i] ?? '') && (i === 0 || /\s/.test(r.str[i - 1] ?? ''))) starts.push(i);
    if (i > 0 && /\S/.test(r.str[i - 1] ?? '') && (i === n || /\s/.test(r.str[i] ?? ''))) ends.push(i);
  }
  const near = (xs: number[], at: number): number =>
    xs.reduce((b, x) => (Math.abs(x - at) < Math.abs(b - at) ? x : b), xs[0] ?? 0);
  const a = near(starts, ((from - r.x) / r.width) * n);
  const b = near(ends, ((to - r.x) / r.width) * n);
  return b > a ? r.str.slice(a, b) : '';
}

/** Heading lines are at least this much larger than body text, and short. */
const HEADING_RATIO = 1.15;
const HEADING_MAX_CHARS = 200;

/**
 * Lays out every page. Heading levels: an outline entry whose title equals a line's text gives its
 * depth; other large lines are ranked by size (largest = 1) after the outline's deepest level is
 * taken into account, capped at 6 like HTML headings.
 */
export function layoutPdf(pages: readonly PdfPageInput[], outline: readonly PdfOutlineEntry[] = []): PdfLayoutPage[] {
  const perPage = pages.map((p) => linesOf(p.runs));
  const body = bodySize(perPage.flat());
  const outlineDepth = new Map(outline.map((o) => [norm(o.title).toLowerCase(), o.depth]));
  const headingSizes = [
    ...new Set(
      perPage
        .flat()
        .filter((l) => l.size >= body * HEADING_RATIO && l.text.length <= HEADING_MAX_CHARS)
        .map((l) => Math.round(l.size * 2) / 2),
    ),
  ].sort((a, b) => b - a);
  const levelOf = (l: Line): number | null => {
    const fromOutline = outlineDepth.get(l.text.toLowerCase());
    if (fromOutline !== undefined && l.text.length <= HEADING_MAX_CHARS) return Math.min(6, fromOutline);
    const rank = headingSizes.indexOf(Math.round(l.size * 2) / 2);
    return rank < 0 ? null : Math.min(6, rank + 1);
  };
  return perPage.map((lines, i) => layoutPage(lines, pages[i]?.links ?? [], levelOf));
}

function layoutPage(
  lines: readonly Line[],
  areas: readonly PdfLinkArea[],
  levelOf: (l: Line) => number | null,
): PdfLayoutPage {
  const blocks: PdfBlock[] = [];
  const placed = new Set<PdfLinkArea>();
  let para: { block: Extract<PdfBlock, { kind: 'paragraph' }>; last: Line } | null = null;
  for (const line of lines) {
    const links = linksOn(line, areas, placed);
    const level = levelOf(line);
    if (level !== null) {
      para = null;
      blocks.push({ kind: 'heading', level, text: line.text, links });
      continue;
    }
    // Same size, and the next baseline within 1.7 line heights: the same paragraph continues.
    const continues =
      para !== null && Math.abs(para.last.size - line.size) < 0.5 && para.last.y - line.y <= line.size * 1.7;
    if (para && continues) {
      const prev = para.block.text;
      // A word broken at the line end ("docu-" + "ment") is joined back.
      para.block.text =
        /[a-z]-$/.test(prev) && /^[a-z]/.test(line.text) ? prev.slice(0, -1) + line.text : `${prev} ${line.text}`;
      para.block.links.push(...links);
      para.last = line;
    } else {
      const block: Extract<PdfBlock, { kind: 'paragraph' }> = { kind: 'paragraph', text: line.text, links };
      blocks.push(block);
      para = { block, last: line };
    }
  }
  for (const area of areas) {
    if (placed.has(area) || (area.url === undefined && area.page === undefined)) continue;
    blocks.push({ kind: 'link', link: linkOf(area, '') });
  }
  return { blocks: mergeLinks(blocks), chars: lines.reduce((n, l) => n + l.text.length, 0) };
}

function linkOf(area: PdfLinkArea, text: string): PdfLink {
  return {
    text,
    ...(area.url !== undefined ? { url: area.url } : {}),
    ...(area.page !== undefined ? { page: area.page } : {}),
  };
}

/** The link areas covering runs of this line, each with the text it covers on the line. */
function linksOn(line: Line, areas: readonly PdfLinkArea[], placed: Set<PdfLinkArea>): PdfLink[] {
  const out: PdfLink[] = [];
  for (const area of areas) {
    if (area.url === undefined && area.page === undefined) continue;
    const text = norm(line.runs.map((r) => coveredText(r, area.rect)).join(' '));
    if (!text) continue;
    placed.add(area);
    out.push(linkOf(area, text));
  }
  return out;
}

/** A link area spanning two lines yields two pieces with the same target: one link, text joined. */
function mergeLinks(blocks: PdfBlock[]): PdfBlock[] {
  for (const b of blocks) {
    if (b.kind === 'link') continue;
    const merged: PdfLink[] = [];
    for (const l of b.links) {
      const prev = merged.at(-1);
      if (prev && prev.url === l.url && prev.page === l.page) prev.text = norm(`${prev.text} ${l.text}`);
      else merged.push({ ...l });
    }
    b.links = merged;
  }
  return blocks;
}

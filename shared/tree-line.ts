/**
 * The grammar of one line of the text tree, as `content-scripts/ax/serialize.ts` and `render.ts`
 * print it, and its one parser for every reader: the worker (remembers each ref's line for the
 * approval card), the panel (links lines to elements in the tree viewer) and the tests.
 *
 *   <indent>role "name" [ref_N] key="value"… [hint="value"]… {states} (popup of ref_M): "text"
 *
 * every part after the role optional, in this order.
 *
 * Indent is one space per depth. Strings are double-quoted with `"` and `\` escaped, so a name can
 * never break the line's syntax. A text run prints as a line that is only a quoted string (`"Hello"`;
 * parsed as role `text`, the run as its name). A table row prints on one line,
 * `row: Alice | 30 | checkbox "Select Alice" [ref_4]` (`row (column headers): …` for a header row):
 * a cell is bare text, a quoted string, or one or more element lines split by a space; its elements
 * come back in `cells`, and `parseTree` lists them as lines of their own. Notes
 * (`… 3 nested node(s) …`) keep their body in `tail`. docs/tree.md#the-line-grammar says it for people.
 * No `chrome.*` and no schema library here.
 */
import { REF_IN_LINE } from './refs';

export interface TreeLine {
  /** Depth in the tree: the number of leading spaces. */
  indent: number;
  /** The ARIA role as printed (`button`, `text` for a text run, `row` for a compact row). */
  role: string;
  /** The accessible name, unescaped; absent when none is printed. */
  name?: string;
  /** The element's ref as printed: `ref_12`, or `f2:ref_12` in a child frame. */
  ref?: string;
  /** Attributes (`href`, `type`, `placeholder`, `value`, `src`), unescaped, in print order. */
  attrs: Record<string, string>;
  /** Test-id hints printed as `[data-testid="…"]`, unescaped. */
  hints: Record<string, string>;
  /** The `{…}` states in print order: `checked`, `expanded`, `level=2`, … */
  states: string[];
  /** The ref of the element whose popup this is, from `(popup of ref_3)`. */
  popupOf?: string;
  /** A node's only text run printed inline after `: `, unescaped. */
  text?: string;
  /** A one-line table row's cells, in column order. */
  cells?: TreeCell[];
  /** A one-line row of column headers (`row (column headers): …`). */
  columnHeaders?: boolean;
  /** Whatever follows that the grammar above does not cover (a note's body). */
  tail: string;
}

/** One cell of a one-line row: its text, or the elements (controls) it holds. */
export interface TreeCell {
  text?: string;
  elements: TreeLine[];
}

/** A quoted string at `at`: its unescaped value and the index after the closing quote. */
function readQuoted(line: string, at: number): { value: string; end: number } | null {
  if (line.charCodeAt(at) !== 34) return null;
  let value = '';
  for (let i = at + 1; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && i + 1 < line.length) value += line[++i];
    else if (c === '"') return { value, end: i + 1 };
    else value += c;
  }
  return null;
}

const ROLE = /[^\s"[{(:]+/y;
const ATTR_KEY = / ([a-z][a-z0-9-]*)=/y;
const HINT_KEY = / \[([a-z][a-z0-9_.:-]*)=/iy;
const POPUP = / \(popup of ([^)\s]+)\)/y;
const REF = new RegExp(` ${REF_IN_LINE.source}`, 'y');

function sticky(re: RegExp, line: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(line);
}

/** Parses one tree line; null for a blank line or one that does not start with a role (a `[page]` banner). */
export function parseTreeLine(line: string): TreeLine | null {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  const indent = i;
  if (line.charCodeAt(i) === 34) {
    const run = readQuoted(line, i);
    if (!run) return null;
    return { indent, role: 'text', name: run.value, attrs: {}, hints: {}, states: [], tail: line.slice(run.end) };
  }
  const element = parseElement(line, i);
  if (!element) return null;
  const out = element.line;
  out.indent = indent;
  i = element.end;
  if (out.role === 'row') {
    if (line.startsWith(COLUMN_HEADERS, i)) [out.columnHeaders, i] = [true, i + COLUMN_HEADERS.length];
    if (line.startsWith(': ', i)) {
      out.cells = splitCells(line, i + 2).map(parseCell);
      return out;
    }
  }
  if (line.startsWith(': ', i)) {
    const text = readQuoted(line, i + 2);
    if (text && text.end === line.length) [out.text, i] = [text.value, text.end];
  }
  out.tail = line.slice(i);
  return out;
}

const COLUMN_HEADERS = ' (column headers)';
const HEADING = /^h([1-6])$/;

/** One element's parts from `at`: role, name, ref, attributes, hints, states, popup; null without a role. */
function parseElement(line: string, at: number): { line: TreeLine; end: number } | null {
  let i = at;
  const role = sticky(ROLE, line, i)?.[0];
  if (role === undefined) return null;
  i += role.length;
  // `h2` is how a level-2 heading prints: role heading, state level=2, as every reader expects.
  const heading = HEADING.exec(role);
  const out: TreeLine = heading
    ? { indent: 0, role: 'heading', attrs: {}, hints: {}, states: [`level=${heading[1]}`], tail: '' }
    : { indent: 0, role, attrs: {}, hints: {}, states: [], tail: '' };
  if (line.charCodeAt(i) === 32) {
    const name = readQuoted(line, i + 1);
    if (name) [out.name, i] = [name.value, name.end];
  }
  const ref = sticky(REF, line, i);
  if (ref?.[1]) [out.ref, i] = [ref[1], i + ref[0].length];
  for (;;) {
    const key = sticky(ATTR_KEY, line, i) ?? sticky(HINT_KEY, line, i);
    const value = key?.[1] ? readQuoted(line, i + key[0].length) : null;
    if (!key?.[1] || !value) break;
    const hint = key[0].startsWith(' [');
    if (hint && line[value.end] !== ']') break;
    (hint ? out.hints : out.attrs)[key[1]] = value.value;
    i = value.end + (hint ? 1 : 0);
  }
  if (line.startsWith(' {', i)) {
    const close = line.indexOf('}', i);
    if (close > 0)
      [out.states, i] = [
        [
          ...out.states,
          ...line
            .slice(i + 2, close)
            .split(' ')
            .filter(Boolean),
        ],
        close + 1,
      ];
  }
  const popup = sticky(POPUP, line, i);
  if (popup?.[1]) [out.popupOf, i] = [popup[1], i + popup[0].length];
  return { line: out, end: i };
}

/** A row's cell texts from `at`, split at ` | ` outside quoted strings. */
function splitCells(line: string, at: number): string[] {
  const cells: string[] = [];
  let start = at;
  let quoted = false;
  for (let i = at; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === '|' && line[i - 1] === ' ' && line[i + 1] === ' ') {
      cells.push(line.slice(start, i - 1));
      start = i + 2;
    }
  }
  cells.push(line.slice(start));
  return cells;
}

/**
 * A cell: a quoted string, elements (a bare text never holds `[`, so a cell with a ref is elements),
 * or bare text.
 */
function parseCell(cell: string): TreeCell {
  const q = readQuoted(cell, 0);
  if (q && q.end === cell.length) return { text: q.value, elements: [] };
  if (cell.includes('[')) {
    const elements: TreeLine[] = [];
    let i = 0;
    while (i < cell.length) {
      const el = parseElement(cell, i);
      if (!el || el.end === i) break;
      elements.push(el.line);
      i = el.end;
      if (cell.charCodeAt(i) === 32) i++;
    }
    if (i >= cell.length && elements.length > 0) return { elements };
  }
  return { text: cell, elements: [] };
}

/**
 * Every element of a tree text, with the 0-based number of the line that prints it: one per line,
 * and for a one-line row the row and then each element its cells hold (one indent deeper).
 */
export function parseTree(tree: string): (TreeLine & { index: number })[] {
  const out: (TreeLine & { index: number })[] = [];
  tree.split('\n').forEach((text, index) => {
    const parsed = parseTreeLine(text);
    if (!parsed) return;
    out.push({ ...parsed, index });
    for (const cell of parsed.cells ?? []) {
      for (const el of cell.elements) out.push({ ...el, indent: parsed.indent + 1, index });
    }
  });
  return out;
}

/** The ref a tree line prints for its element (for a one-line row: its own, else its first cell's), if any. */
export function refOfLine(line: string): string | undefined {
  return refsOfLine(line)[0];
}

/** Every ref a tree line prints: one, or a one-line row's own and its cells' refs, in print order. */
export function refsOfLine(line: string): string[] {
  const parsed = parseTreeLine(line);
  if (!parsed) return [];
  const refs = parsed.ref ? [parsed.ref] : [];
  for (const cell of parsed.cells ?? []) for (const el of cell.elements) if (el.ref) refs.push(el.ref);
  return refs;
}

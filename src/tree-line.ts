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
 * never break the line's syntax. Text runs print as `text "…"` (role `text`, the run as its name);
 * compact table rows (`row: "A" | "B"`) and notes (`… 3 nested node(s) …`) keep their body in `tail`.
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
  /** Whatever follows that the grammar above does not cover (a compact row's cells, a note's body). */
  tail: string;
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
  const role = sticky(ROLE, line, i)?.[0];
  if (role === undefined) return null;
  i += role.length;
  const out: TreeLine = { indent, role, attrs: {}, hints: {}, states: [], tail: '' };
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
        line
          .slice(i + 2, close)
          .split(' ')
          .filter(Boolean),
        close + 1,
      ];
  }
  const popup = sticky(POPUP, line, i);
  if (popup?.[1]) [out.popupOf, i] = [popup[1], i + popup[0].length];
  if (line.startsWith(': ', i)) {
    const text = readQuoted(line, i + 2);
    if (text && text.end === line.length) [out.text, i] = [text.value, text.end];
  }
  out.tail = line.slice(i);
  return out;
}

/** Every parsed line of a tree text, with its 0-based line number. */
export function parseTree(tree: string): (TreeLine & { index: number })[] {
  const out: (TreeLine & { index: number })[] = [];
  tree.split('\n').forEach((text, index) => {
    const parsed = parseTreeLine(text);
    if (parsed) out.push({ ...parsed, index });
  });
  return out;
}

/** The ref a tree line prints for its element, if any. */
export function refOfLine(line: string): string | undefined {
  return parseTreeLine(line)?.ref;
}

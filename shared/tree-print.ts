/**
 * The printing half of the tree's line grammar (shared/tree-line.ts parses it; docs/tree.md#the-line-grammar
 * says it for people): quoting, cutting, the role and `{states}` short forms. Pure and DOM-free, so
 * every printer shares it: the page tree (content-scripts/ax/), Chrome's tree (background/cdp/ax-view.ts)
 * and PDFs (background/pdf/pdf-render.ts) print one grammar from one place. No `chrome.*` here.
 */
import { sliceSafe } from './text';

export { collapse } from './text';

/** States and values as WAI-ARIA 1.2 §6.6/§6.7 define them (content-scripts/ax/states.ts computes them). */
export type AxStates = {
  checked?: 'true' | 'false' | 'mixed';
  expanded?: boolean;
  selected?: boolean;
  pressed?: 'true' | 'false' | 'mixed';
  disabled?: boolean;
  required?: boolean;
  readonly?: boolean;
  invalid?: boolean;
  focused?: boolean;
  level?: number;
  current?: string;
};

export interface Capper {
  limit: number;
  /** How many strings were cut, for the result's notice. */
  cut: number;
}

/** Cuts a string at `limit` characters (0 = never) with an ellipsis, counting the cut. */
export function cap(text: string, capper: Capper): string {
  if (capper.limit <= 0 || text.length <= capper.limit) return text;
  capper.cut++;
  return `${sliceSafe(text, capper.limit)}…`;
}

/** A double-quoted string with `\` and `"` escaped, so a name can never break the line's syntax. */
export function quote(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * Roles that are always checked or not (WAI-ARIA §6.7 aria-checked): no `{checked}` already says
 * unchecked, as in Playwright's snapshot, so `{unchecked}` is never printed for them. An option or
 * treeitem is checkable only when it says so, so its `unchecked` stays.
 */
export const CHECKED_BY_DEFAULT_FALSE: ReadonlySet<string> = new Set([
  'checkbox',
  'radio',
  'switch',
  'menuitemcheckbox',
  'menuitemradio',
]);

/**
 * The role as a line prints it: a heading of level 1–6 as `h1`…`h6`, the name every model knows
 * from HTML, in place of `heading {level=N}` (4 tokens a heading; docs/tree.md#the-line-grammar).
 */
export function printedRole(role: string, s: AxStates): string {
  return role === 'heading' && s.level !== undefined && s.level >= 1 && s.level <= 6 ? `h${s.level}` : role;
}

/** True for a role as a line prints a heading: `h1`…`h6`, or `heading` when no level is known. */
export function isPrintedHeading(role: string): boolean {
  return role === 'heading' || /^h[1-6]$/.test(role);
}

/**
 * The state words in the one fixed order (so lines diff cleanly). A combobox never says `collapsed`:
 * collapsed is its resting state (WAI-ARIA 1.2 §5.4 combobox, aria-expanded defaults to false). The
 * short forms a line prints drop `unchecked` on an always-checkable role and the level an `hN` role
 * already says; `full` keeps them (Chrome's tree matches a query against every word).
 */
export function stateWords(s: AxStates, role: string, editable = false, full = false): string[] {
  const parts: string[] = [];
  if (editable) parts.push('editable');
  if (s.checked === 'true') parts.push('checked');
  else if (s.checked === 'false' && (full || !CHECKED_BY_DEFAULT_FALSE.has(role))) parts.push('unchecked');
  else if (s.checked === 'mixed') parts.push('mixed');
  if (s.expanded === true) parts.push('expanded');
  else if (s.expanded === false && role !== 'combobox') parts.push('collapsed');
  if (s.selected === true) parts.push('selected');
  if (s.pressed === 'true') parts.push('pressed');
  else if (s.pressed === 'mixed') parts.push('pressed=mixed');
  if (s.disabled) parts.push('disabled');
  if (s.required) parts.push('required');
  if (s.readonly) parts.push('readonly');
  if (s.invalid) parts.push('invalid');
  if (s.focused) parts.push('focused');
  if (s.level !== undefined && (full || printedRole(role, s) === role)) parts.push(`level=${s.level}`);
  if (s.current !== undefined && s.current !== 'false')
    parts.push(s.current === 'true' ? 'current' : `current=${s.current}`);
  return parts;
}

/**
 * The states of a `PrintableLine` for an element: the short words a line prints, and for a heading
 * of level 1–6 its `level=N` first, which `printLine` prints as the role `hN` (as the parser reads it).
 */
export function lineStates(s: AxStates, role: string, editable = false): string[] {
  const words = stateWords(s, role, editable);
  return printedRole(role, s) !== role ? [`level=${s.level}`, ...words] : words;
}

/** The `{…}` state part as a line prints it (leading space included), or ''. */
export function formatStates(s: AxStates, role: string, editable = false): string {
  return statesPart(stateWords(s, role, editable));
}

/*
 * The line printer: the exact inverse of `parseTreeLine` (shared/tree-line.ts), so that
 * `parseTreeLine(printLine(x))` equals `x` for every line the parser can return. Every producer of
 * element lines prints through these pieces: the page tree's hot path (content-scripts/ax/) through
 * the part printers below, everything else (find, text_search, element reads, action messages,
 * Chrome's tree, PDFs) through `printLine`. Only this block spells the grammar's punctuation.
 */

/** ` "name"`: the name part, leading space included. */
export function namePart(name: string): string {
  return ` ${quote(name)}`;
}

/** ` [ref_12]`: the ref part, leading space included. */
export function refPart(ref: string): string {
  return ` [${ref}]`;
}

/** ` href="/a"`: one attribute, leading space included; keys are lower-case (`[a-z][a-z0-9-]*`). */
export function attrPart(key: string, value: string): string {
  return ` ${key}=${quote(value)}`;
}

/** ` [data-testid="x"]`: one test-id hint, leading space included. */
export function hintPart(key: string, value: string): string {
  return ` [${key}=${quote(value)}]`;
}

/** ` {checked disabled}` from state words, or '' for none. */
function statesPart(words: readonly string[]): string {
  return words.length > 0 ? ` {${words.join(' ')}}` : '';
}

/** ` (popup of ref_3)`: the popup part, leading space included. */
export function popupPart(ref: string): string {
  return ` (popup of ${ref})`;
}

/** `: "text"`: a node's only text run, printed inline. */
export function inlineTextPart(text: string): string {
  return `: ${quote(text)}`;
}

/** A line as a producer gives it: a role and whichever parts it has (a parsed `TreeLine` is one). */
export interface PrintableLine {
  role: string;
  indent?: number;
  name?: string;
  ref?: string;
  attrs?: Readonly<Record<string, string>>;
  hints?: Readonly<Record<string, string>>;
  states?: readonly string[];
  popupOf?: string;
  text?: string;
  cells?: readonly PrintableCell[];
  columnHeaders?: boolean;
  tail?: string;
}

interface PrintableCell {
  text?: string;
  elements: readonly PrintableLine[];
}

const LEVEL_STATE = /^level=([1-6])$/;

/** One element's parts, `role "name" [ref] attrs [hints] {states} (popup of ref)`, no indent. */
function printElement(line: PrintableLine): string {
  const states = line.states ?? [];
  // `heading {level=2 …}` prints as `h2 {…}`, which the parser reads back as heading, level=2 first.
  const level = line.role === 'heading' ? LEVEL_STATE.exec(states[0] ?? '') : null;
  let out = level ? `h${level[1]}` : line.role;
  if (line.name !== undefined) out += namePart(line.name);
  if (line.ref !== undefined) out += refPart(line.ref);
  for (const [key, value] of Object.entries(line.attrs ?? {})) out += attrPart(key, value);
  for (const [key, value] of Object.entries(line.hints ?? {})) out += hintPart(key, value);
  out += statesPart(level ? states.slice(1) : states);
  if (line.popupOf !== undefined) out += popupPart(line.popupOf);
  return out;
}

/** Characters that would make a bare cell text read as syntax: quotes, the cell split, escapes, a ref's bracket. */
const CELL_NEEDS_QUOTES = /["|\\[]|^\s|\s$/;

/** A row cell's text: bare when it cannot be misread, else quoted (`""` for an empty cell). */
export function cellText(text: string): string {
  return text === '' || CELL_NEEDS_QUOTES.test(text) ? quote(text) : text;
}

function printCell(cell: PrintableCell): string {
  if (cell.elements.length > 0) return cell.elements.map(printElement).join(' ');
  return cellText(cell.text ?? '');
}

/** True when a line is a bare text run: role `text` with a name and no other part. */
function isTextRun(l: PrintableLine): l is PrintableLine & { name: string } {
  return (
    l.role === 'text' &&
    l.name !== undefined &&
    l.ref === undefined &&
    l.popupOf === undefined &&
    l.text === undefined &&
    l.cells === undefined &&
    !l.columnHeaders &&
    (l.states ?? []).length === 0 &&
    Object.keys(l.attrs ?? {}).length === 0 &&
    Object.keys(l.hints ?? {}).length === 0
  );
}

/** One tree line in the grammar of docs/tree.md#the-line-grammar; `parseTreeLine` reads it back. */
export function printLine(line: PrintableLine): string {
  const indent = ' '.repeat(line.indent ?? 0);
  const tail = line.tail ?? '';
  if (isTextRun(line)) return indent + quote(line.name) + tail;
  let out = indent + printElement(line);
  if (line.role === 'row' && line.columnHeaders) out += ' (column headers)';
  if (line.role === 'row' && line.cells !== undefined) return `${out}: ${line.cells.map(printCell).join(' | ')}`;
  if (line.text !== undefined) out += inlineTextPart(line.text);
  return out + tail;
}

/** Section banners of a tree with open overlays (ax/serialize.ts prints them; paging keeps them as context). */
export const OVERLAY_BANNER = '[open overlays]';
export const PAGE_BANNER = '[page]';

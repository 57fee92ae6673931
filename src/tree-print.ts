/**
 * The printing half of the tree's line grammar (src/tree-line.ts parses it; docs/tree.md#the-line-grammar
 * says it for people): quoting, cutting, the role and `{states}` short forms. Pure and DOM-free, so
 * every printer shares it: the page tree (content-scripts/ax/), Chrome's tree (background/cdp/ax-view.ts)
 * and PDFs (background/pdf/pdf-render.ts) print one grammar from one place. No `chrome.*` here.
 */

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

/** Collapses whitespace runs (newlines included) to one space; the tree is one line per node. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
}

export interface Capper {
  limit: number;
  /** How many strings were cut, for the result's notice. */
  cut: number;
}

/** Cuts a string at `limit` characters (0 = never) with an ellipsis, counting the cut. */
export function cap(text: string, capper: Capper): string {
  if (capper.limit <= 0 || text.length <= capper.limit) return text;
  capper.cut++;
  // Do not split a surrogate pair: a lone surrogate is invalid UTF-16 and breaks JSON encoders.
  let end = capper.limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
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

/** The `{…}` state part as a line prints it (leading space included), or ''. */
export function formatStates(s: AxStates, role: string, editable = false): string {
  const parts = stateWords(s, role, editable);
  return parts.length > 0 ? ` {${parts.join(' ')}}` : '';
}

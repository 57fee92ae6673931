/**
 * `extract` by label: the fallbacks for pages without test ids (issue 28). A field is found where a
 * person would find it, by the words shown next to it:
 * - a table cell under (or beside) a header cell with those words (HTML §4.9.12 "forming relationships
 *   between data cells and header cells", simplified to same-column / same-row headers);
 * - a `dd` after the `dt` with those words (HTML §4.4.9 description lists);
 * - an element whose accessible name is those words (accname 1.2: `<label for>`, a wrapping label,
 *   aria-label, aria-labelledby), a form control most often;
 * - the element right after a short text that is those words ("Email:" then the address).
 * And a collection (an array's repeated element) by the name of its table, list or grid: the caption,
 * aria-label or the heading just before it. Matching is on normalized words (case, `:`, camelCase and
 * `_`/`-` folded), equal first; an explicit label may also match as a prefix. Deterministic: no ranking.
 */
import { computeName } from '../ax/names';
import { queryComposed } from './query';
import { renderedText } from './page-text';

/** "firstName", "first_name", "First name:" → "first name"; "All orders, newest first" → "all orders newest first". */
export function labelWords(text: string): string {
  return (
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      // Punctuation separates words and nothing more: "Email:", "E-mail", "All orders, newest first".
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .toLowerCase()
  );
}

export interface LabelHit {
  el: Element;
  /** How it was found, for evidence ("column header \"Price\""). */
  via: string;
}

const MAX_LABEL_TEXT = 80;
/** Most elements whose name is computed per lookup: a label search must stay cheap on a huge page. */
const MAX_NAMED = 2000;
const CONTROL = 'input:not([type=hidden]), select, textarea, [contenteditable]:not([contenteditable=false]), [role]';

function matches(text: string, want: string, prefix: boolean): boolean {
  if (text.length === 0 || text.length > MAX_LABEL_TEXT) return false;
  const words = labelWords(text);
  return words === want || (prefix && words.startsWith(`${want} `));
}

function cellsOf(row: Element): Element[] {
  return [...row.children].filter(
    (c) =>
      c.localName === 'td' ||
      c.localName === 'th' ||
      /^(cell|gridcell|columnheader|rowheader)$/.test(c.getAttribute('role') ?? ''),
  );
}

/** Index of the column whose header reads `want` in the row's table or grid, or -1. */
function columnIndex(row: Element, want: string, prefix: boolean): number {
  const table = row.closest('table, [role=table], [role=grid], [role=treegrid]');
  if (!table) return -1;
  const headerRow =
    table.querySelector('thead tr') ??
    [...table.querySelectorAll('tr, [role=row]')].find((r) => {
      const cells = cellsOf(r);
      return cells.length > 0 && cells.every((c) => c.localName === 'th' || c.getAttribute('role') === 'columnheader');
    }) ??
    null;
  if (!headerRow || headerRow === row) return -1;
  return cellsOf(headerRow).findIndex((c) => matches(renderedText(c), want, prefix));
}

function inTableRow(scope: Element, want: string, prefix: boolean): LabelHit | null {
  const row = scope.localName === 'tr' || scope.getAttribute('role') === 'row' ? scope : null;
  if (row) {
    const col = columnIndex(row, want, prefix);
    const cell = col >= 0 ? cellsOf(row)[col] : undefined;
    if (cell) return { el: cell, via: `column header "${want}"` };
  }
  // A row header (th in a body row): the value is the next cell of that row.
  for (const th of scope.querySelectorAll('tr > th, [role=rowheader]')) {
    if (!matches(renderedText(th), want, prefix)) continue;
    const next = th.nextElementSibling;
    if (next && next.localName !== 'th') return { el: next, via: `row header "${want}"` };
  }
  return null;
}

function inDescriptionList(scope: Element, want: string, prefix: boolean): LabelHit | null {
  for (const dt of scope.querySelectorAll('dt')) {
    if (!matches(renderedText(dt), want, prefix)) continue;
    let dd = dt.nextElementSibling;
    while (dd && dd.localName === 'dt') dd = dd.nextElementSibling;
    if (dd?.localName === 'dd') return { el: dd, via: `description term "${want}"` };
  }
  return null;
}

function byAccessibleName(scope: Element, want: string, prefix: boolean): LabelHit | null {
  const found = queryComposed(scope, CONTROL);
  if (!found.ok) return null;
  for (const el of found.data.slice(0, MAX_NAMED)) {
    if (matches(computeName(el), want, prefix)) return { el, via: `accessible name "${want}"` };
  }
  return null;
}

/** A short text that is the label, then the value as its next element sibling. */
function byNeighbourText(scope: Element, want: string, prefix: boolean): LabelHit | null {
  for (const el of scope.querySelectorAll('label, span, div, strong, b, th, p')) {
    if (el.children.length > 0) continue;
    const next = el.nextElementSibling;
    if (!next || !matches(el.textContent ?? '', want, prefix)) continue;
    return { el: next, via: `text "${want}" before it` };
  }
  return null;
}

/**
 * The element the words `label` name inside `scope`. `explicit` (an `x-source.label`) also accepts a
 * label that starts with the words; a property name must equal them.
 */
export function elementByLabel(scope: Element, label: string, explicit: boolean): LabelHit | null {
  const want = labelWords(label);
  if (want === '') return null;
  for (const prefix of explicit ? [false, true] : [false]) {
    const hit =
      inTableRow(scope, want, prefix) ??
      inDescriptionList(scope, want, prefix) ??
      byAccessibleName(scope, want, prefix) ??
      byNeighbourText(scope, want, prefix);
    if (hit) return hit;
  }
  return null;
}

const CONTAINERS = 'table, ul, ol, [role=table], [role=grid], [role=list], [role=listbox], [role=feed], [role=tree]';

function containerName(el: Element): string {
  const name = computeName(el);
  if (name) return name;
  // A heading right before the list names it for a reader even without aria-labelledby.
  const prev = el.previousElementSibling;
  return prev && /^h[1-6]$/.test(prev.localName) ? renderedText(prev) : '';
}

function rowsOf(container: Element): Element[] {
  if (container.localName === 'table') {
    const body = [...container.querySelectorAll('tr')].filter((r) => r.closest('table') === container);
    return body.filter((r) => !r.closest('thead') && !cellsOf(r).every((c) => c.localName === 'th'));
  }
  const role = container.getAttribute('role');
  if (role === 'table' || role === 'grid') {
    return [...container.querySelectorAll('[role=row]')].filter((r) => !r.querySelector('[role=columnheader]'));
  }
  return [...container.children].filter(
    (c) =>
      c.localName === 'li' ||
      /^(listitem|option|article|treeitem)$/.test(c.getAttribute('role') ?? '') ||
      c.localName === 'article',
  );
}

/** The rows of the table, list or grid named `name` (caption, aria-label, heading before it). */
export function collectionByLabel(scope: Element, name: string): { rows: Element[]; via: string } | null {
  const want = labelWords(name);
  if (want === '') return null;
  const found = queryComposed(scope, CONTAINERS);
  if (!found.ok) return null;
  for (const prefix of [false, true]) {
    for (const c of found.data) {
      if (!matches(containerName(c), want, prefix)) continue;
      const rows = rowsOf(c);
      if (rows.length > 0)
        return {
          rows,
          via: `rows of the ${c.localName === 'table' ? 'table' : (c.getAttribute('role') ?? 'list')} named "${name}"`,
        };
    }
  }
  return null;
}

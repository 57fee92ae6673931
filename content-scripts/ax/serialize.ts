/**
 * Kept nodes to text lines: 1 space of indent per depth, overlays first under a banner. The
 * 'interactive' filter is applied here: nodes without a ref (other than headings and dialogs, which
 * say where a control sits) print nothing and their children move up.
 */
import type { TreeFilter } from '../../shared/tree-options';
import type { RefRegistry } from './ref-registry';
import {
  cellText,
  inlineTextPart,
  namePart,
  OVERLAY_BANNER,
  PAGE_BANNER,
  popupPart,
  quote,
  refPart,
} from '../../shared/tree-print';
import type { AxNode } from './ax-node';

export interface Serialized {
  lines: string[];
  refCount: number;
}

interface Out {
  lines: string[];
  refCount: number;
  filter: TreeFilter;
  maxDepth: number;
  registry: RefRegistry;
}

export function serialize(
  top: AxNode,
  overlays: readonly AxNode[],
  filter: TreeFilter,
  maxDepth: number,
  registry: RefRegistry,
): Serialized {
  const out: Out = { lines: [], refCount: 0, filter, maxDepth, registry };
  if (overlays.length > 0) {
    out.lines.push(OVERLAY_BANNER);
    const before = out.lines.length;
    for (const overlay of overlays) renderNode(overlay, 0, out);
    if (out.lines.length === before) out.lines.pop();
    else out.lines.push(PAGE_BANNER);
  }
  const bodyStart = out.lines.length;
  renderNode(top, 0, out);
  if (out.lines.length === bodyStart && out.lines[bodyStart - 1] === PAGE_BANNER) out.lines.pop();
  return { lines: out.lines, refCount: out.refCount };
}

const INDENTS: string[] = [''];

function indent(depth: number): string {
  for (let d = INDENTS.length; d <= depth; d++) INDENTS.push(' '.repeat(d));
  return INDENTS[depth] ?? ' '.repeat(depth);
}

function renderNode(node: AxNode, depth: number, out: Out): void {
  const keep = !node.transparent && (out.filter !== 'interactive' || node.ref !== undefined || node.context);
  if (!keep) {
    renderChildren(node, depth, out);
    renderNotes(node, depth, out);
    return;
  }
  const wrapped = bareWrapperChild(node);
  if (wrapped) {
    renderNode(wrapped, depth, out);
    return;
  }
  const row = out.filter === 'interactive' ? null : compactRow(node, out.registry);
  if (row !== null) {
    out.lines.push(indent(depth) + row);
    out.refCount += countRefs(node);
    return;
  }
  let line = indent(depth) + nodeLine(node, out.registry);
  if (node.ref) out.refCount++;
  const text = inlineText(node);
  if (text !== undefined) {
    if (out.filter !== 'interactive' || node.ref !== undefined) line += inlineTextPart(text);
    out.lines.push(line);
    return;
  }
  out.lines.push(line);
  renderChildren(node, depth + 1, out);
  renderNotes(node, depth + 1, out);
}

/**
 * One node's line without indent or inline text: `role "name" [ref_N] attrs {states} (popup of ref_M)`.
 * The tree and `find` (content-scripts/find/) print elements through this one function, so a
 * candidate's line is the line the tree prints for it. The pieces are shared/tree-print.ts's part
 * printers (the ones `printLine` is made of); attributes and states arrive pre-printed by them
 * (render.ts), because building a record per node would cost the hot path for nothing.
 */
export function nodeLine(node: AxNode, registry: RefRegistry): string {
  const named = node.name !== '' && !(node.ref === undefined && titledByFirstHeading(node));
  let line = node.shownRole ?? node.role;
  if (named) line += namePart(node.name);
  if (node.ref) line += refPart(node.ref);
  line += node.attrs + node.states;
  if (node.popupOf) {
    const owner = registry.peek(node.popupOf);
    if (owner) line += popupPart(owner);
  }
  return line;
}

/** A node whose whole content is one text run prints it inline: `listitem: "Apples"`. */
export function inlineText(node: AxNode): string | undefined {
  const only = node.children.length === 1 ? node.children[0] : undefined;
  return only?.kind === 'text' && node.omitted === 0 && node.extra === undefined ? only.text : undefined;
}

/**
 * A listitem or table cell that only wraps one node (the typical nav link, a row's checkbox) costs
 * a line and says nothing the list or row line above it does not; its child prints in its place.
 * A row keeps one line per cell, so columns still line up with the header row.
 */
function bareWrapperChild(node: AxNode): AxNode | null {
  if (node.role !== 'listitem' && node.role !== 'cell') return null;
  if (node.ref || node.name || node.attrs || node.states) return null;
  if (node.omitted > 0 || node.extra !== undefined || node.children.length !== 1) return null;
  const only = node.children[0];
  return only?.kind === 'node' ? only : null;
}

/** Sections whose name usually comes from their own heading (aria-labelledby, or name from heading: name-from-heading.ts). */
const HEADED_ROLES: ReadonlySet<string> = new Set([
  'region',
  'dialog',
  'alertdialog',
  'article',
  'complementary',
  'form',
]);

/**
 * A section named by the heading it starts with (`region "Dialog"` then `h2 "Dialog"`) prints
 * the name once, on the heading. Nodes with refs keep their name: it is what the ref is called.
 */
function titledByFirstHeading(node: AxNode): boolean {
  if (!HEADED_ROLES.has(node.role)) return false;
  const first = node.children[0];
  return first?.kind === 'node' && first.role === 'heading' && first.name === node.name;
}

const CELL_ROLES: ReadonlySet<string> = new Set(['cell', 'columnheader', 'rowheader', 'gridcell']);

/**
 * A table row as one line, its cells split by ` | ` the way a model reads a markdown table, at a
 * fraction of the tokens of a line per cell (docs/tree.md#the-line-grammar). A cell prints as
 *   - its text, bare (`Alice`), or quoted when the bare form could be misread (it holds `"`, `|`, `\`,
 *     `[`, edge spaces, or is empty: `""`);
 *   - the controls it holds, each as its own tree line (`checkbox "Select Ada" [ref_4]`), several in
 *     one cell split by a space; a cell that is itself the control (a clickable gridcell) likewise.
 * The row's own ref and states stay on the row (`row [ref_9] {selected}: Alice | 30`). Rows whose
 * cells hold anything else (text beside a control, nested structure, a note) print a line per cell.
 */
function compactRow(node: AxNode, registry: RefRegistry): string | null {
  if (node.role !== 'row' || node.name || node.popupOf) return null;
  if (node.omitted > 0 || node.extra !== undefined || node.children.length === 0) return null;
  const parts: string[] = [];
  let headers = 0;
  for (const cell of node.children) {
    if (cell.kind !== 'node' || cell.transparent || !CELL_ROLES.has(cell.role)) return null;
    const part = cellPart(cell, registry);
    if (part === null) return null;
    if (cell.role === 'columnheader') headers++;
    parts.push(part);
  }
  const line = nodeLine(node, registry);
  return `${line === 'row' && headers === parts.length ? 'row (column headers)' : line}: ${parts.join(' | ')}`;
}

/** Refs a compact row prints: its own and its cells' (and their controls'). */
function countRefs(row: AxNode): number {
  let n = row.ref ? 1 : 0;
  for (const cell of row.children) {
    if (cell.kind !== 'node') continue;
    if (cell.ref) n++;
    for (const c of cell.children) if (c.kind === 'node' && c.ref) n++;
  }
  return n;
}

/** One cell of a compact row, or null when the cell needs lines of its own. */
function cellPart(cell: AxNode, registry: RefRegistry): string | null {
  if (cell.omitted > 0 || cell.extra !== undefined || cell.popupOf) return null;
  if (cell.ref) return cell.children.length === 0 ? nodeLine(cell, registry) : null;
  if (cell.attrs || cell.states) return null;
  const only = cell.children.length === 1 ? cell.children[0] : undefined;
  if (cell.children.length === 0 || only?.kind === 'text') {
    if (only && cell.name) return null;
    return cellText(cell.name || (only?.kind === 'text' ? only.text : ''));
  }
  if (cell.name) return null;
  const controls: string[] = [];
  for (const child of cell.children) {
    if (!isLeafControl(child)) return null;
    controls.push(nodeLine(child, registry));
  }
  return controls.join(' ');
}

function isLeafControl(child: AxNode['children'][number]): child is AxNode {
  return (
    child.kind === 'node' &&
    child.ref !== undefined &&
    !child.transparent &&
    child.children.length === 0 &&
    child.omitted === 0 &&
    child.extra === undefined
  );
}

function renderChildren(node: AxNode, depth: number, out: Out): void {
  for (const child of node.children) {
    if (child.kind === 'node') renderNode(child, depth, out);
    else if (out.filter !== 'interactive') out.lines.push(indent(depth) + quote(child.text));
  }
}

function renderNotes(node: AxNode, depth: number, out: Out): void {
  if (node.omitted > 0) {
    const where = node.ref ? `ref_id "${node.ref}"` : 'a ref_id inside it';
    out.lines.push(
      `${indent(depth)}… ${node.omitted} nested node(s) below maxDepth ${out.maxDepth}: read them with ${where}`,
    );
  }
  if (node.extra !== undefined) out.lines.push(`${indent(depth)}${node.extra}`);
}

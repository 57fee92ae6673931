/**
 * Kept nodes to text lines: 1 space of indent per depth, overlays first under a banner. The
 * 'interactive' filter is applied here: nodes without a ref (other than headings and dialogs, which
 * say where a control sits) print nothing and their children move up.
 */
import type { TreeFilter } from '../../src/tree-options';
import type { RefRegistry } from './ref-registry';
import { quote } from './render';
import type { AxNode } from './ax-node';

export const OVERLAY_BANNER = '[open overlays]';
export const PAGE_BANNER = '[page]';

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
  const row = compactRow(node);
  if (row !== null) {
    out.lines.push(indent(depth) + row);
    return;
  }
  let line = indent(depth) + nodeLine(node, out.registry);
  if (node.ref) out.refCount++;
  const text = inlineText(node);
  if (text !== undefined) {
    if (out.filter !== 'interactive' || node.ref !== undefined) line += `: ${quote(text)}`;
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
 * candidate's line is the line the tree prints for it.
 */
export function nodeLine(node: AxNode, registry: RefRegistry): string {
  const named = node.name !== '' && !(node.ref === undefined && titledByFirstHeading(node));
  let line = node.role;
  if (named) line += ` ${quote(node.name)}`;
  if (node.ref) line += ` [${node.ref}]`;
  line += node.attrs + node.states;
  if (node.popupOf) {
    const owner = registry.peek(node.popupOf);
    if (owner) line += ` (popup of ${owner})`;
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
 * A section named by the heading it starts with (`region "Dialog"` then `heading "Dialog"`) prints
 * the name once, on the heading. Nodes with refs keep their name: it is what the ref is called.
 */
function titledByFirstHeading(node: AxNode): boolean {
  if (!HEADED_ROLES.has(node.role)) return false;
  const first = node.children[0];
  return first?.kind === 'node' && first.role === 'heading' && first.name === node.name;
}

const CELL_ROLES: ReadonlySet<string> = new Set(['cell', 'columnheader', 'rowheader', 'gridcell']);

/**
 * A table row of plain-text cells as one line, `row: "Alice" | "30"` (a header row says so), which
 * is how a model reads a table anyway and costs a fraction of a line per cell. Rows with refs,
 * states or nested content print normally.
 */
function compactRow(node: AxNode): string | null {
  if (node.role !== 'row' || node.ref || node.name || node.attrs || node.states) return null;
  if (node.omitted > 0 || node.extra !== undefined || node.children.length === 0) return null;
  const parts: string[] = [];
  let headers = 0;
  for (const cell of node.children) {
    if (cell.kind !== 'node' || !CELL_ROLES.has(cell.role) || cell.ref || cell.attrs || cell.states) return null;
    if (cell.omitted > 0 || cell.extra !== undefined || cell.children.length > 1) return null;
    const only = cell.children[0];
    if (only && (only.kind !== 'text' || cell.name)) return null;
    if (cell.role === 'columnheader') headers++;
    parts.push(quote(cell.name || (only?.kind === 'text' ? only.text : '')));
  }
  return `${headers === parts.length ? 'row (column headers)' : 'row'}: ${parts.join(' | ')}`;
}

function renderChildren(node: AxNode, depth: number, out: Out): void {
  for (const child of node.children) {
    if (child.kind === 'node') renderNode(child, depth, out);
    else if (out.filter !== 'interactive') out.lines.push(`${indent(depth)}text ${quote(child.text)}`);
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

/**
 * Kept nodes to text lines: 1 space of indent per depth, overlays first under a banner. The
 * 'interactive' filter is applied here: nodes without a ref (other than headings and dialogs, which
 * say where a control sits) print nothing and their children move up.
 */
import type { TreeFilter } from '../../src/tree-args';
import type { RefRegistry } from './ref-registry';
import { quote } from './render';
import type { AxNode } from './tree-walk';

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

function indent(depth: number): string {
  return depth > 0 ? ' '.repeat(depth) : '';
}

function renderNode(node: AxNode, depth: number, out: Out): void {
  const keep = !node.transparent && (out.filter !== 'interactive' || node.ref !== undefined || node.context);
  if (!keep) {
    renderChildren(node, depth, out);
    renderNotes(node, depth, out);
    return;
  }
  let line = indent(depth) + node.role;
  if (node.name) line += ` ${quote(node.name)}`;
  if (node.ref) {
    line += ` [${node.ref}]`;
    out.refCount++;
  }
  line += node.attrs + node.states;
  if (node.popupOf) {
    const owner = out.registry.peek(node.popupOf);
    if (owner) line += ` (popup of ${owner})`;
  }
  const only = node.children.length === 1 ? node.children[0] : undefined;
  if (only?.kind === 'text' && node.omitted === 0 && node.extra === undefined) {
    // A node whose whole content is one text run prints it inline: `listitem: "Apples"`.
    if (out.filter !== 'interactive' || node.ref !== undefined) line += `: ${quote(only.text)}`;
    out.lines.push(line);
    return;
  }
  out.lines.push(line);
  renderChildren(node, depth + 1, out);
  renderNotes(node, depth + 1, out);
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

/**
 * `omit` for get_accessibility_tree: drops noisy subtrees (a timeline's hundred segments, a footer of
 * links) before the tree is printed. A node matches when a pattern is a case-insensitive substring of
 * its role, its name or one of its test-id attributes; the node and everything under it go, and the
 * result says how many subtrees and nodes were dropped so the model knows something is left out.
 */
import type { AxNode } from './ax-node';

export interface OmitStats {
  subtrees: number;
  nodes: number;
}

function matches(node: AxNode, patterns: readonly string[], testIds: readonly string[]): boolean {
  if (node.transparent) return false;
  const role = node.role.toLowerCase();
  const name = node.name.toLowerCase();
  const ids = node.el ? testIds.map((a) => node.el?.getAttribute(a)?.toLowerCase() ?? '').filter(Boolean) : [];
  return patterns.some((p) => role.includes(p) || name.includes(p) || ids.some((id) => id.includes(p)));
}

function size(node: AxNode): number {
  let n = 1;
  for (const child of node.children) if (child.kind === 'node') n += size(child);
  return n;
}

function prune(node: AxNode, patterns: readonly string[], testIds: readonly string[], stats: OmitStats): void {
  node.children = node.children.filter((child) => {
    if (child.kind !== 'node') return true;
    if (matches(child, patterns, testIds)) {
      stats.subtrees++;
      stats.nodes += size(child);
      return false;
    }
    prune(child, patterns, testIds, stats);
    return true;
  });
}

/** Removes matching subtrees from the walk's output (overlays included); returns what was dropped. */
export function applyOmit(
  top: AxNode,
  overlays: AxNode[],
  patterns: readonly string[],
  testIds: readonly string[],
): OmitStats {
  const stats: OmitStats = { subtrees: 0, nodes: 0 };
  const lowered = patterns.map((p) => p.toLowerCase()).filter((p) => p !== '');
  if (lowered.length === 0) return stats;
  prune(top, lowered, testIds, stats);
  for (let i = overlays.length - 1; i >= 0; i--) {
    const overlay = overlays[i];
    if (!overlay) continue;
    if (matches(overlay, lowered, testIds)) {
      stats.subtrees++;
      stats.nodes += size(overlay);
      overlays.splice(i, 1);
    } else {
      prune(overlay, lowered, testIds, stats);
    }
  }
  return stats;
}

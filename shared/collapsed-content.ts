/**
 * Content a tree page shows only in part (issue 28, complete reads): a "Show more" / "Expand all" /
 * "View 3 more replies" control, or a section whose control says it is collapsed (`aria-expanded="false"`,
 * WAI-ARIA 1.2 §6.6 aria-expanded). The tree prints neither the hidden replies nor a closed section's
 * content, so a read that skips them is not a read of the whole document. Each is named as the tree
 * line the page printed, through the one printer (`printLine`), with its ref, so the model can click it.
 */
import { parseTree, type TreeLine } from './tree-line';
import { printLine } from './tree-print';

/** Controls whose name asks for more of the same content (English; the commonest wordings of feeds, mail and forums). */
const MORE_NAME =
  /\b(?:show|see|view|load|read|expand|display|open)\b[^"]{0,30}?\b(?:more|all|replies|comments|thread|rest|older|earlier|hidden|full)\b|\b\d+\s+(?:more|hidden|older|earlier)\b|\bmore\s+(?:replies|comments|messages|answers|posts)\b|^(?:more|…|\.\.\.)$/i;
/** Names of controls that open chrome, not content ("More options", a hamburger menu). */
const NOT_CONTENT = /\b(?:options|actions|menu|navigation|settings|account|profile|filters?|sort|language)\b/i;
/** Roles whose `{collapsed}` hides content in place (a combobox's collapsed state hides only its options). */
const SECTION_ROLES: ReadonlySet<string> = new Set(['button', 'link', 'treeitem', 'row', 'tab', 'heading', 'generic']);
const MORE_ROLES: ReadonlySet<string> = new Set(['button', 'link', 'menuitem', 'treeitem', 'generic', 'text']);

function isCollapsedContent(l: TreeLine): boolean {
  if (l.ref === undefined) return false;
  const name = (l.name ?? l.text ?? '').trim();
  if (NOT_CONTENT.test(name)) return false;
  if (l.states.includes('collapsed') && SECTION_ROLES.has(l.role)) return true;
  return MORE_ROLES.has(l.role) && MORE_NAME.test(name);
}

/** The tree lines of a page that hide content, printed without indent, each once (by ref). */
export function collapsedLines(tree: string): string[] {
  const out = new Map<string, string>();
  for (const l of parseTree(tree)) {
    if (!isCollapsedContent(l) || l.ref === undefined || out.has(l.ref)) continue;
    out.set(l.ref, printLine({ ...l, indent: 0, cells: undefined, columnHeaders: false, tail: '' }));
  }
  return [...out.values()];
}

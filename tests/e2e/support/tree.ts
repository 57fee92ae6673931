/**
 * The one way e2e tests read a page's tree: `get_accessibility_tree` through the worker's dispatch
 * path (what the model's calls go through), parsed with the tool's own result schema.
 */
import { TreeResultSchema, type TreeResult } from '../../../shared/tree-contract';
import type { Mode } from '../../../shared/modes';
import type { ExtensionBrowser } from './browser';

/** The whole tree in one page: every node, no paging. */
export const WHOLE_TREE = { filter: 'all', maxChars: 1_000_000 } as const;

export async function readTree(
  browser: ExtensionBrowser,
  tabId: number,
  args: Record<string, unknown> = WHOLE_TREE,
  options: { mode?: Mode } = {},
): Promise<TreeResult> {
  const reply = await browser.tool('get_accessibility_tree', args, { tabId, ...options });
  if (!reply.ok) throw new Error(`get_accessibility_tree on tab ${tabId}: ${reply.error.code}: ${reply.error.message}`);
  return TreeResultSchema.parse(reply.data);
}

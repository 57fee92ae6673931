/**
 * get_accessibility_tree where the page scripts cannot run (a page that refuses injection, a page
 * loaded before install where injection is refused): the tree comes from Chrome's accessibility tree
 * instead (chrome-ax-tree.ts), in the same grammar, with worker-minted refs that click_ax and type_ax
 * dispatch through CDP. The result's notice names the source.
 */
import type { z } from 'zod';
import { err, ok, type Err, type Result } from '../../shared/result';
import type { TreeArgsSchema, TreeResult } from '../../shared/tree-contract';
import { runChromeAx } from './chrome-ax-tree';

/** The bridge's answers that mean "no page script can run here" (content-bridge.ts). */
const NO_SCRIPTS: ReadonlySet<string> = new Set(['page_not_scriptable', 'no_content_script']);

export async function treeFromChromeAx(
  tabId: number,
  args: z.infer<typeof TreeArgsSchema>,
  failure: Err,
): Promise<Result<TreeResult>> {
  // Firefox has no chrome.debugger: its answer stays the bridge's.
  if (!NO_SCRIPTS.has(failure.error.code) || typeof chrome.debugger === 'undefined') return failure;
  const read = await runChromeAx(
    tabId,
    {
      ...(args.ref_id !== undefined ? { ref_id: args.ref_id } : {}),
      ...(args.maxChars !== undefined ? { maxChars: args.maxChars } : {}),
      ...(args.page !== undefined ? { page: args.page } : {}),
      ...(args.tree_revision !== undefined ? { tree_revision: args.tree_revision } : {}),
    },
    // The main frame: get_accessibility_tree passed it through the read gate already.
    undefined,
    false,
  );
  if (!read.ok) {
    return err(
      failure.error.code,
      `${failure.error.message} (Chrome's own tree could not be read either: ${read.error.message})`,
    );
  }
  const r = read.data;
  const ignored = ['filter', 'maxDepth', 'omit', 'testIdAttributes', 'maxTextChars'].filter(
    (k) => Reflect.get(args, k) !== undefined,
  );
  const notice = [r.notice, ignored.length > 0 ? `${ignored.join(', ')} not applied on this source.` : '']
    .filter(Boolean)
    .join(' ');
  return ok({
    tree: r.tree,
    url: r.url,
    title: r.title,
    truncated: r.truncated,
    hasMore: r.hasMore,
    page: r.page,
    totalPages: r.totalPages,
    tree_revision: r.tree_revision,
    continuationArgs: r.hasMore
      ? {
          page: r.page + 1,
          tree_revision: r.tree_revision,
          ...(args.maxChars !== undefined ? { maxChars: args.maxChars } : {}),
          ...(args.ref_id !== undefined ? { ref_id: args.ref_id } : {}),
        }
      : null,
    autoDegraded: false,
    notice,
    stats: r.stats,
  });
}

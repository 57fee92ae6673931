import { TreeArgsSchema, TreeResultSchema } from '../../src/tree-contract';
import { err, ok } from '../../src/result';
import { sendToContent } from '../content-bridge';
import { defineTool } from './define-tool';

export const getAccessibilityTree = defineTool({
  name: 'get_accessibility_tree',
  description: [
    'Reads the page as a compact accessibility tree: one line per node, `role "name" [ref_N] attrs {states}`.',
    'Use the [ref_N] ids with the action tools; a ref stays bound to its element while it is on the page.',
    'Open dialogs/menus/listboxes come first under [open overlays]. A long tree is paged: when hasMore is true,',
    'call again with exactly the returned continuationArgs until hasMore is false. Re-read after navigation.',
    "filter 'interactive' lists controls only (cheapest); 'visible' only what is on screen; ref_id zooms into a subtree.",
  ].join(' '),
  schema: TreeArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx) {
    const reply = await sendToContent(ctx.tabId, { type: 'tool', tool: 'get_accessibility_tree', args });
    if (!reply.ok) return reply;
    const result = TreeResultSchema.safeParse(reply.data);
    if (!result.success) return err('bad_reply', 'the page returned a malformed tree; reload the page and retry');
    return ok(result.data);
  },
});

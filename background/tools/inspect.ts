/**
 * `inspect`: one element's box, computed styles, overflow, visibility and child count, for layout and
 * control-state questions the tree does not answer (content-scripts/reads/inspect.ts).
 */
import { z } from 'zod';
import { defineTool } from './define-tool';
import { pageRead, ReadFrameArg, RefIdArg, SelectorArg } from './page-read';
import { checkReply } from '../page-call';

const ResultSchema = z.object({
  element: z.string(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  styles: z.record(z.string(), z.string()),
  overflowing: z.object({ x: z.boolean(), y: z.boolean() }),
  visible: z.union([z.literal(true), z.string()]),
  childCount: z.number(),
});

export const inspectTool = defineTool({
  name: 'inspect',
  family: 'data',
  description: [
    "Reads one element's layout: {element (its tree line), box {x,y,width,height}, styles (display, visibility, opacity,",
    'position, cursor, pointerEvents, overflow(X/Y), zIndex, flexDirection, justifyContent, alignItems, plus any camelCase',
    'names in styles), overflowing {x,y} (content larger than the box), visible (true or why not), childCount}.',
    'cursor "not-allowed" on a visible control usually means it is disabled.',
  ].join(' '),
  schema: z
    .strictObject({
      ref_id: RefIdArg.optional(),
      selector: SelectorArg.optional(),
      styles: z
        .array(z.string().regex(/^-?[a-zA-Z][a-zA-Z0-9-]{0,60}$/, 'must be a CSS property name'))
        .max(30)
        .optional()
        .describe('extra computed styles, e.g. ["backgroundColor", "fontSize"]'),
      frameId: ReadFrameArg.optional(),
    })
    .refine((a) => a.ref_id !== undefined || a.selector !== undefined, 'give ref_id or selector'),
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: true,
  async handler(args, ctx) {
    const reply = await pageRead(ctx.tabId, 'inspect', args, ctx.reads);
    return checkReply(reply, ResultSchema, 'inspect result');
  },
});

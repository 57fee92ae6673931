/** The action tools that need nothing from the worker but routing: select_option, scroll. */
import { ScrollResultSchema, SelectResultSchema } from '../../../shared/tools/action-results';
import { defineTool } from '../define-tool';
import { withEvidence } from './action-evidence';
import { forward } from './forward';
import { ScrollArgs, SelectArgs } from './schemas';

export const selectOption = defineTool({
  name: 'select_option',
  compactFamily: 'more',
  description: 'Chooses an option of a <select> or ARIA combobox/listbox by value or label.',
  schema: SelectArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) =>
    withEvidence(ctx.tabId, ctx.frameId, () =>
      forward(ctx.tabId, 'select_option', args, SelectResultSchema, ctx.frameId),
    ),
});

export const scrollTool = defineTool({
  name: 'scroll',
  family: 'input',
  description: [
    'Scrolls: {ref_id} brings an element into view; {direction, amount?} scrolls the page (or, with ref_id, that',
    'element\u2019s scrollable container). Returns {success, container, before, after, atEnd, appeared?, hint?}; atEnd:true',
    'means there is nothing further that way; appeared: tree lines of what loaded (a feed).',
  ].join(' '),
  schema: ScrollArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) =>
    withEvidence(ctx.tabId, ctx.frameId, () => forward(ctx.tabId, 'scroll', args, ScrollResultSchema, ctx.frameId)),
});

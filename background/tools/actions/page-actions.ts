/** The action tools that need nothing from the worker but routing: select_option, press_key, scroll. */
import { KeyResultSchema, ScrollResultSchema, SelectResultSchema } from '../../../src/tools/action-results';
import { defineTool } from '../define-tool';
import { withEvidence } from './action-evidence';
import { forward } from './forward';
import { PressKeyArgs, ScrollArgs, SelectArgs } from './schemas';

export const selectOption = defineTool({
  name: 'select_option',
  description: [
    'Chooses an option by value or visible label in a drop-down: native <select>, or an ARIA combobox/listbox',
    '(opens it, finds the option even in a portal, clicks it). Returns {success, method, selected, value?, changes, hint?};',
    'an unknown option gets the list of available ones.',
  ].join(' '),
  schema: SelectArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) =>
    withEvidence(ctx.tabId, ctx.frameId, () =>
      forward(ctx.tabId, 'select_option', args, SelectResultSchema, ctx.frameId),
    ),
});

export const pressKey = defineTool({
  name: 'press_key',
  description: [
    'Presses a key or chord (Enter, Escape, Tab, ArrowDown, PageDown, Control+a, Shift+Tab…) on the ref or the focused element.',
    'When the page does not handle the key, its usual browser effect is performed (Tab moves focus, Enter submits,',
    'Control+a selects). Returns {key, target, defaultPrevented, emulated?, changes}.',
  ].join(' '),
  schema: PressKeyArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) =>
    withEvidence(ctx.tabId, ctx.frameId, () => forward(ctx.tabId, 'press_key', args, KeyResultSchema, ctx.frameId)),
});

export const scrollTool = defineTool({
  name: 'scroll',
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

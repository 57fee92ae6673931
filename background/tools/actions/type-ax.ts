import { TypeResultSchema } from '../../../src/tools/action-results';
import { defineTool } from '../define-tool';
import { forward } from './forward';
import { FocusTypeArgs, TypeArgs } from './schemas';

const RESULT_DOC =
  'Returns {success, method, value (read back from the field), attempts?, standIn?, hint?, changes}. success:false means the text did not land with any method: re-read the tree.';

export const typeAx = defineTool({
  name: 'type_ax',
  description: [
    'Types text into a text field, textarea, combobox or rich-text editor by ref (React/Vue controlled fields included),',
    'replacing its content unless clear:false. Reads the value back and tries the next input method if it did not land.',
    RESULT_DOC,
    'Checkboxes, radios, buttons and file inputs are refused with what to use instead.',
  ].join(' '),
  schema: TypeArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) => forward(ctx.tabId, 'type_ax', args, TypeResultSchema, ctx.frameId),
});

export const focusType = defineTool({
  name: 'focus_type',
  description: [
    'Focuses a field, types into it and optionally submits (submit:true), in one step: the equivalent of click_ax + type_ax',
    '(+ Enter). Submit is combobox-aware: an autocomplete commits its highlighted suggestion with ArrowDown + Enter;',
    'a form field submits its form. Use it for search boxes and autocompletes.',
    RESULT_DOC,
    'submitted says how it was submitted.',
  ].join(' '),
  schema: FocusTypeArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) => forward(ctx.tabId, 'focus_type', args, TypeResultSchema, ctx.frameId),
});

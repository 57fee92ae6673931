/**
 * type_ax / focus_type: the page types with its synthetic methods and reads back. When none landed
 * on a text field or editable region, the page focuses it, selects what the text replaces and asks
 * for one trusted `Input.insertText` (https://chromedevtools.github.io/devtools-protocol/tot/Input/#method-insertText),
 * which types into the focused element of the focused frame; the page then judges it (`type_readback`).
 * The debugger is attached for that one command and detached right after.
 */
import type { z } from 'zod';
import { TypeReplySchema, TypeResultSchema, type TypeResult } from '../../../shared/tools/action-results';
import { HAS_CDP } from '../../../shared/browser-target';
import { ok, type Result } from '../../../shared/result';
import { cdpRefType, isCdpRef } from '../../cdp/ax-actions';
import { withSession } from '../../cdp/cdp-client';
import { confirmFocus } from '../../cdp/dispatch-check';
import { sendToContent } from '../../content-bridge';
import { defineTool } from '../define-tool';
import type { ToolContext } from '../types';
import { withEvidence } from './action-evidence';
import { forward } from './forward';
import { FocusTypeArgs, TypeArgs } from './schemas';

const RESULT_DOC = 'success:false: it did not land; re-read the tree.';

function withNote(result: TypeResult, note: string): TypeResult {
  return { ...result, attempts: [...(result.attempts ?? []), `cdp-insert-text: ${note}`] };
}

async function trustedInsert(
  tabId: number,
  frameId: number,
  result: TypeResult,
  token: string,
  text: string,
): Promise<TypeResult> {
  const sent = await withSession(tabId, async ({ send }) => {
    // insertText types into whatever holds focus when it arrives: confirm it is still the field, after
    // the debugger (and its viewport-resizing infobar) is attached (issue 10, item 8).
    const focused = await confirmFocus(tabId, frameId, token);
    if (!focused.ok) return focused;
    return send(tabId, 'Input.insertText', { text });
  });
  if (!sent.ok) {
    await sendToContent(tabId, { type: 'tool', tool: 'type_readback', args: { token, action: 'cancel' } }, frameId);
    const out = withNote(result, `not tried: ${sent.error.message}`);
    if (sent.error.code === 'focus_moved')
      out.hint =
        'focus moved to another element just before the trusted insertion, so nothing was typed; re-read the tree and retry';
    return out;
  }
  const back = await forward(tabId, 'type_readback', { token, action: 'collect' }, TypeResultSchema, frameId);
  if (!back.ok) {
    return {
      ...withNote(result, `sent, but the page could not read it back (${back.error.message})`),
      hint: 'a trusted insertion was sent but its result is unknown; re-read the tree before typing again',
    };
  }
  return back.data;
}

async function typeHandler(
  tool: 'type_ax' | 'focus_type',
  args: z.infer<typeof TypeArgs> | z.infer<typeof FocusTypeArgs>,
  ctx: ToolContext,
): Promise<Result<TypeResult>> {
  return withEvidence(ctx.tabId, ctx.frameId, async () => {
    const reply = await forward(ctx.tabId, tool, args, TypeReplySchema, ctx.frameId);
    if (!reply.ok) return reply;
    const { result, insertText } = reply.data;
    if (!insertText) return ok(result);
    return ok(await trustedInsert(ctx.tabId, ctx.frameId ?? 0, result, insertText.token, insertText.text));
  });
}

// The model reads only its own build's text (docs/firefox.md): Firefox has no trusted insertion.
const TRUSTED_DOC = HAS_CDP ? 'Last resort: one trusted insertion.' : 'Page-level methods only.';

export const typeAx = defineTool({
  name: 'type_ax',
  description: [
    "Replaces a field's or editor's text, reads it back and tries another method if it did not land.",
    TRUSTED_DOC,
    RESULT_DOC,
  ].join(' '),
  schema: TypeArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) =>
    // A ref read from Chrome's tree where no page script runs is typed into through CDP (ax-actions.ts).
    isCdpRef(ctx.tabId, ctx.frameId ?? 0, args.ref_id)
      ? cdpRefType(ctx.tabId, ctx.frameId ?? 0, args.ref_id, args.text, args.clear ?? true)
      : typeHandler('type_ax', args, ctx),
});

export const focusType = defineTool({
  name: 'focus_type',
  family: 'input',
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
  handler: (args, ctx) =>
    // A ref read from Chrome's tree where no page script runs: typed and submitted through CDP (ax-actions.ts).
    isCdpRef(ctx.tabId, ctx.frameId ?? 0, args.ref_id)
      ? cdpRefType(ctx.tabId, ctx.frameId ?? 0, args.ref_id, args.text, args.clear ?? true, args.submit ?? false)
      : typeHandler('focus_type', args, ctx),
});

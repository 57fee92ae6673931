/**
 * press_key: the page presses the chord synthetically (content-scripts/actions/press-key.ts). When the
 * page ignored it (not canceled, no default we performed, nothing changed) it arms a trusted retry;
 * in Chrome the worker sends the same chord once through CDP (trusted, with the modifiers' own
 * events) to the element the gate judged, re-checked to still hold focus, unless the synthetic key sent
 * a write, opened a tab or downloaded (click_ax's veto, activity-watch.ts).
 */
import { KeyResultSchema, ObservationReportSchema, type KeyResult } from '../../../shared/tools/action-results';
import { ok, type Result } from '../../../shared/result';
import { parseChord } from '../../../shared/key-chord';
import { HAS_CDP } from '../../../shared/browser-target';
import { withSession } from '../../cdp/cdp-client';
import { pressChord } from '../../cdp/input';
import { confirmFocus } from '../../cdp/dispatch-check';
import { sendToContent } from '../../content-bridge';
import { defineTool } from '../define-tool';
import type { ToolContext } from '../types';
import { withEvidence } from './action-evidence';
import { vetoReason, watchTabActivity } from './activity-watch';
import { forward } from './forward';
import { PressKeyArgs } from './schemas';
import type zod from 'zod';

const observe = (tabId: number, frameId: number, token: string, action: 'cancel' | 'collect') =>
  sendToContent(tabId, { type: 'tool', tool: 'action_observe', args: { token, action } }, frameId);

async function trustedKey(ctx: ToolContext, result: KeyResult, token: string): Promise<KeyResult> {
  const frameId = ctx.frameId ?? 0;
  // The chord the page pressed is the one the gate judged (the normalized `key`, shared/key-chord.ts).
  const chord = parseChord(result.key);
  const sent = chord
    ? await withSession(ctx.tabId, async ({ send }) => {
        const focused = await confirmFocus(ctx.tabId, frameId, token);
        return focused.ok ? pressChord(send, ctx.tabId, chord) : focused;
      })
    : null;
  if (!sent?.ok) {
    await observe(ctx.tabId, frameId, token, 'cancel');
    return { ...result, fallback: `not tried: ${sent ? sent.error.message : 'the key could not be parsed again'}` };
  }
  const collected = await observe(ctx.tabId, frameId, token, 'collect');
  const report = collected.ok ? ObservationReportSchema.safeParse(collected.data) : null;
  return {
    ...result,
    ...(report?.success ? { changes: report.data.changes } : {}),
    fallback: 'the page ignored the synthetic key, so one trusted (CDP) key press was sent',
  };
}

async function pressOnce(args: zod.infer<typeof PressKeyArgs>, ctx: ToolContext): Promise<Result<KeyResult>> {
  const watch = watchTabActivity(ctx.tabId);
  const reply = await forward(ctx.tabId, 'press_key', args, KeyResultSchema, ctx.frameId);
  const activity = watch.stop();
  if (!reply.ok) return reply;
  const { trustedToken, ...result } = reply.data;
  if (!trustedToken) return ok(result);
  const veto = HAS_CDP ? vetoReason(activity) : 'not tried: this browser has no trusted input';
  if (veto) {
    await observe(ctx.tabId, ctx.frameId ?? 0, trustedToken, 'cancel');
    return ok(HAS_CDP ? { ...result, fallback: veto } : result);
  }
  return ok(await trustedKey(ctx, result, trustedToken));
}

export const pressKey = defineTool({
  name: 'press_key',
  compactFamily: 'more',
  description:
    "Presses a key or chord; when the page ignores it, the browser's usual effect is performed (Tab moves focus, Enter submits).",
  schema: PressKeyArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) => withEvidence(ctx.tabId, ctx.frameId, () => pressOnce(args, ctx)),
});

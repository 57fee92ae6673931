/**
 * click_ax: the page clicks synthetically and watches; when nothing moved and the target is a safe
 * generic element, the worker vetoes or sends exactly one trusted CDP click at the hit-tested point,
 * collects the page's verdict, and detaches the debugger.
 */
import { ClickReplySchema, ObservationReportSchema, type ClickResult } from '../../../shared/tools/action-results';
import { err, ok, type Result } from '../../../shared/result';
import { cdpRefClick, isCdpRef } from '../../cdp/ax-actions';
import { withSession } from '../../cdp/cdp-client';
import { mouseClick, type MouseOptions } from '../../cdp/input';
import { canonicalModifiers } from '../../../shared/key-chord';
import { sendToContent } from '../../content-bridge';
import { confirmClickPoint, planTrustedClick } from '../../cdp/dispatch-check';
import { defineTool } from '../define-tool';
import type zod from 'zod';
import type { ToolContext } from '../types';
import { withEvidence } from './action-evidence';
import { vetoReason, watchTabActivity } from './activity-watch';
import { ClickArgs } from './schemas';
import { sanitizeUrl } from '../../../shared/url-sanitize';
import { HAS_CDP } from '../../../shared/browser-target';
import { sleep } from '../../../shared/timeout';
import { checkReply } from '../../page-call';
import { grantTopActivation } from '../../cdp/activation';

const PORT_CLOSED =
  /message (port|channel) closed|back\/forward cache|page.*(unload|navigat)|Receiving end does not exist/i;

async function tabUrl(tabId: number): Promise<string | undefined> {
  try {
    const tab = await chrome.tabs.get(tabId);
    return tab.pendingUrl ?? tab.url;
  } catch {
    return undefined;
  }
}

/** The page went away mid-reply: a navigation is the usual reason, so report it as one when the URL moved. */
async function navigatedResult(
  tabId: number,
  before: string | undefined,
  ref: string,
): Promise<Result<unknown> | null> {
  await sleep(150);
  const after = await tabUrl(tabId);
  if (!after || after === before) return null;
  return ok({
    success: true,
    method: 'synthetic',
    verified: true,
    navigates: true,
    changes: { url: sanitizeUrl(after) },
    hint: `${ref} navigated the tab; re-read the tree on the new page`,
  });
}

async function trustedRetry(
  tabId: number,
  result: ClickResult,
  token: string,
  frameId: number,
  opts: MouseOptions,
): Promise<ClickResult> {
  const before = await tabUrl(tabId);
  // The page measured in its own frame's viewport; CDP Input takes top-level viewport coordinates,
  // and in a child frame every ancestor must confirm that the point reaches the frame (frame-hit.ts).
  // Checked only once the debugger is attached: its infobar resizes the viewport, and a page can
  // answer that resize by sliding something under the point (issue 10, item 8, dispatch-check.ts).
  const clicked = await withSession(tabId, async ({ send }) => {
    const plan = await planTrustedClick(tabId, frameId, token);
    if (!plan.ok) return plan;
    return mouseClick(send, tabId, plan.data.top, () => confirmClickPoint(tabId, frameId, token, plan.data), opts);
  });
  if (!clicked.ok) {
    await sendToContent(tabId, { type: 'tool', tool: 'action_observe', args: { token, action: 'cancel' } }, frameId);
    const out: ClickResult = { ...result, fallback: `not tried: ${clicked.error.message}` };
    if (clicked.error.code === 'frame_covered')
      out.hint =
        'something on the embedding page covers this frame (an overlay, dialog or banner?); close it first, then retry';
    if (clicked.error.code === 'target_covered' || clicked.error.code === 'target_moved')
      out.hint =
        'something moved over the element just before the trusted click, so none was sent; re-read the tree, and close any overlay before retrying';
    return out;
  }
  const collected = await sendToContent(
    tabId,
    { type: 'tool', tool: 'action_observe', args: { token, action: 'collect' } },
    frameId,
  );
  if (!collected.ok) {
    const after = await tabUrl(tabId);
    const moved = after !== undefined && after !== before;
    return {
      ...result,
      method: 'cdp',
      verified: moved,
      ...(moved ? { changes: { ...result.changes, url: sanitizeUrl(after) } } : {}),
      fallback: 'the synthetic click changed nothing, so one trusted (CDP) click was sent',
    };
  }
  const report = ObservationReportSchema.safeParse(collected.data);
  const progress = report.success ? report.data.progress : [];
  const cdpResult: ClickResult = {
    ...result,
    method: 'cdp',
    verified: progress.length > 0,
    changes: report.success ? report.data.changes : result.changes,
    fallback: 'the synthetic click changed nothing, so one trusted (CDP) click was sent',
  };
  if (report.success && report.data.diagnostics.length > 0) cdpResult.diagnostics = report.data.diagnostics;
  if (progress.length === 0)
    cdpResult.hint = 'no visible change after the trusted click either; re-read the tree before trying anything else';
  else delete cdpResult.hint;
  return cdpResult;
}

export const clickAx = defineTool({
  name: 'click_ax',
  description: [
    'Clicks like a person would. verified:false means nothing visibly changed: re-read before clicking again.',
    // The model reads only its own build's text (docs/firefox.md): Firefox has no second, trusted click.
    HAS_CDP
      ? 'If a plain element does not react, one trusted click is retried.'
      : 'Clicks are synthetic page events only.',
  ].join(' '),
  schema: ClickArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) =>
    // A ref read from Chrome's tree where no page script runs is clicked through CDP (ax-actions.ts).
    isCdpRef(ctx.tabId, ctx.frameId ?? 0, args.ref_id)
      ? args.button !== undefined || args.clickCount !== undefined || args.modifiers !== undefined
        ? Promise.resolve(
            err(
              'unsupported',
              `${args.ref_id} was read from Chrome's own tree, where only a plain left click is possible; read the page with get_accessibility_tree for other presses`,
            ),
          )
        : cdpRefClick(ctx.tabId, ctx.frameId ?? 0, args.ref_id)
      : withEvidence(ctx.tabId, ctx.frameId, () => clickOnce(args, ctx)),
});

/**
 * The click's handler pushed a history entry without user activation (a synthetic click gives none),
 * so Chrome's Back would skip the page the click started from; a person's click would have carried
 * activation. The page gets it now, after the push (background/cdp/activation.ts).
 */
async function withActivation(tabId: number, result: ClickResult): Promise<ClickResult> {
  const granted = await grantTopActivation(tabId);
  const note = granted.ok
    ? 'the page pushed a history entry without a user gesture; it was given user activation so Back returns here'
    : `the page pushed a history entry without a user gesture, which Back may skip (${granted.error.message})`;
  return { ...result, diagnostics: [...(result.diagnostics ?? []), note] };
}

async function clickOnce(args: zod.infer<typeof ClickArgs>, ctx: ToolContext): Promise<Result<unknown>> {
  const before = await tabUrl(ctx.tabId);
  const watch = watchTabActivity(ctx.tabId);
  const reply = await sendToContent(ctx.tabId, { type: 'tool', tool: 'click_ax', args }, ctx.frameId);
  if (!reply.ok) {
    watch.stop();
    if (reply.error.code === 'content_unreachable' && PORT_CLOSED.test(reply.error.message)) {
      const nav = await navigatedResult(ctx.tabId, before, args.ref_id);
      if (nav) return nav;
    }
    return reply;
  }
  const parsed = checkReply(reply, ClickReplySchema, 'click result');
  if (!parsed.ok) {
    watch.stop();
    return parsed;
  }
  const { result, fallback, activate } = parsed.data;
  if (!fallback) {
    watch.stop();
    return ok(activate && HAS_CDP ? await withActivation(ctx.tabId, result) : result);
  }
  const veto = vetoReason(watch.stop());
  if (veto) {
    await sendToContent(
      ctx.tabId,
      { type: 'tool', tool: 'action_observe', args: { token: fallback.token, action: 'cancel' } },
      ctx.frameId,
    );
    return ok({
      ...result,
      fallback: veto,
      hint: 'no visible change, but the page sent data or opened something; check the result (re-read the tree) before clicking again',
    });
  }
  // fallback.x/y were the page's point at classification; the point is re-measured after attaching.
  const opts: MouseOptions = {
    button: args.button ?? 'left',
    clickCount: args.clickCount ?? 1,
    modifiers: canonicalModifiers(args.modifiers ?? []),
  };
  return ok(await trustedRetry(ctx.tabId, result, fallback.token, ctx.frameId ?? 0, opts));
}

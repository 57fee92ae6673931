/**
 * The approval gate for every non-read-only call of a task: page actions are classified on what
 * they will really activate (approval-rules.ts), navigations follow the task's origin policy
 * (origin-policy.ts), execute_js asks every time. Trust grants (trusted-sites.ts) are per frame
 * origin, per action kind and per task or chosen duration.
 */
import { err, isRecord, ok, type Result } from '../../shared/result';
import { quotePageText } from '../../shared/fence';
import type { ToolApprovals } from '../tools/types';
import { classifyAction, factsQuery, type ActionKind } from './approval-rules';
import { inspectTarget } from './inspect-element';
import { peekHistory } from './history-peek';
import { carriedFrom } from './url-provenance';
import { expectHistoryStep, onOriginsChanged } from './navigation-guard';
import { approveOrigin, judgeNavigation, startOrigins } from './origin-policy';
import { saveTask, type TaskRecord } from '../agent/task/state-store';
import { isTrusted, originOf } from './trusted-sites';
import { actingTab } from '../agent/task/task-tabs';
import { actionOrigin, gateWrite } from './write-gate';
import { attachedFileIds } from '../../shared/file-attachment';
import { taskFiles } from '../agent/task/task-files';
import { cut } from '../../shared/text';
import { gateSiteTool } from './site-tool-gate';

export interface ApprovalAsk {
  tool: string;
  args: unknown;
  /** Origin of the frame the action touches (for navigation: the origin it goes to). */
  site: string;
  description: string;
  kind: ActionKind;
}

export interface GateContext {
  rec: TaskRecord;
  requestApproval(ask: ApprovalAsk): Promise<'approve' | 'deny'>;
}

/** Tools whose handlers ask themselves, at the moment they know the exact URL or document. */
const SELF_GATED = new Set(['navigate', 'new_tab', 'promote_iframe', 'execute_js', 'go_back', 'handle_dialog']);

async function tabUrl(tabId: number): Promise<string | undefined> {
  try {
    return (await chrome.tabs.get(tabId)).url;
  } catch {
    return undefined;
  }
}

function refusal(description: string, site: string): string {
  // Outside the fence: the description quotes page labels, so it is capped and quoted here.
  return `REFUSED BY THE USER: the user denied ${quotePageText(description, 200)} on ${quotePageText(site, 200)}. Do not retry this action or look for another way to do it; tell the user it was not done and finish.`;
}

/** Asks unless a grant covers it. True when the action may go ahead. */
async function ask(
  ctx: GateContext,
  tool: string,
  args: unknown,
  need: Omit<ApprovalAsk, 'tool' | 'args'>,
): Promise<boolean> {
  if (await isTrusted(ctx.rec.taskId, need.site, need.kind)) return true;
  return (await ctx.requestApproval({ tool, args, ...need })) === 'approve';
}

/**
 * Judges one page action before it runs. Null when it may run; else the refusal text for the
 * model. Unknown facts fail closed: the call asks, naming what could not be inspected.
 */
export async function gatePageAction(name: string, args: unknown, ctx: GateContext): Promise<string | null> {
  if (SELF_GATED.has(name)) return null;
  if (name === 'site_tool')
    return gateSiteTool(args, ctx, {
      ask: (site, need) => ask(ctx, name, args, { site, ...need }),
      askAlways: async (site, need) => (await ctx.requestApproval({ tool: name, args, site, ...need })) === 'approve',
      guardUrl: (url) => guardActivation(ctx, name, args, url),
      refusal,
    });
  const crossing = await gateWrite(name, args, ctx);
  if (crossing) return crossing;
  const files = await guardAttachedFiles(name, args, ctx);
  if (files) return files;
  const query = factsQuery(name, args);
  const frame = isRecord(args) && typeof args.frameId === 'string' ? args.frameId : undefined;
  let facts = null;
  let why = 'it could not be inspected';
  let site = 'unknown';
  if (query) {
    const r = await inspectTarget(actingTab(ctx.rec), query, frame);
    if (r.ok) {
      facts = r.data;
      site = r.data.origin;
    } else if (r.error.code === 'stale_ref') {
      // The page will refuse it anyway (ref-registry.ts): do not ask the user about an element that
      // is not the one the model read. Same text as the tool's own error; no page words in it.
      return `ERROR stale_ref: ${r.error.message.slice(0, 240)}`;
    } else if (r.error.code === 'dialog_open') {
      // A JS dialog blocks the page (cdp/dialogs.ts): nothing can act until it is answered, so do
      // not ask the user about an action that cannot run. Dialog text is page text: capped and quoted.
      return `ERROR dialog_open: a JavaScript dialog blocks this tab; answer it with handle_dialog first (${quotePageText(r.error.message, 240)}).`;
    } else {
      why = r.error.message.slice(0, 160);
      site = originOf(await tabUrl(actingTab(ctx.rec)));
    }
  } else {
    site = originOf(await tabUrl(actingTab(ctx.rec)));
  }
  if (facts?.navigatesTo) {
    // The markup says this activation loads a URL (a link, a form's action): the task's origin
    // policy applies exactly as for the navigate tool, before the page is touched.
    const denied = await guardActivation(ctx, name, args, facts.navigatesTo);
    if (denied) return denied;
  }
  const need = classifyAction(name, args, facts, why);
  if (!need) return null;
  return (await ask(ctx, name, args, { site, ...need })) ? null : refusal(need.description, site);
}

/**
 * upload_file with the user's attached files: each upload asks, naming the files and the site, and
 * no grant covers it. The files are the user's, and a page can ask the model to send them anywhere;
 * only the user knows where their task points (issue 25). Null when no attached file is sent.
 */
async function guardAttachedFiles(name: string, args: unknown, ctx: GateContext): Promise<string | null> {
  const ids = attachedFileIds(name, args);
  if (ids.length === 0) return null;
  const known = await taskFiles(ctx.rec.taskId);
  const names = ids.map((id) => {
    const f = known.find((k) => k.id === id);
    return f ? quotePageText(f.name, 80) : id;
  });
  const tabId = actingTab(ctx.rec);
  const site = (await actionOrigin(tabId, args)) ?? originOf(await tabUrl(tabId));
  const description = `Upload your file${names.length > 1 ? 's' : ''} ${names.join(', ')} to ${site}`;
  const decision = await ctx.requestApproval({ tool: name, args, site, kind: 'send', description });
  return decision === 'approve' ? null : refusal(description, site);
}

/**
 * The task's origin policy for one URL its tab would load (a tool's URL, a link's or a form's
 * target, a history entry): free, or asks with the whole URL. An origin the user approves here is
 * approved for navigation; a URL carrying text read on another origin asks every time
 * (background/policy/url-provenance.ts), so approving it once approves nothing more.
 */
async function judgeUrl(
  ctx: GateContext,
  name: string,
  args: unknown,
  url: string,
  verb: string,
): Promise<Result<true>> {
  const rec = ctx.rec;
  rec.origins ??= startOrigins(await tabUrl(rec.tabId));
  const verdict = judgeNavigation(url, rec.origins, verb, await carriedFrom(rec.taskId, url));
  if (verdict.kind === 'free') return ok(true);
  if (verdict.kind === 'refuse') return err('navigation_refused', verdict.message);
  const approved = await ask(ctx, name, args, {
    site: verdict.origin,
    kind: 'navigate',
    description: verdict.description,
  });
  if (!approved) return err('denied_by_user', refusal(verdict.description, verdict.origin));
  if (rec.origins.start === verdict.origin || rec.origins.approved.includes(verdict.origin)) return ok(true);
  rec.origins = approveOrigin(rec.origins, verdict.origin);
  await saveTask(rec);
  await onOriginsChanged(rec);
  return ok(true);
}

/** Judges a URL a page action would load; null when free or approved, else the refusal text. */
async function guardActivation(ctx: GateContext, name: string, args: unknown, url: string): Promise<string | null> {
  // Non-http(s) targets (mailto:, blob:) leave no request to another web origin: judged as clicks.
  if (!/^https?:/i.test(url)) return null;
  const r = await judgeUrl(ctx, name, args, url, 'Open');
  return r.ok ? null : r.error.message;
}

/** Caps shown to the user for execute_js code. */
const CODE_CAP = 600;

/**
 * The approval hooks handed to self-gated tools (navigate, promote_iframe, execute_js): they call
 * them at the moment they know the exact URL or document, so nothing can change in between.
 */
export function toolApprovals(name: string, args: unknown, ctx: GateContext): ToolApprovals {
  return {
    guardNavigation: (url, verb) => judgeUrl(ctx, name, args, url, verb),
    async guardHistory(tabId, delta) {
      const peek = await peekHistory(tabId, delta);
      if (peek.kind === 'none')
        return err('navigation_failed', 'there is no earlier page in this tab; navigate to a URL instead');
      if (peek.kind === 'known') {
        const r = await judgeUrl(ctx, name, args, peek.url, delta < 0 ? 'Go back to' : 'Go forward to');
        return r.ok ? ok({ blind: false }) : r;
      }
      const where = originOf(await tabUrl(tabId));
      const description = `${delta < 0 ? 'Go back' : 'Go forward'} to the ${delta < 0 ? 'previous' : 'next'} page of this tab: it is not on ${where}, and the browser shows its address only once there`;
      const site = 'another site';
      // Never covered by a grant: "another site" names no origin a grant could be scoped to.
      const decision = await ctx.requestApproval({ tool: name, args, site, kind: 'navigate', description });
      if (decision !== 'approve') return err('denied_by_user', refusal(description, site));
      expectHistoryStep(tabId);
      return ok({ blind: true });
    },
    async landed(url, blind) {
      const rec = ctx.rec;
      rec.origins ??= startOrigins(await tabUrl(rec.tabId));
      const verdict = judgeNavigation(url, rec.origins, 'Open');
      if (verdict.kind !== 'ask') return ok(true);
      // A history step the user approved without seeing its address: the place it reached is theirs.
      if (!blind) return err('navigation_blocked', `the tab reached ${verdict.origin}, which this task may not open`);
      rec.origins = approveOrigin(rec.origins, verdict.origin);
      await saveTask(rec);
      await onOriginsChanged(rec);
      return ok(true);
    },
    async approveCode(code, origin) {
      const shown = cut(code, CODE_CAP);
      const description = `Run JavaScript in ${origin}:\n${shown}`;
      // execute_js is never covered by a grant: each call is approved on its own.
      const decision = await ctx.requestApproval({ tool: name, args, site: origin, kind: 'execute_js', description });
      return decision === 'approve' ? ok(true) : err('denied_by_user', refusal(`Run JavaScript in ${origin}`, origin));
    },
    async approveDialog(description, why, origin) {
      // Like a click on a button with the dialog's words: a click grant for the site covers it.
      const full = `${description} (${why})`;
      const approved = await ask(ctx, name, args, { site: origin, kind: 'click', description: full });
      return approved ? ok(true) : err('denied_by_user', refusal(description, origin));
    },
  };
}

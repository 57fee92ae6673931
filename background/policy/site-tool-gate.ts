/**
 * The approval gate for `site_tool` (a tool the page publishes, WebMCP; docs/webmcp.md), in every
 * mode. The page writes the tool's name, description and annotations, so they are trusted only about
 * the page's own origin's state:
 *
 * 1. The arguments are data handed to the tool's frame: the write gate applies first (a frame of
 *    another site asks; text read on another origin asks), read-only or not (write-gate.ts).
 * 2. A tool the page marks `readOnlyHint` runs without a prompt, Ask mode included: if the page lied,
 *    it can only change its own state, which it could do anyway; nothing of another origin reaches it
 *    except through step 1. The claim is not believed when the tool's own name or title is hard to
 *    undo ("delete_account"): the user, not the page, decides about those.
 * 3. Any other tool asks in Act/Dev (Ask mode refuses it), naming the tool, its title, its site and
 *    its arguments. When its name or title is hard to undo (hard-to-undo.ts) or it is marked
 *    destructive or consequential, no "trust this site" grant covers it: each call asks.
 * 4. A declarative tool (`<form toolname>`) is that form's submit: the task's origin policy judges
 *    the form's action URL, and it asks unless it is a GET form with nothing hard to undo or sensitive.
 *
 * The tool is looked up afresh here; one the page does not have now is refused (no prompt), so a tool
 * the page adds between this judgment and the call is never run unjudged. A tool judged read-only is
 * run only if it is still read-only when called (page-webmcp.ts `callInPage`).
 */
import { quotePageText } from '../../shared/fence';
import { isRecord } from '../../shared/result';
import { cut } from '../../shared/text';
import { actingTab } from '../agent/task/task-tabs';
import { planGate } from '../agent/task/user-turns-exec';
import { findSiteTool, siteToolHard, siteToolReadOnly, type SiteTool } from '../webmcp/site-tools';
import type { ApprovalNeed } from './approval-rules';
import { framesOf } from './read-gate';
import { contentOrigin } from './read-scope';
import { gateWrite, type WriteGateContext } from './write-gate';

export interface SiteToolGateHooks {
  /** Asks unless a grant covers it; true when approved. */
  ask(site: string, need: ApprovalNeed): Promise<boolean>;
  /** Asks every time (no grant covers it); true when approved. */
  askAlways(site: string, need: ApprovalNeed): Promise<boolean>;
  /** The task's origin policy for a URL the tab would load: null when free or approved, else the refusal. */
  guardUrl(url: string): Promise<string | null>;
  refusal(description: string, site: string): string;
}

const ARGS_SHOWN = 400;

/** What the user reads on the approval card: the tool, its title, the site and the exact arguments. */
export function siteToolDescription(t: SiteTool, site: string, args: unknown): string {
  const title = t.title ? ` (${quotePageText(t.title, 80)})` : '';
  const shown = cut(JSON.stringify(args ?? {}), ARGS_SHOWN);
  if (t.source === 'form')
    return `Submit the site's form tool ${quotePageText(t.name, 60)} to ${quotePageText(t.form?.action ?? '', 160)} with ${shown}`;
  return `Run the site's tool ${quotePageText(t.name, 60)}${title} on ${site} with ${shown}`;
}

async function gateForm(t: SiteTool, site: string, args: unknown, hooks: SiteToolGateHooks): Promise<string | null> {
  const action = t.form?.action ?? '';
  if (/^https?:/i.test(action)) {
    const refused = await hooks.guardUrl(action);
    if (refused) return refused;
  }
  const quiet = t.form?.method === 'get' && !t.form.sensitive && !siteToolHard(t);
  if (quiet) return null;
  const description = siteToolDescription(t, site, args);
  const need: ApprovalNeed = { kind: 'submit', description };
  const approved =
    siteToolHard(t) || t.form?.sensitive ? await hooks.askAlways(site, need) : await hooks.ask(site, need);
  return approved ? null : hooks.refusal(description, site);
}

/** Null when the call may run; else the text the model gets instead. */
export async function gateSiteTool(
  args: unknown,
  ctx: WriteGateContext,
  hooks: SiteToolGateHooks,
): Promise<string | null> {
  const name = isRecord(args) && typeof args.name === 'string' ? args.name : '';
  const frameId = isRecord(args) && typeof args.frameId === 'string' ? args.frameId : undefined;
  const tabId = actingTab(ctx.rec);
  const found = await findSiteTool(tabId, name, frameId);
  // Outside the fence: name only the model's own argument, never the page's list of tools.
  if (!found.ok)
    return `ERROR ${found.error.code}: the page has no site tool ${quotePageText(name, 100)}${frameId ? ` in ${frameId}` : ''} now; call get_page_info for the current list.`;
  const t = found.data;
  const readOnly = siteToolReadOnly(t);
  if (!readOnly && ctx.rec.mode === 'ask')
    return `ERROR tool_not_allowed: Ask mode is read-only and the site does not mark ${quotePageText(name, 100)} read-only; the user must switch to Act mode.`;
  // Plan first (shared/plan-first.ts) holds back what changes the page, not a read-only tool.
  const unplanned = readOnly ? null : planGate(ctx.rec, 'site_tool');
  if (unplanned) return unplanned;
  const crossing = await gateWrite('site_tool', args, ctx);
  if (crossing || readOnly) return crossing;
  const site = contentOrigin(await framesOf(tabId), t.chromeFrameId) ?? 'unknown';
  const toolArgs = isRecord(args) ? args.args : undefined;
  if (t.source === 'form') return gateForm(t, site, toolArgs, hooks);
  const description = siteToolDescription(t, site, toolArgs);
  const need: ApprovalNeed = { kind: 'other', description };
  const approved = siteToolHard(t) ? await hooks.askAlways(site, need) : await hooks.ask(site, need);
  return approved ? null : hooks.refusal(description, site);
}

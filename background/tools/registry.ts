import { BROWSER } from '../../shared/browser-target';
import type { Mode, Tier } from '../../shared/modes';
import { err, errorMessage, type Result } from '../../shared/result';
import type { Tool, ToolContext } from './types';
import { TOOL_FAMILIES, type ToolFamily } from './families';
import { raceAbort } from '../../shared/timeout';
import { armDialogWatch, knownDialog } from '../cdp/dialogs';
import { untilDialog } from './dialogs';
import { runWithDeadline, toolDeadlineMs } from './tool-deadline';

/** After Stop, how long a running tool may take to clean up (remove its listeners) before it is abandoned. */
const STOP_GRACE_MS = 300;

const tools = new Map<string, Tool>();

export function registerTool(tool: Tool): void {
  if (tools.has(tool.name)) throw new Error(`tool ${tool.name} registered twice`);
  tools.set(tool.name, tool);
}

export function getTool(name: string): Tool | undefined {
  return tools.get(name);
}

export function allTools(): Tool[] {
  return [...tools.values()];
}

/**
 * The tools a model is offered. `vision: false` (a model that cannot see images) leaves out the tools
 * whose result is an image; omitted, as for the console and the docs, every tool counts.
 */
export function toolsFor(mode: Mode, tier: Tier, vision?: boolean): Tool[] {
  return allTools().filter((t) => isAllowed(t, mode, tier, vision));
}

/** The discovery tool (load-tools.ts): offered only while a family is left to load. */
export const LOAD_TOOLS = 'load_tools';

/**
 * The tools shown to the model: those `toolsFor` allows, less the families the task has not loaded
 * (families.ts). What a call may do is still judged on `toolsFor` alone.
 */
export function shownTools(mode: Mode, tier: Tier, vision: boolean | undefined, loaded: readonly string[]): Tool[] {
  const allowed = toolsFor(mode, tier, vision);
  const more = familiesToLoad(allowed, tier, loaded).length > 0;
  return allowed.filter((t) => {
    if (t.name === LOAD_TOOLS) return more;
    const family = familyOf(t, tier);
    return family === undefined || loaded.includes(family);
  });
}

/** The family a tool belongs to for a model tier (families.ts); undefined: core, always shown. */
export function familyOf(tool: Tool, tier: Tier): ToolFamily | undefined {
  return tier === 'compact' ? (tool.compactFamily ?? tool.family) : tool.family;
}

export interface FamilyToLoad {
  family: ToolFamily;
  purpose: string;
  tools: string[];
}

/** The families among `allowed` that are not loaded yet, each with its tools, in registry order. */
export function familiesToLoad(allowed: readonly Tool[], tier: Tier, loaded: readonly string[]): FamilyToLoad[] {
  const out = new Map<ToolFamily, FamilyToLoad>();
  for (const t of allowed) {
    const family = familyOf(t, tier);
    if (family === undefined || loaded.includes(family)) continue;
    const entry = out.get(family) ?? { family, purpose: TOOL_FAMILIES[family], tools: [] };
    entry.tools.push(t.name);
    out.set(family, entry);
  }
  return [...out.values()];
}

function isAllowed(tool: Tool, mode: Mode, tier: Tier, vision?: boolean): boolean {
  // A tool this build's browser cannot run (the DevTools protocol in Firefox) is never offered.
  if (!tool.browsers.includes(BROWSER)) return false;
  if (tool.vision && vision === false) return false;
  const tiers = tool.tiersByMode?.[mode] ?? tool.tiers;
  if (!tool.modes.includes(mode) || !tiers.includes(tier)) return false;
  // Ask mode is read-only by definition, whatever a tool's own mode list says; an ask-gated tool's
  // calls are each judged by the approval gate instead (types.ts `askGated`).
  return mode !== 'ask' || tool.readOnly || tool.askGated === true;
}

/**
 * The one dispatch path for the model, the console and tests. The mode/tier gate is enforced
 * here, so a tool the model names outside its mode is refused even if it was never offered.
 */
export async function runTool(name: string, rawArgs: unknown, ctx: ToolContext): Promise<Result<unknown>> {
  const tool = tools.get(name);
  if (!tool) {
    const names = toolsFor(ctx.mode, ctx.tier, ctx.vision).map((t) => t.name);
    return err('unknown_tool', `no tool named "${name}"; tools available in ${ctx.mode} mode: ${names.join(', ')}`);
  }
  if (!isAllowed(tool, ctx.mode, ctx.tier, ctx.vision)) {
    const why = !tool.browsers.includes(BROWSER)
      ? `it needs the DevTools protocol, which ${BROWSER === 'firefox' ? 'Firefox' : 'this browser'} does not give extensions`
      : tool.vision && ctx.vision === false
        ? 'its result is an image and the current model is not marked vision-capable (the user can turn Vision on in Settings)'
        : ctx.mode === 'ask'
          ? 'Ask mode is read-only; the user must switch to Act mode for page actions'
          : `it is not available in ${ctx.mode} mode for ${ctx.tier}-tier models`;
    return err('tool_not_allowed', `${name} is not allowed: ${why}.`);
  }
  try {
    await chrome.tabs.get(ctx.tabId);
  } catch {
    return err('bad_tab', `tab ${ctx.tabId} does not exist (closed?); use a current tab id`);
  }
  // Deadline and Stop: no call outlives either (issue 25); a dialog an action opened is its result.
  const hadDialog = knownDialog(ctx.tabId) !== undefined;
  // A page action may open a JS dialog: Chrome reports it only to a debugger armed before (cdp/dialogs.ts).
  const disarm = tool.readOnly ? () => undefined : await armDialogWatch(ctx.tabId);
  try {
    const run = runWithDeadline(name, toolDeadlineMs(rawArgs, tool.deadlineMs), ctx, (c) => tool.run(rawArgs, c));
    return await raceAbort(
      untilDialog(run, ctx.tabId, tool.readOnly, hadDialog),
      ctx.signal,
      () => err('cancelled', `the user stopped the task while ${name} was running; it was abandoned.`),
      STOP_GRACE_MS,
    );
  } catch (e) {
    return err('tool_failed', `${name} failed: ${errorMessage(e)}`);
  } finally {
    disarm();
  }
}

/** A call's outcome as compound tools (batch, act_and_sample) report it: data as JSON, or `ERROR code: message`. */
export interface ToolText {
  ok: boolean;
  text: string;
  data?: unknown;
}

/** `runTool` for a compound tool run from the console (batch.ts, sample.ts): the agent's path is batch-exec.ts. */
export async function runToolText(name: string, rawArgs: unknown, ctx: ToolContext): Promise<ToolText> {
  const r = await runTool(name, rawArgs, ctx);
  return r.ok
    ? { ok: true, text: JSON.stringify(r.data), data: r.data }
    : { ok: false, text: `ERROR ${r.error.code}: ${r.error.message}` };
}

import { z } from 'zod';
import { ModeSchema, TierSchema } from '../shared/modes';
import { err, ok, type Result } from '../shared/result';
import { planRead } from './agent/loop/budgets';
import { renderResult } from './agent/loop/model-view';
import { makeNonce } from './policy/untrusted';
import { loadSettings } from './settings-store';
import { attachFromConsole } from './entry-points';
import { agentConsole } from './agent/task/console-agent';
import { allTools, runTool, toolsFor } from './tools/registry';
import { axRecovery, type AxRecovery } from './cdp/ax-recovery';
import { setPageScriptsBlocked } from './frames/script-block';
import { workflowsConsole } from './workflows/console';
import { mcpStatus } from './mcp/bridge';

const ToolOptionsSchema = z.object({
  tabId: z.number().int().nonnegative(),
  mode: z.optional(ModeSchema),
  tier: z.optional(TierSchema),
  /** 'raw' (default): the handler's Result. 'model': the text the model receives, plus the raw Result. */
  view: z.optional(z.enum(['raw', 'model'])),
  contextWindow: z.optional(z.number().int().positive()),
});

interface ModelViewResult {
  /** Exactly the tool-result text an agent step would send the model (budget, formatting, fence). */
  text: string;
  /** The arguments after the read budget (what was dispatched). */
  args: unknown;
  /** The handler's own Result, unformatted. */
  raw: Result<unknown>;
  /** The fence nonce used for this one call (a task uses its own). */
  nonce: string;
}

const ToolFilterSchema = z.optional(z.object({ mode: z.optional(ModeSchema), tier: z.optional(TierSchema) }));

export type WbConsoleApi = {
  tools(filter?: unknown): Promise<string[]>;
  tool(name: unknown, args?: unknown, options?: unknown): Promise<Result<unknown>>;
  attach: typeof attachFromConsole;
  /** The raw CDP payload of the last chrome_ax_tree read of a tab (or of every kept tab), byte for byte in `json`. */
  axRecovery(tabId?: unknown): AxRecovery[];
  /** Makes a frame act as if it refused page scripts (Chrome frame id; 0 = main frame), to try the fallbacks. */
  blockPageScripts(tabId: unknown, frameId: unknown, on?: unknown): boolean;
  /** Saved workflows: save the tab's last task, run without the model, export/import (docs/workflows.md). */
  workflows: typeof workflowsConsole;
  /** The MCP bridge: whether the native host is connected, and why not (docs/mcp.md). */
  mcp: typeof mcpStatus;
} & typeof agentConsole;

/**
 * The model's view of one call: the read budget of the model in settings (or the given tier and
 * context window), the handler, then the same rendering the agent loop uses (loop/model-view.ts).
 * Like every wb.tool call it skips the approval gate: the console is the developer's own.
 */
async function modelView(name: string, args: unknown, o: z.infer<typeof ToolOptionsSchema>): Promise<ModelViewResult> {
  const settings = await loadSettings();
  const tier = o.tier ?? settings.tier;
  const plan = planRead(name, args, tier, o.contextWindow ?? settings.contextWindow);
  const raw = await runTool(name, plan.args, { tabId: o.tabId, mode: o.mode ?? 'dev', tier });
  const nonce = makeNonce();
  return { text: renderResult(name, raw, plan, nonce).text, args: plan.args, raw, nonce };
}

export function createConsoleApi(): WbConsoleApi {
  return {
    ...agentConsole,
    attach: attachFromConsole,
    workflows: workflowsConsole,
    mcp: mcpStatus,
    axRecovery(tabId?: unknown) {
      return axRecovery(typeof tabId === 'number' ? tabId : undefined);
    },
    blockPageScripts(tabId: unknown, frameId: unknown, on?: unknown) {
      if (typeof tabId !== 'number' || typeof frameId !== 'number') return false;
      setPageScriptsBlocked(tabId, frameId, on !== false);
      return true;
    },
    async tools(filter: unknown) {
      const f = ToolFilterSchema.safeParse(filter);
      if (!f.success || !f.data || (!f.data.mode && !f.data.tier)) return allTools().map((t) => t.name);
      return toolsFor(f.data.mode ?? 'dev', f.data.tier ?? 'full').map((t) => t.name);
    },
    async tool(name: unknown, args?: unknown, options?: unknown) {
      if (typeof name !== 'string')
        return err('bad_arguments', 'wb.tool(name, args, {tabId}) needs a tool name string; see await wb.tools()');
      const opts = ToolOptionsSchema.safeParse(options);
      if (!opts.success) {
        return err(
          'bad_arguments',
          `wb.tool options need {tabId: number, mode?: 'ask'|'act'|'dev', tier?: 'compact'|'mid'|'full', view?: 'raw'|'model', contextWindow?: number}: ${z.prettifyError(opts.error)}`,
        );
      }
      if (opts.data.view === 'model') return ok(await modelView(name, args ?? {}, opts.data));
      // The console is the developer's own, so it defaults to the most capable mode and tier.
      const { tabId, mode = 'dev', tier = 'full' } = opts.data;
      return runTool(name, args ?? {}, { tabId, mode, tier });
    },
  };
}

import { z } from 'zod';
import { ModeSchema, TierSchema } from '../src/modes';
import { err, type Result } from '../src/result';
import { agentConsole } from './agent/console-agent';
import { allTools, runTool, toolsFor } from './tools/registry';

const ToolOptionsSchema = z.object({
  tabId: z.number().int().nonnegative(),
  mode: z.optional(ModeSchema),
  tier: z.optional(TierSchema),
});

const ToolFilterSchema = z.optional(z.object({ mode: z.optional(ModeSchema), tier: z.optional(TierSchema) }));

export type WbConsoleApi = {
  tools(filter?: unknown): Promise<string[]>;
  tool(name: unknown, args?: unknown, options?: unknown): Promise<Result<unknown>>;
} & typeof agentConsole;

export function createConsoleApi(): WbConsoleApi {
  return {
    ...agentConsole,
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
          `wb.tool options need {tabId: number, mode?: 'ask'|'act'|'dev', tier?: 'compact'|'mid'|'full'}: ${z.prettifyError(opts.error)}`,
        );
      }
      // The console is the developer's own, so it defaults to the most capable mode and tier.
      const { tabId, mode = 'dev', tier = 'full' } = opts.data;
      return runTool(name, args ?? {}, { tabId, mode, tier });
    },
  };
}

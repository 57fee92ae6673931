// Bundled by prompt.mjs for `npm run bench -- --only prompt`: the fixed prompt of each mode/tier on
// each wire, as background/agent/loop/fixed-prompt.ts captures it from the AI SDK's request.
import { fixedPrompt, FIXED_PROMPT_BUDGET, WIRES } from '../../background/agent/loop/fixed-prompt';
import { registerAllTools } from '../../background/tools/index';

export { FIXED_PROMPT_BUDGET };

export async function fixedPrompts(): Promise<
  { wire: string; mode: string; tier: string; tools: number; system: string; schemas: string }[]
> {
  registerAllTools();
  const out = [];
  for (const wire of WIRES)
    for (const mode of ['ask', 'act', 'dev'] as const)
      for (const tier of ['compact', 'mid', 'full'] as const) {
        const p = await fixedPrompt(wire, mode, tier);
        out.push({ wire, mode, tier, tools: p.names.length, system: p.system, schemas: p.tools });
      }
  return out;
}

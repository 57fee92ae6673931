/**
 * The agent loop's side of tool families (background/tools/families.ts): which families a task has
 * loaded, `load_tools`, and the family a direct call to one of its tools loads. The loaded list lives
 * in the task record, so a worker restart keeps the tool list, and the request prefix, as it was.
 */
import type { Tier } from '../../../shared/modes';
import { LoadToolsArgsSchema } from '../../tools/load-tools';
import { familiesToLoad, familyOf, getTool, LOAD_TOOLS, toolsFor } from '../../tools/registry';
import type { TaskRecord } from '../task/state-store';

/** Families shown from the first step: plan first needs propose_plan before anything else. */
export function loadedFamilies(rec: TaskRecord): string[] {
  const loaded = [...(rec.families ?? [])];
  if (rec.planRequired && !loaded.includes('plan')) loaded.push('plan');
  return loaded;
}

interface LoadOutcome {
  ok: boolean;
  text: string;
  args: unknown;
}

/** Runs load_tools for the model; null for every other tool. */
export function runLoadTools(
  name: string,
  rawArgs: unknown,
  rec: TaskRecord,
  tier: Tier,
  vision: boolean,
): LoadOutcome | null {
  if (name !== LOAD_TOOLS) return null;
  const parsed = LoadToolsArgsSchema.safeParse(rawArgs ?? {});
  const left = familiesToLoad(toolsFor(rec.mode, tier, vision), tier, loadedFamilies(rec));
  const names = left.map((f) => f.family).join(', ') || 'none';
  if (!parsed.success)
    return { ok: false, text: `ERROR bad_arguments: load_tools takes {family}: one of ${names}.`, args: rawArgs };
  const { family } = parsed.data;
  if (loadedFamilies(rec).includes(family))
    return { ok: true, text: `The ${family} tools are already in your tool list.`, args: parsed.data };
  const found = left.find((f) => f.family === family);
  if (!found)
    return {
      ok: false,
      text: `ERROR tool_not_allowed: no ${family} tools in ${rec.mode} mode for this model. Families left: ${names}.`,
      args: parsed.data,
    };
  rec.families = [...(rec.families ?? []), family];
  return {
    ok: true,
    text: `Loaded ${family}: ${found.tools.join(', ')}. They are in your tool list now.`,
    args: parsed.data,
  };
}

/**
 * A call to a tool whose family is not loaded loads it (the system prompt names every family's
 * tools): the call itself runs as any other, through the same gates. Returns the note for the
 * model, or null when nothing was loaded.
 */
export function loadFamilyOf(name: string, rec: TaskRecord, tier: Tier, vision: boolean): string | null {
  const tool = getTool(name);
  const family = tool ? familyOf(tool, tier) : undefined;
  if (family === undefined || loadedFamilies(rec).includes(family)) return null;
  if (!toolsFor(rec.mode, tier, vision).some((t) => t.name === name)) return null;
  rec.families = [...(rec.families ?? []), family];
  return `NOTE: the ${family} tools are in your tool list now.`;
}

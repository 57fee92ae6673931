import { z } from 'zod';
import { BROWSERS } from '../../shared/browser-target';
import { err } from '../../shared/result';
import type { ArgsSchema, Tool, ToolSpec } from './types';
import { formatIssues } from '../../shared/zod-issues';

const ALL_TIERS = ['compact', 'mid', 'full'] as const;

/** Formats zod issues as one line the model can act on: which argument, what was wrong. */
function describeArgIssues(toolName: string, error: z.core.$ZodError): string {
  return `invalid arguments for ${toolName}: ${formatIssues(error)}`;
}

export function defineTool<S extends ArgsSchema>(spec: ToolSpec<S>): Tool {
  return {
    name: spec.name,
    description: spec.description,
    schema: spec.schema,
    modes: spec.modes,
    tiers: spec.tiers ?? ALL_TIERS,
    ...(spec.tiersByMode ? { tiersByMode: spec.tiersByMode } : {}),
    ...(spec.family ? { family: spec.family } : {}),
    ...(spec.compactFamily ? { compactFamily: spec.compactFamily } : {}),
    readOnly: spec.readOnly,
    ...(spec.askGated ? { askGated: true } : {}),
    ...(spec.vision ? { vision: true } : {}),
    browsers: spec.browsers ?? BROWSERS,
    ...(spec.deadlineMs !== undefined ? { deadlineMs: spec.deadlineMs } : {}),
    async run(rawArgs, ctx) {
      const parsed = z.safeParse(spec.schema, rawArgs ?? {});
      if (!parsed.success) {
        const shape = JSON.stringify(z.toJSONSchema(spec.schema, { unrepresentable: 'any' }).properties ?? {});
        return err('bad_arguments', `${describeArgIssues(spec.name, parsed.error)}. Expected properties: ${shape}`);
      }
      return spec.handler(parsed.data, ctx);
    },
  };
}

import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai';
import { isRecord } from '../../../shared/result';
import { z } from 'zod';
import { allTools } from '../../tools/registry';
import type { Tool } from '../../tools/types';
import { modelSchema } from './model-schema';

let cached: { names: string; set: ToolSet } | null = null;

/**
 * Every registered tool as an AI SDK definition without `execute`: the SDK streams the calls and
 * the agent loop runs them itself, through the registry's mode/tier gate. The SDK is given every
 * tool while `activeTools` limits what the model is offered, so a call to a tool outside the mode
 * reaches the gate and gets a clear refusal instead of a bare "no such tool".
 */
export function toolDefinitions(): ToolSet {
  const tools = allTools();
  const names = tools.map((t) => t.name).join(',');
  if (cached?.names === names) return cached.set;
  const set: ToolSet = {};
  for (const t of tools) {
    const schema = toolInputSchema(t);
    // No `validate`: arguments are checked by the tool itself, whose errors name what to fix.
    set[t.name] = tool({ description: t.description, inputSchema: jsonSchema(schema) });
  }
  cached = { names, set };
  return set;
}

/** A tool's arguments as the model reads them; the MCP bridge lists the same (background/mcp/tool-list.ts). */
export function toolInputSchema(t: Tool): JSONSchema7 {
  // Validation-only keywords are left out: the tool checks them and says what to fix (model-schema.ts).
  const schema = modelSchema(z.toJSONSchema(t.schema, { unrepresentable: 'any', io: 'input', target: 'draft-7' }));
  if (!isJsonSchemaObject(schema)) throw new Error(`tool ${t.name} has a schema that is not a JSON object schema`);
  return schema;
}

/** zod emits draft 2020-12 JSON Schema, a superset of what JSONSchema7 types describe for objects. */
function isJsonSchemaObject(v: unknown): v is JSONSchema7 {
  return isRecord(v) && v.type === 'object';
}

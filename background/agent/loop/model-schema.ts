/**
 * The JSON Schema a model reads for a tool's arguments (issue 26: the fixed prompt is paid on every
 * request). Validation keywords the tool checks itself are dropped: `pattern`, length and count
 * limits, numeric bounds and `additionalProperties`. The tool's own parse (define-tool.ts) still
 * enforces every one and its error names the limit that was crossed, so a model that guesses wrong
 * learns it in one step; what is kept is what the model needs to write a call: names, types, enums,
 * `required`, defaults and descriptions.
 */
import { isRecord } from '../../../shared/result';

const VALIDATION_ONLY = new Set([
  '$schema',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'additionalProperties',
]);

/** Keys whose value is a map of property names to schemas: the names are data, never keywords. */
const SCHEMA_MAPS = new Set(['properties', 'definitions', '$defs']);

/** A copy of `schema` without the validation-only keywords, at every depth. */
export function modelSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(modelSchema);
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, modelSchema(v)]));
    } else out[key] = key === 'enum' || key === 'const' || key === 'default' ? value : modelSchema(value);
  }
  return out;
}

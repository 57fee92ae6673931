/**
 * A small JSON Schema checker for the arguments of a site's own tools (WebMCP `inputSchema`,
 * docs/webmcp.md). The schema is page data: it is never compiled (no `pattern` regex from a page runs
 * in the worker, so a hostile schema cannot hang it) and its depth is capped. Checking is a courtesy
 * to the model (a clear error before the call), not a trust boundary: the page sees the arguments
 * either way, and the gates judge them (background/policy/site-tool-gate.ts).
 *
 * Checked: type, properties, required, additionalProperties: false, items, enum, const, minimum,
 * maximum, minLength, maxLength, minItems, maxItems, anyOf/oneOf (some branch fits). Annotations
 * (title, description, default, examples) and format/pattern are not checked. A `$ref`, `allOf`,
 * `not` or `if` makes the schema unsupported: the error says so and the page is not called.
 */
import { isRecord } from './result';

const MAX_DEPTH = 12;
const UNSUPPORTED = ['$ref', 'allOf', 'not', 'if', 'dependentSchemas', 'patternProperties'] as const;

export type SchemaCheck = { ok: true } | { ok: false; unsupported: boolean; message: string };

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function fitsType(v: unknown, t: unknown): boolean {
  const actual = typeOf(v);
  const fits = (one: unknown) => one === actual || (one === 'number' && actual === 'integer');
  return Array.isArray(t) ? t.some(fits) : fits(t);
}

function num(s: Record<string, unknown>, k: string): number | undefined {
  const v = s[k];
  return typeof v === 'number' ? v : undefined;
}

/** Null when `v` fits `schema`; else the first problem, at `path`. */
function check(v: unknown, schema: unknown, path: string, depth: number): SchemaCheck | null {
  if (schema === true || schema === undefined) return null;
  if (schema === false) return bad(`${path} is not allowed`);
  if (!isRecord(schema)) return null;
  if (depth > MAX_DEPTH)
    return { ok: false, unsupported: true, message: `the schema is nested deeper than ${MAX_DEPTH}` };
  const kw = UNSUPPORTED.find((k) => k in schema);
  if (kw) return { ok: false, unsupported: true, message: `the schema uses "${kw}", which Weaverbird does not check` };
  if ('type' in schema && !fitsType(v, schema.type))
    return bad(`${path} must be ${JSON.stringify(schema.type)}, got ${typeOf(v)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(v)))
    return bad(`${path} must be one of ${JSON.stringify(schema.enum).slice(0, 200)}`);
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(v))
    return bad(`${path} must be ${JSON.stringify(schema.const).slice(0, 100)}`);
  return checkBounds(v, schema, path) ?? checkBranches(v, schema, path, depth) ?? checkInner(v, schema, path, depth);
}

function bad(message: string): SchemaCheck {
  return { ok: false, unsupported: false, message };
}

function checkBounds(v: unknown, s: Record<string, unknown>, path: string): SchemaCheck | null {
  const min = num(s, 'minimum');
  const max = num(s, 'maximum');
  if (typeof v === 'number' && min !== undefined && v < min) return bad(`${path} must be ≥ ${min}`);
  if (typeof v === 'number' && max !== undefined && v > max) return bad(`${path} must be ≤ ${max}`);
  const len = typeof v === 'string' ? [...v].length : Array.isArray(v) ? v.length : undefined;
  if (len === undefined) return null;
  const [lo, hi] = typeof v === 'string' ? ['minLength', 'maxLength'] : ['minItems', 'maxItems'];
  const minLen = num(s, lo);
  const maxLen = num(s, hi);
  if (minLen !== undefined && len < minLen)
    return bad(`${path} must have at least ${minLen} ${typeof v === 'string' ? 'characters' : 'items'}`);
  if (maxLen !== undefined && len > maxLen)
    return bad(`${path} must have at most ${maxLen} ${typeof v === 'string' ? 'characters' : 'items'}`);
  return null;
}

function checkBranches(v: unknown, s: Record<string, unknown>, path: string, depth: number): SchemaCheck | null {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    const results = branches.map((b) => check(v, b, path, depth + 1));
    const unsupported = results.find((r) => r && !r.ok && r.unsupported);
    if (unsupported) return unsupported;
    if (!results.some((r) => r === null)) return bad(`${path} fits none of the ${key} choices`);
  }
  return null;
}

function checkInner(v: unknown, s: Record<string, unknown>, path: string, depth: number): SchemaCheck | null {
  if (Array.isArray(v) && 'items' in s) {
    for (let i = 0; i < v.length; i++) {
      const r = check(v[i], s.items, `${path}[${i}]`, depth + 1);
      if (r) return r;
    }
  }
  if (!isRecord(v)) return null;
  const props = isRecord(s.properties) ? s.properties : {};
  if (Array.isArray(s.required))
    for (const k of s.required) if (typeof k === 'string' && !(k in v)) return bad(`${path}.${k} is required`);
  for (const [k, x] of Object.entries(v)) {
    if (k in props) {
      const r = check(x, props[k], `${path}.${k}`, depth + 1);
      if (r) return r;
    } else if (s.additionalProperties === false) {
      return bad(`${path}.${k} is not a property of this tool (it takes: ${Object.keys(props).join(', ') || 'none'})`);
    } else if (isRecord(s.additionalProperties)) {
      const r = check(x, s.additionalProperties, `${path}.${k}`, depth + 1);
      if (r) return r;
    }
  }
  return null;
}

/** Checks `value` against a page's JSON Schema (see the header for what is checked). */
export function checkJsonSchema(value: unknown, schema: unknown): SchemaCheck {
  return check(value, schema, 'args', 0) ?? { ok: true };
}

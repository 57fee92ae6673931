/**
 * The `extract` schema: a JSON-Schema subset (object / array / string / number / integer / boolean,
 * `properties`, `items`, `required`, `default`) where each property says where its value comes from in
 * `x-source`. Parsed with zod/mini by both the worker (a bad schema is refused before any page is
 * touched) and the page (every message is parsed on arrival). No natural-language ranking: a field is
 * found by CSS selector, by the label shown beside it, or implicitly by its property name as a test id
 * or label (docs/verify-extract.md).
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from '../result';
import { REF_PATTERN } from '../refs';
import { MAX_SELECTOR_CHARS } from './reads';
import { formatIssues } from '../zod-issues';

const EXTRACT_TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean'] as const;
type ExtractType = (typeof EXTRACT_TYPES)[number];

/** The keys `x-source` understands; any other key is a warning, or an error with `strict`. */
const SOURCE_KEYS = ['selector', 'label', 'attr', 'prop', 'text', 'value', 'collection'] as const;

interface ExtractSource {
  /** CSS, searched inside the current scope (shadow roots included); the first match is read. */
  selector?: string;
  /**
   * The words shown beside the value: a table header, a `dt`, a form label or accessible name, a text
   * right before it (content-scripts/reads/extract-label.ts). A form control found so is read by value.
   */
  label?: string;
  /** Read this HTML attribute. */
  attr?: string;
  /** Read this DOM property (a string, number or boolean one: `checked`, `href`, `valueAsNumber`). */
  prop?: string;
  /** Read the rendered text (the default). */
  text?: boolean;
  /** Read the form value (`value` of inputs, selects and textareas; text of contenteditable). */
  value?: boolean;
  /** Arrays: CSS for the repeated elements; `items` is read inside each. When the CSS matches nothing,
   * the rows of the table or list these words name (caption, aria-label, heading before it). */
  collection?: string;
}

export interface ExtractNode {
  type: ExtractType;
  properties?: Record<string, ExtractNode>;
  items?: ExtractNode;
  /** JSON Schema's list of required property names, or `true` on the property itself. */
  required?: string[] | boolean;
  default?: unknown;
  'x-source'?: ExtractSource & Record<string, unknown>;
}

const Css = z.string().check(z.minLength(1), z.maxLength(MAX_SELECTOR_CHARS));
const SourceSchema = z.looseObject({
  selector: z.optional(Css),
  label: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  attr: z.optional(z.string().check(z.regex(/^[^\s"'>/=]{1,100}$/, 'must be an attribute name'))),
  prop: z.optional(z.string().check(z.regex(/^[A-Za-z_$][\w$]{0,60}$/, 'must be a DOM property name'))),
  text: z.optional(z.boolean()),
  value: z.optional(z.boolean()),
  collection: z.optional(Css),
});

const NodeSchema: z.ZodMiniType<ExtractNode> = z.lazy(() =>
  z.looseObject({
    type: z.enum(EXTRACT_TYPES),
    properties: z.optional(z.record(z.string().check(z.minLength(1), z.maxLength(100)), NodeSchema)),
    items: z.optional(NodeSchema),
    required: z.optional(z.union([z.array(z.string()), z.boolean()])),
    default: z.optional(z.unknown()),
    'x-source': z.optional(SourceSchema),
  }),
);

const MAX_EXTRACT_DEPTH = 8;
const MAX_EXTRACT_FIELDS = 200;

export const ExtractArgsMiniSchema = z.strictObject({
  schema: z.unknown(),
  ref_id: z.optional(z.string().check(z.regex(REF_PATTERN, 'must be a ref such as "ref_12"'))),
  selector: z.optional(Css),
  strict: z.optional(z.boolean()),
  maxItems: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(500))),
});
export type ExtractArgs = Omit<z.infer<typeof ExtractArgsMiniSchema>, 'schema'> & { schema: ExtractNode };

export interface ExtractMiss {
  field: string;
  reason: string;
}

export interface ExtractResult {
  /** False when a required field missed (failure.missing names them). */
  complete: boolean;
  data: unknown;
  evidence: {
    /** Field path → the element it was read from, as a tree line with its ref. */
    fields: Record<string, string>;
    /** Field path → how its element was found: css "…", test id, name or id "…", column header "…". */
    selectors: Record<string, string>;
    partialMisses: ExtractMiss[];
  };
  warnings: string[];
  /** Required fields that missed. */
  missing?: string[];
}

/** Structural rules zod cannot state per node: arrays need items, objects properties, limits. */
function shapeProblems(node: ExtractNode, path: string, depth: number, count: { fields: number }): string | null {
  if (depth > MAX_EXTRACT_DEPTH) return `${path || 'schema'}: nested deeper than ${MAX_EXTRACT_DEPTH} levels`;
  if (node.type === 'object') {
    if (!node.properties || Object.keys(node.properties).length === 0)
      return `${path || 'schema'}: an object needs "properties" (one entry per field to read)`;
    if (Array.isArray(node.required)) {
      const unknown = node.required.find((k) => !node.properties || !(k in node.properties));
      if (unknown !== undefined) return `${path || 'schema'}: required names "${unknown}", which is not in properties`;
    }
    for (const [key, child] of Object.entries(node.properties)) {
      count.fields++;
      if (count.fields > MAX_EXTRACT_FIELDS) return `more than ${MAX_EXTRACT_FIELDS} fields: split the extraction`;
      const problem = shapeProblems(child, path ? `${path}.${key}` : key, depth + 1, count);
      if (problem) return problem;
    }
    return null;
  }
  if (node.type === 'array') {
    if (!node.items) return `${path || 'schema'}: an array needs "items" (the schema of one element)`;
    return shapeProblems(node.items, `${path}[]`, depth + 1, count);
  }
  return null;
}

/** Parses an `extract` schema, or says exactly what is wrong with it. */
export function parseExtractSchema(raw: unknown): Result<ExtractNode> {
  const parsed = NodeSchema.safeParse(raw);
  if (!parsed.success) {
    return err(
      'bad_schema',
      `invalid extract schema: ${formatIssues(parsed.error, 3, 'schema')}. Expected {type:"object", properties:{name:{type:"string", "x-source":{selector:".name"}}}}; types: ${EXTRACT_TYPES.join(', ')}`,
    );
  }
  const problem = shapeProblems(parsed.data, '', 0, { fields: 0 });
  return problem ? err('bad_schema', `invalid extract schema: ${problem}`) : ok(parsed.data);
}

/** `x-source` keys this version does not know (typos such as "selecter"), by field path. */
export function unknownSourceKeys(node: ExtractNode, path = ''): string[] {
  const out: string[] = [];
  const src = node['x-source'];
  if (src) {
    for (const key of Object.keys(src)) {
      if (!(SOURCE_KEYS as readonly string[]).includes(key)) out.push(`${path || 'schema'}: x-source key "${key}"`);
    }
  }
  for (const [key, child] of Object.entries(node.properties ?? {}))
    out.push(...unknownSourceKeys(child, path ? `${path}.${key}` : key));
  if (node.items) out.push(...unknownSourceKeys(node.items, `${path}[]`));
  return out;
}

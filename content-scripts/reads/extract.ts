/**
 * `extract`: page data as JSON shaped by a schema, read deterministically (no model in the loop).
 * Each property is found by its `x-source.selector` or `x-source.label` inside the current scope
 * (shadow roots included), or else by its name as a test id, `name` or `id`, then as a label
 * (extract-label.ts: pages without test ids); when that finds nothing, an `x-source` that only says how
 * to read reads the scope element itself (a collection row's own attribute). `evidence.selectors` says
 * how each field was found. The schema is the contract: a
 * field that cannot be read is a miss named in `evidence.partialMisses` (its `default` used when
 * given), a required miss makes `complete:false`, and an array without `collection` is a miss rather
 * than an empty list, which would state something false about the page.
 */
import { DEFAULT_TEST_ID_ATTRIBUTES } from '../../shared/tree-options';
import { err, ok, type Result } from '../../shared/result';
import {
  unknownSourceKeys,
  type ExtractArgs,
  type ExtractMiss,
  type ExtractNode,
  type ExtractResult,
} from '../../shared/tools/extract-spec';
import { isElement } from '../ax/flat-tree';
import { elementLine } from './element-line';
import { parseLocaleNumber } from './locale-number';
import { formValue, isPasswordField, langOf, PASSWORD_MASK, renderedText } from './page-text';
import { passwordValues, scrubText, scrubValue } from './password-scrub';
import { queryComposed } from './query';
import { collectionByLabel, elementByLabel } from './extract-label';
import { scopeOf } from './target';

const MAX_EVIDENCE = 30;
const MAX_MISSES = 50;
const MAX_WARNINGS = 10;
const DEFAULT_MAX_ITEMS = 100;

interface Run {
  maxItems: number;
  fields: Record<string, string>;
  /** Field path → how its element was found (css, test id, label). */
  selectors: Record<string, string>;
  misses: ExtractMiss[];
  missing: string[];
  warnings: string[];
  /** Selectors already warned about, so a row selector missing in 100 rows is said once. */
  warned: Set<string>;
}

type Read = { found: true; value: unknown } | { found: false };
const MISS: Read = { found: false };

function miss(run: Run, path: string, reason: string, required: boolean): void {
  if (run.misses.length < MAX_MISSES) run.misses.push({ field: path || '(root)', reason });
  if (required) run.missing.push(path || '(root)');
}

function warnSelector(run: Run, selector: string, path: string): void {
  if (run.warned.has(selector) || run.warnings.length >= MAX_WARNINGS) return;
  run.warned.add(selector);
  run.warnings.push(`selector ${JSON.stringify(selector)} matched no element (field ${path || '(root)'})`);
}

function note(run: Run, path: string, line: string): void {
  if (Object.keys(run.fields).length < MAX_EVIDENCE) run.fields[path || '(root)'] = line;
}

function noteSelector(run: Run, path: string, via: string): void {
  if (Object.keys(run.selectors).length < MAX_EVIDENCE) run.selectors[path || '(root)'] = via;
}

function first(scope: Element, selector: string): Result<Element | null> {
  const found = queryComposed(scope, selector);
  return found.ok ? ok(found.data[0] ?? null) : found;
}

/** The name-as-query rule for a property without x-source: a test id, then `name`, then `id`. */
function implicitElement(scope: Element, key: string): Element | null {
  // Attribute selectors with a quoted value take any name (CSS Syntax §4.3.5: escape `"` and `\`).
  const v = key.replace(/["\\]/g, '\\$&');
  const selector = [...DEFAULT_TEST_ID_ATTRIBUTES, 'name', 'id'].map((a) => `[${a}="${v}"]`).join(', ');
  const found = queryComposed(scope, selector);
  return found.ok ? (found.data[0] ?? null) : null;
}

interface Target {
  el: Element;
  /** How the element was found, for evidence.selectors; absent when the field reads the scope itself. */
  via?: string;
  /** Found by a label: a form control there is read by its value, not its text. */
  labelled?: boolean;
}

/** The element a node reads from, or a reason it has none. */
function elementFor(node: ExtractNode, scope: Element, key: string): Result<Target | null> {
  const src = node['x-source'];
  if (src?.selector !== undefined) {
    const el = first(scope, src.selector);
    if (!el.ok) return el;
    return ok(el.data ? { el: el.data, via: `css ${JSON.stringify(src.selector)}` } : null);
  }
  if (src?.label !== undefined) {
    const hit = elementByLabel(scope, src.label, true);
    return ok(hit ? { el: hit.el, via: hit.via, labelled: true } : null);
  }
  // The root and an array's items have no name: they read the scope (the page, the row) itself.
  if (key === '') return ok({ el: scope });
  const named = implicitElement(scope, key);
  if (named) return ok({ el: named, via: `test id, name or id "${key}"` });
  // Pages without test ids: the property name as the words shown beside the value. Not for a source
  // that reads an attribute or property: that one reads the scope itself (below).
  if (src?.attr === undefined && src?.prop === undefined) {
    const hit = elementByLabel(scope, key, false);
    if (hit) return ok({ el: hit.el, via: `${hit.via} (property name)`, labelled: true });
  }
  if (src === undefined) return ok(null);
  // An x-source that only says how to read (attr, prop, value) reads the scope itself: a row's own
  // data-id, a checkbox row's checked state.
  return ok({ el: scope });
}

function isControl(el: Element): boolean {
  return /^(input|select|textarea)$/.test(el.localName) || formValueRole(el);
}

function formValueRole(el: Element): boolean {
  const editable = el.getAttribute('contenteditable');
  return (
    (editable !== null && editable.toLowerCase() !== 'false') ||
    /^(textbox|combobox|spinbutton|slider)$/.test(el.getAttribute('role') ?? '')
  );
}

function readRaw(node: ExtractNode, el: Element, labelled = false): { raw: unknown; why?: string } {
  const src = node['x-source'];
  const secret = isPasswordField(el);
  if (src?.attr !== undefined) {
    const v = el.getAttribute(src.attr);
    if (node.type === 'boolean') return { raw: v !== null };
    if (v === null) return { raw: null, why: `attribute ${src.attr} is absent` };
    return { raw: secret && src.attr.toLowerCase() === 'value' && v !== '' ? PASSWORD_MASK : v };
  }
  if (src?.prop !== undefined) {
    const v: unknown = Reflect.get(el, src.prop);
    if (typeof v === 'string') return { raw: secret && v !== '' ? PASSWORD_MASK : v };
    if (typeof v === 'number' || typeof v === 'boolean') return { raw: v };
    return {
      raw: null,
      why: `property ${src.prop} is ${v === null ? 'null' : typeof v}, not a string, number or boolean`,
    };
  }
  if (src?.value === true || (labelled && src?.text !== true && isControl(el))) {
    const v = formValue(el);
    if (v === null) return { raw: null, why: 'the element holds no form value' };
    return { raw: secret && v !== '' ? PASSWORD_MASK : v };
  }
  return { raw: renderedText(el) };
}

const TRUE = /^(true|yes|on|1|checked|selected)$/i;
const FALSE = /^(false|no|off|0|)$/i;

function coerce(node: ExtractNode, raw: unknown, el: Element): { value: unknown } | { why: string } {
  switch (node.type) {
    case 'string':
      return { value: typeof raw === 'string' ? raw : String(raw) };
    case 'number':
    case 'integer': {
      const n = typeof raw === 'number' ? raw : parseLocaleNumber(String(raw), langOf(el));
      if (n === null) return { why: `no number in ${JSON.stringify(String(raw).slice(0, 60))}` };
      if (node.type === 'integer' && !Number.isInteger(n)) return { why: `${n} is not an integer` };
      return { value: n };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      const s = String(raw).trim();
      if (TRUE.test(s)) return { value: true };
      if (FALSE.test(s)) return { value: false };
      return { why: `${JSON.stringify(s.slice(0, 60))} is not a yes/no value` };
    }
    default:
      return { why: `type ${node.type} cannot be read from one element` };
  }
}

function withDefault(node: ExtractNode, run: Run, path: string, reason: string, required: boolean): Read {
  if (node.default !== undefined && !required) {
    miss(run, path, `${reason} (default used)`, false);
    return { found: true, value: node.default };
  }
  miss(run, path, reason, required);
  return MISS;
}

function readLeaf(node: ExtractNode, scope: Element, key: string, path: string, required: boolean, run: Run): Read {
  const target = elementFor(node, scope, key);
  if (!target.ok) return withDefault(node, run, path, target.error.message, required);
  if (!target.data) {
    const src = node['x-source'];
    if (src?.selector !== undefined) warnSelector(run, src.selector, path);
    const reason =
      src?.selector !== undefined
        ? `selector ${JSON.stringify(src.selector)} matched no element`
        : src?.label !== undefined
          ? `no element labelled ${JSON.stringify(src.label)} (table header, dt, accessible name or text before it)`
          : `no element with test id, name, id or label "${key}": add "x-source": {"selector": "…"} or {"label": "…"}`;
    return withDefault(node, run, path, reason, required);
  }
  const { el, via, labelled } = target.data;
  const { raw, why } = readRaw(node, el, labelled);
  if (why !== undefined) return withDefault(node, run, path, why, required);
  const coerced = coerce(node, raw, el);
  if ('why' in coerced) return withDefault(node, run, path, coerced.why, required);
  if (!path.includes('[') || /\[0\]/.test(path)) {
    note(run, path, elementLine(el));
    if (via !== undefined) noteSelector(run, path, via);
  }
  return { found: true, value: coerced.value };
}

/**
 * The repeated elements: the CSS first; when it matches nothing (or is not CSS: "Orders"), the rows of
 * the table or list named by those words (seed: "falls back to a tree-scan against the query").
 */
function collectionRows(scope: Element, collection: string): Result<{ rows: Element[]; via: string }> {
  const found = queryComposed(scope, collection);
  if (found.ok && found.data.length > 0) return ok({ rows: found.data, via: `css ${JSON.stringify(collection)}` });
  const named = collectionByLabel(scope, collection);
  if (named) return ok(named);
  return found.ok ? ok({ rows: [], via: `css ${JSON.stringify(collection)}` }) : found;
}

function readArray(node: ExtractNode, scope: Element, path: string, required: boolean, run: Run): Read {
  const collection = node['x-source']?.collection;
  const items = node.items;
  if (collection === undefined || !items) {
    return withDefault(
      node,
      run,
      path,
      'an array needs "x-source": {"collection": "<CSS of the repeated element>"}; an empty list would be a guess',
      required,
    );
  }
  const found = collectionRows(scope, collection);
  if (!found.ok) return withDefault(node, run, path, found.error.message, required);
  const { rows: all, via } = found.data;
  if (all.length === 0) {
    warnSelector(run, collection, path);
    if (required) miss(run, path, `collection ${JSON.stringify(collection)} matched no element`, true);
    return { found: true, value: [] };
  }
  if (!via.startsWith('css') && run.warnings.length < MAX_WARNINGS) {
    run.warnings.push(
      `${path || '(root)'}: collection ${JSON.stringify(collection)} matched no element as CSS; read the ${via}`,
    );
  }
  const rows = all.slice(0, run.maxItems);
  if (all.length > rows.length && run.warnings.length < MAX_WARNINGS) {
    run.warnings.push(
      `${path || '(root)'}: ${all.length} items match, the first ${rows.length} are returned (maxItems)`,
    );
  }
  noteSelector(run, path, via);
  note(run, path, `${all.length} item(s) (${via}); first: ${elementLine(rows[0] ?? scope)}`);
  const out: unknown[] = [];
  rows.forEach((row, i) => {
    const r = readNode(items, row, '', `${path}[${i}]`, false, run);
    out.push(r.found ? r.value : null);
  });
  return { found: true, value: out };
}

function readObject(node: ExtractNode, scope: Element, path: string, required: boolean, run: Run): Read {
  let inner = scope;
  const selector = node['x-source']?.selector;
  if (selector !== undefined) {
    const target = first(scope, selector);
    if (!target.ok) return withDefault(node, run, path, target.error.message, required);
    if (!target.data) {
      warnSelector(run, selector, path);
      return withDefault(node, run, path, `selector ${JSON.stringify(selector)} matched no element`, required);
    }
    inner = target.data;
  }
  const data: Record<string, unknown> = {};
  const requiredList = Array.isArray(node.required) ? node.required : [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const childRequired = requiredList.includes(name) || child.required === true;
    const r = readNode(child, inner, name, path ? `${path}.${name}` : name, childRequired, run);
    if (r.found) data[name] = r.value;
  }
  return { found: true, value: data };
}

function readNode(node: ExtractNode, scope: Element, key: string, path: string, required: boolean, run: Run): Read {
  if (node.type === 'object') return readObject(node, scope, path, required, run);
  if (node.type === 'array') return readArray(node, scope, path, required, run);
  return readLeaf(node, scope, key, path, required, run);
}

export function runExtract(doc: Document, args: ExtractArgs): Result<ExtractResult> {
  const unknown = unknownSourceKeys(args.schema);
  if (unknown.length > 0 && args.strict === true) {
    return err(
      'bad_schema',
      `unknown x-source keys (strict): ${unknown.slice(0, 5).join('; ')}. Known: selector, label, attr, prop, text, value, collection`,
    );
  }
  const base = scopeOf(doc, args.ref_id);
  if (!base.ok) return base;
  let scope: Element | null = isElement(base.data) ? base.data : (doc.body ?? doc.documentElement);
  if (args.selector !== undefined) {
    const found = queryComposed(base.data, args.selector);
    if (!found.ok) return found;
    const [hit] = found.data;
    if (!hit) {
      return err(
        'scope_not_found',
        `scope selector ${JSON.stringify(args.selector)} matched no element${args.ref_id ? ` inside ${args.ref_id}` : ''}: nothing was read; check the selector against the tree, or pass ref_id`,
      );
    }
    scope = hit;
  }
  if (!scope) return err('empty_document', 'the document has no body yet; wait for the page to load and retry');
  const run: Run = {
    maxItems: args.maxItems ?? DEFAULT_MAX_ITEMS,
    fields: {},
    selectors: {},
    misses: [],
    missing: [],
    warnings: unknown.map((u) => `${u} is not understood and was ignored`).slice(0, MAX_WARNINGS),
    warned: new Set(),
  };
  const rootRequired = args.schema.required === true;
  const r = readNode(args.schema, scope, '', '', rootRequired, run);
  // Any output that holds a password field's value (outerHTML with React's value=, a data-* copy) is
  // blanked, whichever attribute or property carried it (password-scrub.ts).
  const secrets = passwordValues(doc);
  const fields = Object.fromEntries(Object.entries(run.fields).map(([k, v]) => [k, scrubText(v, secrets)]));
  const result: ExtractResult = {
    complete: run.missing.length === 0,
    data: r.found ? scrubValue(r.value, secrets) : null,
    evidence: { fields, selectors: run.selectors, partialMisses: run.misses },
    warnings: run.warnings,
  };
  if (run.missing.length > 0) result.missing = [...new Set(run.missing)];
  return ok(result);
}

/**
 * A fixed predicate vocabulary over data already captured (a tool's result, its text): `batch`'s
 * `expect` and `verify_predicate` share it. Data, not code: the model names a key and a value, the
 * worker evaluates; no model-written JavaScript runs anywhere but `execute_js` (Dev mode, approved).
 * Pure: no `chrome.*`.
 */
import { z } from 'zod';

const Key = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z_$][\w$]*(\.[\w$]+)*$/, 'a dotted key such as "text", "data.count" or "data.items.length"');
const Scalar = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/** Longest pattern `matches` accepts, and the text it is run against (a regex runs in the worker). */
const PATTERN_MAX = 200;
const SUBJECT_MAX = 100_000;

const Leaf = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['equals', 'notEquals']), key: Key, value: Scalar }),
  z.strictObject({ kind: z.enum(['contains', 'notContains']), key: Key, value: z.string().max(2000) }),
  z.strictObject({ kind: z.enum(['gt', 'lt', 'gte', 'lte']), key: Key, value: z.number() }),
  z.strictObject({ kind: z.literal('between'), key: Key, lo: z.number(), hi: z.number() }),
  z.strictObject({ kind: z.literal('matches'), key: Key, value: z.string().min(1).max(PATTERN_MAX) }),
  z.strictObject({ kind: z.literal('exists'), key: Key }),
]);
type Leaf = z.infer<typeof Leaf>;

export type Predicate = Leaf | { kind: 'and' | 'or'; predicates: Predicate[] } | { kind: 'not'; predicate: Predicate };

/** At most this deep and this many nodes: a predicate is a check, not a program. */
const MAX_DEPTH = 4;
const MAX_NODES = 20;

export const PredicateSchema: z.ZodType<Predicate> = z.lazy(() =>
  z.union([
    Leaf,
    z.strictObject({ kind: z.enum(['and', 'or']), predicates: z.array(PredicateSchema).min(1).max(10) }),
    z.strictObject({ kind: z.literal('not'), predicate: PredicateSchema }),
  ]),
);

export interface PredicateFailure {
  kind: Predicate['kind'];
  key?: string;
  expected?: unknown;
  actual?: unknown;
}
export type PredicateOutcome = { holds: true } | { holds: false; failure: PredicateFailure };

/** Structural limits zod cannot state on a recursive type; a message, or null when within them. */
export function predicateProblem(p: Predicate): string | null {
  let nodes = 0;
  const walk = (q: Predicate, depth: number): string | null => {
    nodes++;
    if (depth > MAX_DEPTH) return `predicate nested deeper than ${MAX_DEPTH}`;
    if (nodes > MAX_NODES) return `predicate has more than ${MAX_NODES} parts`;
    if (q.kind === 'matches') return patternProblem(q.value);
    if (q.kind === 'and' || q.kind === 'or') {
      for (const c of q.predicates) {
        const bad = walk(c, depth + 1);
        if (bad) return bad;
      }
    }
    if (q.kind === 'not') return walk(q.predicate, depth + 1);
    return null;
  };
  return walk(p, 1);
}

/**
 * Patterns that can backtrack catastrophically are refused rather than run (a regex cannot be
 * interrupted): back-references and a quantified group that itself contains a quantifier.
 */
function patternProblem(pattern: string): string | null {
  if (/\\[1-9]|\\k</.test(pattern)) return 'matches: back-references are not supported';
  if (/\([^)]*[+*}][^)]*\)\s*[+*{]/.test(pattern))
    return 'matches: a repeated group that repeats inside is not supported';
  try {
    new RegExp(pattern, 'u');
  } catch {
    return `matches: "${pattern}" is not a valid regular expression`;
  }
  return null;
}

/** `a.b.length`: own properties only (never the prototype chain); `.length` of a string or array. */
export function readKey(data: unknown, key: string): { found: boolean; value: unknown } {
  let cur: unknown = data;
  for (const part of key.split('.')) {
    if (part === 'length' && (typeof cur === 'string' || Array.isArray(cur))) {
      cur = cur.length;
      continue;
    }
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part)) {
      return { found: false, value: undefined };
    }
    cur = Reflect.get(cur, part);
  }
  return { found: true, value: cur };
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function leafHolds(p: Leaf, data: unknown): { holds: boolean; actual: unknown } {
  const { found, value } = readKey(data, p.key);
  switch (p.kind) {
    case 'exists':
      return { holds: found && value !== undefined && value !== null, actual: found ? value : undefined };
    case 'equals':
      return { holds: found && value === p.value, actual: value };
    case 'notEquals':
      return { holds: !found || value !== p.value, actual: value };
    case 'contains':
    case 'notContains': {
      const has = found && asText(value).slice(0, SUBJECT_MAX).toLowerCase().includes(p.value.toLowerCase());
      return { holds: p.kind === 'contains' ? has : !has, actual: value };
    }
    case 'matches':
      return { holds: found && new RegExp(p.value, 'u').test(asText(value).slice(0, SUBJECT_MAX)), actual: value };
    case 'between':
      return { holds: typeof value === 'number' && value >= p.lo && value <= p.hi, actual: value };
    default: {
      const n = typeof value === 'number' ? value : NaN;
      const holds =
        p.kind === 'gt' ? n > p.value : p.kind === 'lt' ? n < p.value : p.kind === 'gte' ? n >= p.value : n <= p.value;
      return { holds, actual: value };
    }
  }
}

/** Evaluates a checked predicate (call `predicateProblem` first) against a data bag. */
export function evaluatePredicate(p: Predicate, data: unknown): PredicateOutcome {
  if (isLeaf(p)) return leafOutcome(p, data);
  if (p.kind === 'and' || p.kind === 'or') {
    const outcomes = p.predicates.map((c) => evaluatePredicate(c, data));
    if (p.kind === 'and') return outcomes.find((o) => !o.holds) ?? { holds: true };
    return outcomes.some((o) => o.holds) ? { holds: true } : { holds: false, failure: { kind: 'or' } };
  }
  if (p.kind === 'not') {
    return evaluatePredicate(p.predicate, data).holds ? { holds: false, failure: { kind: 'not' } } : { holds: true };
  }
  return { holds: false, failure: { kind: p.kind } };
}

const isLeaf = (p: Predicate): p is Leaf => 'key' in p;

function leafOutcome(p: Leaf, data: unknown): PredicateOutcome {
  const { holds, actual } = leafHolds(p, data);
  if (holds) return { holds: true };
  const expected = p.kind === 'between' ? [p.lo, p.hi] : 'value' in p ? p.value : 'present';
  return { holds: false, failure: { kind: p.kind, key: p.key, expected, actual } };
}

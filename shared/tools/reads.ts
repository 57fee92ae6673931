/**
 * Contracts of the assertive read tools (verify, wait_for, inspect) and the page's DOM-activity
 * probe (wait_for_stable), shared by the page handlers (argument parsing, zod/mini) and the worker.
 * The worker states the model-facing arguments in classic zod with descriptions
 * (background/tools/verify.ts, inspect.ts); reads.test.ts holds the two in step. Refs reach the page
 * frame-local (`ref_N`): the worker strips the frame prefix and routes the call.
 */
import * as z from 'zod/mini';
import { REF_PATTERN } from '../refs';
import { err, type Result } from '../result';
import { parseArgs } from './actions';

export const VERIFY_CHECKS = ['visible', 'text', 'value', 'count', 'attribute'] as const;
export type VerifyCheck = (typeof VERIFY_CHECKS)[number];

/**
 * Why an element is not visible, in the order they are tested (the first that applies is reported).
 * `not in DOM`: the selector matched nothing or the ref's element left the page.
 */
export const VISIBILITY_REASONS = [
  'not in DOM',
  'display:none',
  'visibility:hidden',
  'opacity 0',
  'zero size',
  'off-screen',
  'covered',
] as const;
export type VisibilityReason = (typeof VISIBILITY_REASONS)[number];

export const MAX_SELECTOR_CHARS = 1000;
const Selector = z.string().check(z.minLength(1), z.maxLength(MAX_SELECTOR_CHARS));
const LocalRef = z.string().check(z.regex(REF_PATTERN, 'must be a ref such as "ref_12"'));
const AttrName = z.string().check(z.regex(/^[^\s"'>/=]{1,100}$/, 'must be an attribute name such as "aria-pressed"'));

const VerifyArgsMiniSchema = z.strictObject({
  check: z.enum(VERIFY_CHECKS),
  ref_id: z.optional(LocalRef),
  selector: z.optional(Selector),
  text: z.optional(z.string().check(z.maxLength(2000))),
  exact: z.optional(z.boolean()),
  value: z.optional(z.string().check(z.maxLength(20_000))),
  attr: z.optional(AttrName),
  n: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
});
export type VerifyArgs = z.infer<typeof VerifyArgsMiniSchema>;

/** Parses verify/wait_for arguments: the schema, then what the chosen check needs. */
export function parseVerifyArgs(raw: unknown, tool = 'verify'): Result<VerifyArgs> {
  const parsed = parseArgs(tool, VerifyArgsMiniSchema, raw);
  if (!parsed.ok) return parsed;
  const problem = checkArgsProblem(parsed.data);
  return problem === null ? parsed : err('bad_arguments', `invalid arguments for ${tool}: ${problem}`);
}

/**
 * What a check needs, as one sentence the model can act on, or null when the arguments fit. Kept
 * apart from the schema so the worker (classic zod) and the page (zod/mini) say the same thing.
 */
export function checkArgsProblem(a: {
  check: VerifyCheck;
  ref_id?: string | undefined;
  selector?: string | undefined;
  text?: string | undefined;
  value?: string | undefined;
  attr?: string | undefined;
  n?: number | undefined;
}): string | null {
  const target = a.ref_id !== undefined || a.selector !== undefined;
  switch (a.check) {
    case 'visible':
      return target ? null : 'check "visible" needs ref_id or selector';
    case 'text':
      if (!target) return 'check "text" needs ref_id or selector';
      return a.text === undefined ? 'check "text" needs text (the expected text)' : null;
    case 'value':
      if (!target) return 'check "value" needs ref_id or selector';
      return a.value === undefined ? 'check "value" needs value (the expected value, compared exactly)' : null;
    case 'attribute':
      if (!target) return 'check "attribute" needs ref_id or selector';
      return a.attr === undefined ? 'check "attribute" needs attr (and value to compare, else presence)' : null;
    case 'count':
      if (a.n === undefined) return 'check "count" needs n (the exact number expected)';
      return a.selector !== undefined || a.text !== undefined
        ? null
        : 'check "count" needs selector (count matches) or text (count elements showing it), optionally inside ref_id';
  }
}

export interface VerifyFailure {
  kind: VerifyCheck;
  expected: string | number;
  actual: string | number;
  /** Where or why, for people and models: the covering element, the ancestor that hides it. */
  detail?: string;
}

export interface VerifyOutcome {
  holds: boolean;
  failure?: VerifyFailure;
  /** The element checked, as a tree line with its ref (when a selector found it). */
  element?: string;
}

export const InspectArgsMiniSchema = z
  .strictObject({
    ref_id: z.optional(LocalRef),
    selector: z.optional(Selector),
    styles: z.optional(
      z
        .array(z.string().check(z.regex(/^-?[a-zA-Z][a-zA-Z0-9-]{0,60}$/, 'must be a CSS property name')))
        .check(z.maxLength(30)),
    ),
  })
  .check(z.refine((a) => a.ref_id !== undefined || a.selector !== undefined, 'give ref_id or selector'));
export type InspectArgs = z.infer<typeof InspectArgsMiniSchema>;

export interface InspectResult {
  element: string;
  box: { x: number; y: number; width: number; height: number };
  styles: Record<string, string>;
  overflowing: { x: boolean; y: boolean };
  /** true, or the first visibility reason that applies (VISIBILITY_REASONS). */
  visible: true | string;
  childCount: number;
}

/** `dom_activity`: how long the frame's DOM has been quiet (the observer starts on first call). */
export const DomActivityArgsMiniSchema = z.strictObject({});
export interface DomActivity {
  msSinceMutation: number;
  /** True on the call that started observing: no history yet, so the quiet time starts now. */
  started: boolean;
  /** `document.readyState`: anything but "complete" means the document's own load is not over. */
  readyState: string;
  /** Milliseconds since the document's navigation began (`performance.now()`). */
  ageMs: number;
}

/**
 * Contracts of the page-action tools (click_ax, type_ax, focus_type, select_option, press_key, hover,
 * scroll), shared by the content-script handlers (argument parsing) and the service worker (reply
 * validation). zod/mini keeps the page scripts small; the worker states the same shapes in classic zod
 * with descriptions for the model, and a unit test holds the two in step.
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from '../result';

export const REF_PATTERN = /^ref_[1-9]\d*$/;
/** Longest text one type call accepts: beyond this an agent is pasting a document, not filling a field. */
export const MAX_TYPE_CHARS = 20_000;

const RefId = z.string().check(z.regex(REF_PATTERN, 'must be a ref such as "ref_12", as printed by get_accessibility_tree'));
const Text = z.string().check(z.maxLength(MAX_TYPE_CHARS));

export const ClickArgsSchema = z.strictObject({ ref_id: RefId });
export const TypeArgsSchema = z.strictObject({ ref_id: RefId, text: Text, clear: z.optional(z.boolean()) });
export const FocusTypeArgsSchema = z.strictObject({
  ref_id: RefId,
  text: Text,
  clear: z.optional(z.boolean()),
  submit: z.optional(z.boolean()),
});
export const SelectArgsSchema = z
  .strictObject({
    ref_id: RefId,
    value: z.optional(z.string().check(z.maxLength(1000))),
    label: z.optional(z.string().check(z.maxLength(1000))),
  })
  .check(z.refine((a) => (a.value === undefined) !== (a.label === undefined), 'give exactly one of value or label'));
export const PressKeyArgsSchema = z.strictObject({
  key: z.string().check(z.minLength(1), z.maxLength(60)),
  ref_id: z.optional(RefId),
});
export const HoverArgsSchema = z.strictObject({ ref_id: RefId });
export const SCROLL_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export const ScrollArgsSchema = z
  .strictObject({
    ref_id: z.optional(RefId),
    direction: z.optional(z.enum(SCROLL_DIRECTIONS)),
    amount: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  })
  .check(z.refine((a) => a.ref_id !== undefined || a.direction !== undefined, 'give ref_id (scroll it into view) or direction'));

export type ClickArgs = z.infer<typeof ClickArgsSchema>;
export type TypeArgs = z.infer<typeof TypeArgsSchema>;
export type FocusTypeArgs = z.infer<typeof FocusTypeArgsSchema>;
export type SelectArgs = z.infer<typeof SelectArgsSchema>;
export type PressKeyArgs = z.infer<typeof PressKeyArgsSchema>;
export type HoverArgs = z.infer<typeof HoverArgsSchema>;
export type ScrollArgs = z.infer<typeof ScrollArgsSchema>;

/** Parses raw tool arguments into a value or an error naming the argument and the fix. */
export function parseArgs<T>(tool: string, schema: z.ZodMiniType<T>, raw: unknown): Result<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return ok(parsed.data);
  const parts = parsed.error.issues.slice(0, 3).map((i) => `${i.path.length > 0 ? i.path.join('.') : 'arguments'}: ${i.message}`);
  return err('bad_arguments', `invalid arguments for ${tool}: ${parts.join('; ')}`);
}

// ---- results -------------------------------------------------------------------------------------

export const RectSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type Rect = z.infer<typeof RectSchema>;

/** What an action visibly changed; every field is present only when it changed. */
export const ChangesSchema = z.object({
  url: z.optional(z.string()),
  focus: z.optional(z.string()),
  /** The target's semantic states that changed, as "name: before → after". */
  states: z.optional(z.array(z.string())),
  dialogOpened: z.optional(z.string()),
  /** A listbox, menu or other popup that appeared (portals included). */
  popupOpened: z.optional(z.string()),
  /** Elements that disappeared because of the action (a closed dialog, a removed row). */
  targetRemoved: z.optional(z.boolean()),
});
export type Changes = z.infer<typeof ChangesSchema>;

export const CLICK_METHODS = ['synthetic', 'cdp', 'stand-in'] as const;
export type ClickMethod = (typeof CLICK_METHODS)[number];

export const ClickResultSchema = z.object({
  success: z.boolean(),
  method: z.enum(CLICK_METHODS),
  tag: z.string(),
  role: z.string(),
  rect: RectSchema,
  name: z.string(),
  href: z.optional(z.string()),
  navigates: z.optional(z.boolean()),
  hint: z.optional(z.string()),
  /** Why the click went to another element than the ref (a hidden input's label, a shadow host…). */
  standIn: z.optional(z.string()),
  changes: ChangesSchema,
  /** A progress signal was seen (URL, focus, target state, dialog, target-local change). */
  verified: z.boolean(),
  /** Signals that did not count as progress (page churn, a class change), for debugging. */
  diagnostics: z.optional(z.array(z.string())),
  /** Why the CDP fallback was not tried, when it was not. */
  fallback: z.optional(z.string()),
});
export type ClickResult = z.infer<typeof ClickResultSchema>;

export const TYPE_METHODS = ['value-setter', 'keys', 'exec-command', 'input-events', 'cdp-insert-text'] as const;
export type TypeMethod = (typeof TYPE_METHODS)[number];

export const TypeResultSchema = z.object({
  success: z.boolean(),
  method: z.optional(z.enum(TYPE_METHODS)),
  /** Methods tried in order, with what each read back, when the first did not land. */
  attempts: z.optional(z.array(z.string())),
  tag: z.string(),
  role: z.string(),
  name: z.string(),
  value: z.string(),
  /** Set when the text was typed into another element than the ref (the input inside a shadow host…). */
  standIn: z.optional(z.string()),
  submitted: z.optional(z.string()),
  hint: z.optional(z.string()),
  changes: ChangesSchema,
});
export type TypeResult = z.infer<typeof TypeResultSchema>;

export const SelectResultSchema = z.object({
  success: z.boolean(),
  method: z.enum(['native', 'aria-click', 'aria-keys']),
  selected: z.string(),
  value: z.optional(z.string()),
  options: z.optional(z.array(z.string())),
  hint: z.optional(z.string()),
  changes: ChangesSchema,
});
export type SelectResult = z.infer<typeof SelectResultSchema>;

export const KeyResultSchema = z.object({
  success: z.boolean(),
  key: z.string(),
  target: z.string(),
  defaultPrevented: z.boolean(),
  /** The browser default we performed because synthetic key events have none (Tab moves focus…). */
  emulated: z.optional(z.string()),
  changes: ChangesSchema,
});
export type KeyResult = z.infer<typeof KeyResultSchema>;

export const HoverResultSchema = z.object({
  success: z.boolean(),
  method: z.enum(['synthetic', 'cdp']),
  name: z.string(),
  rect: RectSchema,
  /** Text of elements that appeared on hover (tooltips, menus). */
  appeared: z.optional(z.array(z.string())),
  changes: ChangesSchema,
});
export type HoverResult = z.infer<typeof HoverResultSchema>;

export const ScrollResultSchema = z.object({
  success: z.boolean(),
  container: z.string(),
  before: z.object({ x: z.number(), y: z.number() }),
  after: z.object({ x: z.number(), y: z.number() }),
  atEnd: z.boolean(),
  hint: z.optional(z.string()),
});
export type ScrollResult = z.infer<typeof ScrollResultSchema>;

// ---- CDP fallback handshake (service worker ↔ page) ---------------------------------------------------

/**
 * The page's verdict after the synthetic click: either done, or a request that the worker try one
 * trusted click at a point, with an observation armed under `token` to judge that click.
 */
export const ClickFallbackSchema = z.object({
  token: z.string(),
  x: z.number(),
  y: z.number(),
});
export type ClickFallback = z.infer<typeof ClickFallbackSchema>;

export const ClickReplySchema = z.object({ result: ClickResultSchema, fallback: z.optional(ClickFallbackSchema) });
export type ClickReply = z.infer<typeof ClickReplySchema>;

export const ObserveArgsSchema = z.strictObject({ token: z.string(), action: z.enum(['collect', 'cancel']) });
export type ObserveArgs = z.infer<typeof ObserveArgsSchema>;

/** type_ax/focus_type may ask the worker for a trusted `Input.insertText` when no page method landed. */
export const TypeReplySchema = z.object({ result: TypeResultSchema, insertText: z.optional(z.object({ token: z.string() })) });
export type TypeReply = z.infer<typeof TypeReplySchema>;

export const HoverReplySchema = z.object({ result: HoverResultSchema, fallback: z.optional(ClickFallbackSchema) });
export type HoverReply = z.infer<typeof HoverReplySchema>;

export const ObservationReportSchema = z.object({
  progress: z.array(z.string()),
  diagnostics: z.array(z.string()),
  changes: ChangesSchema,
});
export type ObservationReportData = z.infer<typeof ObservationReportSchema>;

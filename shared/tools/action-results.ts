/**
 * Result shapes of the page-action tools. The worker validates page replies with these schemas; the
 * page scripts import only the types (erased at build), which keeps the schemas out of their bundles.
 */
import * as z from 'zod/mini';

// ---- results -------------------------------------------------------------------------------------

const RectSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type Rect = z.infer<typeof RectSchema>;

/** What an action visibly changed; every field is present only when it changed. */
const ChangesSchema = z.object({
  url: z.optional(z.string()),
  focus: z.optional(z.string()),
  /** The target's semantic states that changed, as "name: before → after". */
  states: z.optional(z.array(z.string())),
  dialogOpened: z.optional(z.string()),
  /** A listbox, menu or other popup that appeared (portals included). */
  popupOpened: z.optional(z.string()),
  /** Elements that disappeared because of the action (a closed dialog, a removed row). */
  targetRemoved: z.optional(z.boolean()),
  /** What appeared within the window (a toast, a dialog, a validation message), as tree lines with refs. */
  appeared: z.optional(z.array(z.string())),
  /** Console errors the action caused (uncaught errors, rejections, `console.error`), cut short. */
  consoleErrors: z.optional(z.array(z.string())),
  /** Requests the action caused, `POST /api/orders → 422` (added by the worker, which sees them). */
  requests: z.optional(z.array(z.string())),
});
export type Changes = z.infer<typeof ChangesSchema>;

/** click_ax's hint on a `<a download>` link; the worker also waits for that link's download (action-evidence.ts). */
export const DOWNLOAD_LINK_HINT = 'this link downloads a file';

const CLICK_METHODS = ['synthetic', 'cdp', 'stand-in'] as const;

const ClickResultSchema = z.object({
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

const TYPE_METHODS = ['value-setter', 'keys', 'exec-command', 'input-events', 'cdp-insert-text'] as const;
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
  /** What the worker did when the page ignored the synthetic key (one trusted CDP key, or why not). */
  fallback: z.optional(z.string()),
  /** Page → worker only (stripped before the model sees it): the armed trusted retry (press-key-trusted.ts). */
  trustedToken: z.optional(z.string()),
});
export type KeyResult = z.infer<typeof KeyResultSchema>;

const HoverResultSchema = z.object({
  success: z.boolean(),
  method: z.enum(['synthetic', 'cdp']),
  name: z.string(),
  rect: RectSchema,
  /** Text of elements that appeared on hover (tooltips, menus). */
  appeared: z.optional(z.array(z.string())),
  changes: ChangesSchema,
});
export type HoverResult = z.infer<typeof HoverResultSchema>;

export const UploadResultSchema = z.object({
  success: z.boolean(),
  /** 'input': set on an `<input type=file>`; 'drop': dropped on a drop zone. */
  method: z.enum(['input', 'drop']),
  /** The element that received the files, as the tree prints it. */
  target: z.string(),
  files: z.array(z.object({ name: z.string(), size: z.number(), type: z.string() })),
  standIn: z.optional(z.string()),
  hint: z.optional(z.string()),
  changes: ChangesSchema,
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

export const ScrollResultSchema = z.object({
  success: z.boolean(),
  container: z.string(),
  before: z.object({ x: z.number(), y: z.number() }),
  after: z.object({ x: z.number(), y: z.number() }),
  atEnd: z.boolean(),
  /** What appeared after the scroll (a feed's next items), as tree lines with refs. */
  appeared: z.optional(z.array(z.string())),
  hint: z.optional(z.string()),
});
export type ScrollResult = z.infer<typeof ScrollResultSchema>;

// ---- CDP fallback handshake (service worker ↔ page) ---------------------------------------------------

/**
 * The page's verdict after the synthetic click: either done, or a request that the worker try one
 * trusted click at a point, with an observation armed under `token` to judge that click.
 */
const ClickFallbackSchema = z.object({
  token: z.string(),
  x: z.number(),
  y: z.number(),
});

export const ClickReplySchema = z.object({
  result: ClickResultSchema,
  fallback: z.optional(ClickFallbackSchema),
  /** The click pushed a history entry without user activation: the worker gives the page activation. */
  activate: z.optional(z.literal(true)),
});
export type ClickReply = z.infer<typeof ClickReplySchema>;

/**
 * type_ax/focus_type may ask the worker for a trusted `Input.insertText` when no page method landed:
 * the page has focused the field and selected what `text` replaces, and armed a read-back under `token`
 * (collected with `type_readback`). `text` never reaches the model (it may be a password).
 */
export const TypeReplySchema = z.object({
  result: TypeResultSchema,
  insertText: z.optional(z.object({ token: z.string(), text: z.string() })),
});
export type TypeReply = z.infer<typeof TypeReplySchema>;

/** `input_recheck`'s answer: the point (frame viewport) to press now, absent for a focus check. */
export const InputRecheckReplySchema = z.object({ x: z.optional(z.number()), y: z.optional(z.number()) });
export type InputRecheckReply = z.infer<typeof InputRecheckReplySchema>;

const DragResultSchema = z.object({
  success: z.boolean(),
  method: z.enum(['html5', 'pointer', 'cdp']),
  /** The page's change: what moved, where from and where to; absent when nothing moved. */
  moved: z.optional(z.string()),
  verified: z.boolean(),
  /** The affected lists' order before and after, as names (at most 20 each). */
  before: z.array(z.string()),
  after: z.array(z.string()),
  hint: z.optional(z.string()),
  fallback: z.optional(z.string()),
});
export type DragResult = z.infer<typeof DragResultSchema>;
const DragFallbackSchema = z.object({
  token: z.string(),
  from: z.object({ x: z.number(), y: z.number() }),
  to: z.object({ x: z.number(), y: z.number() }),
});
export const DragReplySchema = z.object({ result: DragResultSchema, fallback: z.optional(DragFallbackSchema) });
export type DragReply = z.infer<typeof DragReplySchema>;
/** What the armed drag watch reports after the worker's trusted drag. */
export const DragCollectedSchema = z.object({
  moved: z.optional(z.string()),
  verified: z.boolean(),
  after: z.array(z.string()),
});

export const HoverReplySchema = z.object({ result: HoverResultSchema, fallback: z.optional(ClickFallbackSchema) });
export type HoverReply = z.infer<typeof HoverReplySchema>;

export const ObservationReportSchema = z.object({
  progress: z.array(z.string()),
  diagnostics: z.array(z.string()),
  changes: ChangesSchema,
});

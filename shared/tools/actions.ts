/**
 * Contracts of the page-action tools (click_ax, type_ax, focus_type, select_option, press_key, hover,
 * scroll), shared by the content-script handlers (argument parsing) and the service worker (reply
 * validation). zod/mini keeps the page scripts small (result schemas live in `action-results.ts`, which the page
 * imports only as types); the argument shapes are stated once (`actionArgSchemas`), for the page's
 * plain refs here and for the model's frame-qualified refs in the worker.
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from '../result';
import { REF_PATTERN } from '../refs';
import { MODIFIER_NAMES } from '../key-chord';
import { formatIssues } from '../zod-issues';
import type { UploadArgs } from './upload';

export type * from './action-results';
export type { UploadArgs } from './upload';

/** Longest text one type call accepts: beyond this an agent is pasting a document, not filling a field. */
export const MAX_TYPE_CHARS = 20_000;

const MOUSE_BUTTONS = ['left', 'right', 'middle'] as const;
const DROP_POSITIONS = ['before', 'after', 'center'] as const;
const SCROLL_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;

/**
 * The action tools' arguments, stated once for a kind of ref, with the descriptions the model reads:
 * the page parses them with its plain ref (`REF_PATTERN`); the worker offers the model the same
 * shapes with a frame-qualified ref (background/tools/actions/schemas.ts), which
 * background/frames/route-ref.ts turns into the page's plain ref before the page sees it.
 */
export function actionArgSchemas(RefId: z.ZodMiniString<string>) {
  const Text = z.string().check(z.maxLength(MAX_TYPE_CHARS));
  const type = z.strictObject({
    ref_id: RefId,
    text: Text,
    clear: z.optional(z.boolean()).check(z.describe('false appends')),
  });
  return {
    click: z.strictObject({
      ref_id: RefId,
      button: z.optional(z.enum(MOUSE_BUTTONS)),
      clickCount: z.optional(z.literal([1, 2, 3])),
      modifiers: z.optional(z.array(z.enum(MODIFIER_NAMES)).check(z.maxLength(4))),
    }),
    type,
    focusType: z.extend(type, {
      submit: z
        .optional(z.boolean())
        .check(
          z.describe(
            'afterwards commit it: a combobox takes its highlighted suggestion (ArrowDown + Enter), a form field submits its form, else Enter',
          ),
        ),
    }),
    select: z
      .strictObject({
        ref_id: RefId,
        value: z.optional(z.string().check(z.maxLength(1000))),
        label: z.optional(z.string().check(z.maxLength(1000))).check(z.describe('or the option text')),
      })
      .check(
        z.refine((a) => (a.value === undefined) !== (a.label === undefined), 'give exactly one of value or label'),
      ),
    pressKey: z.strictObject({
      key: z.string().check(z.minLength(1), z.maxLength(60), z.describe('e.g. Enter, Escape, Control+a')),
      ref_id: z.optional(RefId).check(z.describe('default: the focused element')),
    }),
    hover: z.strictObject({ ref_id: RefId.check(z.describe('the element to move the pointer onto')) }),
    drag: z
      .strictObject({
        ref_id: RefId,
        to_ref_id: z.optional(RefId),
        // A point in the frame's viewport, CSS pixels (the `rect` an action result reports).
        to: z
          .optional(
            z.strictObject({
              x: z.number().check(z.minimum(0), z.maximum(100_000)),
              y: z.number().check(z.minimum(0), z.maximum(100_000)),
            }),
          )
          .check(z.describe('or a viewport point, CSS px')),
        position: z.optional(z.enum(DROP_POSITIONS)),
      })
      .check(
        z.refine((a) => (a.to_ref_id === undefined) !== (a.to === undefined), 'give exactly one of to_ref_id or to'),
      ),
    scroll: z
      .strictObject({
        ref_id: z
          .optional(RefId)
          .check(z.describe('alone: scroll this element into view; with direction: scroll its scrollable container')),
        direction: z
          .optional(z.enum(SCROLL_DIRECTIONS))
          .check(z.describe('scroll the page (or the ref\u2019s container) this way')),
        amount: z
          .optional(z.number().check(z.int(), z.minimum(1), z.maximum(100_000)))
          .check(z.describe('pixels to scroll (default 80% of the visible height/width)')),
      })
      .check(
        z.refine(
          (a) => a.ref_id !== undefined || a.direction !== undefined,
          'give ref_id (scroll it into view) or direction',
        ),
      ),
  };
}

const PageArgs = actionArgSchemas(
  z.string().check(z.regex(REF_PATTERN, 'must be a ref such as "ref_12", as printed by get_accessibility_tree')),
);
export const ClickArgsSchema = PageArgs.click;
export const TypeArgsSchema = PageArgs.type;
export const FocusTypeArgsSchema = PageArgs.focusType;
export const SelectArgsSchema = PageArgs.select;
export const PressKeyArgsSchema = PageArgs.pressKey;
export const HoverArgsSchema = PageArgs.hover;
export const DragArgsSchema = PageArgs.drag;
export const ScrollArgsSchema = PageArgs.scroll;

export type ClickArgs = z.infer<typeof ClickArgsSchema>;
export type TypeArgs = z.infer<typeof TypeArgsSchema>;
export type FocusTypeArgs = z.infer<typeof FocusTypeArgsSchema>;
export type SelectArgs = z.infer<typeof SelectArgsSchema>;
export type PressKeyArgs = z.infer<typeof PressKeyArgsSchema>;
export type DragArgs = z.infer<typeof DragArgsSchema>;
export type HoverArgs = z.infer<typeof HoverArgsSchema>;
export type ScrollArgs = z.infer<typeof ScrollArgsSchema>;

/** Parses raw tool arguments into a value or an error naming the argument and the fix. */
export function parseArgs<T>(tool: string, schema: z.ZodMiniType<T>, raw: unknown): Result<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return ok(parsed.data);
  return err('bad_arguments', `invalid arguments for ${tool}: ${formatIssues(parsed.error, 3)}`);
}

/**
 * The token of the page's last settled observation, kept a little while for late evidence: the worker
 * collects it after the action's requests answered (content-scripts/actions/late-evidence.ts).
 */
export const LATE_OBSERVATION_TOKEN = 'late';

/** The worker collects (after its CDP input) or cancels (after a veto) an observation the page armed. */
export const ObserveArgsSchema = z.strictObject({ token: z.string(), action: z.enum(['collect', 'cancel']) });
export type ObserveArgs = z.infer<typeof ObserveArgsSchema>;

/** The worker collects the page's read-back after its trusted `Input.insertText`, or cancels it when CDP was not available. */
export const TypeReadbackArgsSchema = z.strictObject({ token: z.string(), action: z.enum(['collect', 'cancel']) });
export type TypeReadbackArgs = z.infer<typeof TypeReadbackArgsSchema>;

/**
 * Right before the worker's trusted input (issue 10, item 8): the page re-checks that the input still
 * reaches the element it was planned for. For a click, `x`/`y` (frame viewport) is the point about to
 * be pressed, or absent to re-measure a hittable point; `settle` first waits for the page to react to
 * the debugger's infobar resizing the viewport. For a typing read-back, focus must still be on the field.
 */
export const InputRecheckArgsSchema = z.strictObject({
  token: z.string(),
  x: z.optional(z.number()),
  y: z.optional(z.number()),
  settle: z.optional(z.boolean()),
});
export type InputRecheckArgs = z.infer<typeof InputRecheckArgsSchema>;

/** Every page action the handler script routes to the lazily injected actions script. */
export type ActionArgsMap = {
  click_ax: ClickArgs;
  type_ax: TypeArgs;
  focus_type: FocusTypeArgs;
  select_option: SelectArgs;
  press_key: PressKeyArgs;
  hover: HoverArgs;
  scroll: ScrollArgs;
  drag: DragArgs;
  upload_file: UploadArgs;
  action_observe: ObserveArgs;
  type_readback: TypeReadbackArgs;
  input_recheck: InputRecheckArgs;
};
export type ActionName = keyof ActionArgsMap;

/** Error code of the handler script when the actions script is not in its frame yet: the worker injects it and retries. */
export const ACTIONS_NOT_LOADED = 'actions_not_loaded';

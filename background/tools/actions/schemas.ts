/**
 * The action tools' argument schemas as the model sees them: the same shapes as the zod/mini
 * contracts in `shared/tools/actions.ts` (which the page re-checks), with descriptions. A unit test
 * keeps the two accepting and rejecting the same inputs.
 */
import { z } from 'zod';
import { DROP_POSITIONS, MAX_TYPE_CHARS, MOUSE_BUTTONS, SCROLL_DIRECTIONS } from '../../../shared/tools/actions';
import { MODIFIER_NAMES } from '../../../shared/key-chord';
import { ATTACHMENT_ID } from '../../../shared/file-attachment';
import {
  BASE64_RULE,
  FILE_NAME_RULE,
  isBase64,
  isMimeType,
  isPlainFileName,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  MIME_RULE,
} from '../../../shared/tools/upload';
import { QUALIFIED_REF_PATTERN as FRAME_QUALIFIED_REF } from '../../../shared/refs';

// Frame-qualified refs ("f2:ref_12", from iframe_read) are accepted here and routed to their frame by
// background/frames/route-ref.ts, which hands the page its plain ref; the page contract takes a plain ref (shared/refs.ts REF_PATTERN).
const RefId = z
  .string()
  .regex(
    FRAME_QUALIFIED_REF,
    'must be a ref such as "ref_12" (or "f2:ref_12" inside an iframe), as printed by the tree tools',
  );
const Text = z.string().max(MAX_TYPE_CHARS);

export const ClickArgs = z.strictObject({
  ref_id: RefId,
  button: z.enum(MOUSE_BUTTONS).optional(),
  clickCount: z.literal([1, 2, 3]).optional(),
  modifiers: z.array(z.enum(MODIFIER_NAMES)).max(4).optional(),
});

export const TypeArgs = z.strictObject({
  ref_id: RefId,
  text: Text,
  clear: z.boolean().optional().describe('false appends'),
});

export const FocusTypeArgs = TypeArgs.extend({
  submit: z
    .boolean()
    .optional()
    .describe(
      'afterwards commit it: a combobox takes its highlighted suggestion (ArrowDown + Enter), a form field submits its form, else Enter',
    ),
});

export const SelectArgs = z
  .strictObject({
    ref_id: RefId,
    value: z.string().max(1000).optional(),
    label: z.string().max(1000).optional().describe('or the option text'),
  })
  .refine((a) => (a.value === undefined) !== (a.label === undefined), 'give exactly one of value or label');

export const PressKeyArgs = z.strictObject({
  key: z.string().min(1).max(60).describe('e.g. Enter, Escape, Control+a'),
  ref_id: RefId.optional().describe('default: the focused element'),
});

export const DragArgs = z
  .strictObject({
    ref_id: RefId,
    to_ref_id: RefId.optional(),
    to: z
      .strictObject({ x: z.number().min(0).max(100_000), y: z.number().min(0).max(100_000) })
      .optional()
      .describe('or a viewport point, CSS px'),
    position: z.enum(DROP_POSITIONS).optional(),
  })
  .refine((a) => (a.to_ref_id === undefined) !== (a.to === undefined), 'give exactly one of to_ref_id or to');

export const HoverArgs = z.strictObject({ ref_id: RefId.describe('the element to move the pointer onto') });

export const ScrollArgs = z
  .strictObject({
    ref_id: RefId.optional().describe(
      'alone: scroll this element into view; with direction: scroll its scrollable container',
    ),
    direction: z.enum(SCROLL_DIRECTIONS).optional().describe('scroll the page (or the ref\u2019s container) this way'),
    amount: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .optional()
      .describe('pixels to scroll (default 80% of the visible height/width)'),
  })
  .refine((a) => a.ref_id !== undefined || a.direction !== undefined, 'give ref_id (scroll it into view) or direction');

// Rules are refinements, not patterns: the JSON schema the model is sent every request stays short.
const UploadFile = z
  .strictObject({
    name: z.string().min(1).max(200).refine(isPlainFileName, FILE_NAME_RULE),
    mimeType: z.string().refine(isMimeType, MIME_RULE).optional(),
    text: z.string().max(MAX_UPLOAD_BYTES).optional().describe('text file content'),
    base64: z.string().refine(isBase64, BASE64_RULE).optional().describe('binary file content'),
  })
  .refine((f) => (f.text === undefined) !== (f.base64 === undefined), 'give exactly one of text or base64');

const AttachedFile = z.strictObject({
  attachment_id: z
    .string()
    .refine((s) => ATTACHMENT_ID.test(s), 'an id from the task text, such as "file_1"')
    .describe('a file the user attached'),
});

export const UploadArgs = z.strictObject({
  ref_id: RefId.describe('file input, its label or button, or drop area'),
  files: z
    .array(z.union([UploadFile, AttachedFile]))
    .min(1)
    .max(MAX_UPLOAD_FILES)
    .describe(`≤${MAX_UPLOAD_FILES} files, ≤1 MiB each`),
});

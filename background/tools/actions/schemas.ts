/**
 * The action tools' argument schemas as the model sees them: the page's own zod/mini contracts
 * (`actionArgSchemas` in shared/tools/actions.ts, descriptions included) over frame-qualified refs.
 * upload_file's model schema differs from the page's (attached files by id, resolved here) and
 * stays in classic zod; a unit test keeps it accepting what the page accepts.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { actionArgSchemas } from '../../../shared/tools/actions';
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
const REF_RULE = 'must be a ref such as "ref_12" (or "f2:ref_12" inside an iframe), as printed by the tree tools';
const RefId = z.string().regex(FRAME_QUALIFIED_REF, REF_RULE);

// The page's own argument schemas (zod/mini, each shape stated once in shared/tools/actions.ts), over the model's refs.
const ModelArgs = actionArgSchemas(zm.string().check(zm.regex(FRAME_QUALIFIED_REF, REF_RULE)));
export const ClickArgs = ModelArgs.click;
export const TypeArgs = ModelArgs.type;
export const FocusTypeArgs = ModelArgs.focusType;
export const SelectArgs = ModelArgs.select;
export const PressKeyArgs = ModelArgs.pressKey;
export const DragArgs = ModelArgs.drag;
export const HoverArgs = ModelArgs.hover;
export const ScrollArgs = ModelArgs.scroll;

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

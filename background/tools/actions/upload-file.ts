/**
 * upload_file: the page builds the files and sets them on a file input or drops them on a drop zone
 * (content-scripts/actions/upload.ts). The contents are the model's: they reach the page's origin
 * like typed text, so the write gate's origin and provenance rules judge them (policy/write-gate.ts;
 * base64 that is text is judged as text, policy/normalize-action.ts).
 */
import { UploadResultSchema } from '../../../src/tools/action-results';
import { defineTool } from '../define-tool';
import { forward } from './forward';
import { UploadArgs } from './schemas';

export const uploadFile = defineTool({
  name: 'upload_file',
  description: [
    'Gives files to a file input or drop zone (the ref may be the input, its label or button, or the drop area); input and change fire.',
    'Returns {success, method: input|drop, target, files, standIn?, changes}.',
  ].join(' '),
  schema: UploadArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) => forward(ctx.tabId, 'upload_file', args, UploadResultSchema, ctx.frameId),
});

/**
 * upload_file: the page builds the files and sets them on a file input or drops them on a drop zone
 * (content-scripts/actions/upload.ts). Model-written contents reach the page's origin like typed
 * text, so the write gate's origin and provenance rules judge them (policy/write-gate.ts, base64
 * decoded). Files the user attached in the panel are sent by id: their bytes are read here, never
 * shown to the model, and every such upload asks the user (policy/gate.ts `guardAttachedFiles`).
 */
import type { z } from 'zod';
import { UploadResultSchema } from '../../../shared/tools/action-results';
import type { UploadFile } from '../../../shared/tools/upload';
import { err, ok, type Result } from '../../../shared/result';
import { taskFile } from '../../agent/task/task-files';
import { defineTool } from '../define-tool';
import { forward } from './forward';
import { UploadArgs } from './schemas';

type ModelFile = z.infer<typeof UploadArgs>['files'][number];

/** The files as the page takes them: attached ones replaced by their name, type and bytes. */
async function pageFiles(files: ModelFile[], taskId: string | undefined): Promise<Result<UploadFile[]>> {
  const out: UploadFile[] = [];
  for (const f of files) {
    if (!('attachment_id' in f)) {
      out.push(f);
      continue;
    }
    const a = taskId ? await taskFile(taskId, f.attachment_id) : null;
    if (!a)
      return err(
        'unknown_attachment',
        `${f.attachment_id} is not a file the user attached to this task; the task text lists the attached files`,
      );
    out.push({ name: a.name, base64: a.base64, ...(a.type ? { mimeType: a.type } : {}) });
  }
  return ok(out);
}

export const uploadFile = defineTool({
  name: 'upload_file',
  description:
    'Gives files to a file input or drop zone; input and change fire. Returns {success, method: input|drop, target, files, standIn?, changes}.',
  schema: UploadArgs,
  family: 'input',
  modes: ['act', 'dev'],
  readOnly: false,
  async handler(args, ctx) {
    const files = await pageFiles(args.files, ctx.taskId);
    if (!files.ok) return files;
    return forward(
      ctx.tabId,
      'upload_file',
      { ref_id: args.ref_id, files: files.data },
      UploadResultSchema,
      ctx.frameId,
    );
  },
});

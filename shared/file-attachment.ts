/**
 * Files the user attaches in the panel for the tab's next task (issue 25): the panel stores them in
 * chrome.storage.session under `filesKey(tabId)`; the task takes them when it starts and keeps them
 * under `taskFilesKey(taskId)`. The model sees only their ids, names, types and sizes, never their
 * bytes: it can hand a file to a page with upload_file {attachment_id}, and that always asks the user
 * which site it goes to (background/policy/approval-rules.ts).
 */
import * as z from 'zod/mini';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from './tools/upload';

export const ATTACHMENT_ID = /^file_\d{1,3}$/;

const FileAttachmentSchema = z.object({
  id: z.string().check(z.regex(ATTACHMENT_ID)),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  type: z.string().check(z.maxLength(100)),
  size: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_UPLOAD_BYTES)),
  base64: z.string(),
});
export type FileAttachment = z.infer<typeof FileAttachmentSchema>;

export const filesKey = (tabId: number): string => `wb.files.${tabId}`;
export const taskFilesKey = (taskId: string): string => `wb.task-files.${taskId}`;

/** The stored list, dropping anything malformed; at most MAX_UPLOAD_FILES. */
export function parseFiles(raw: unknown): FileAttachment[] {
  const parsed = z.array(FileAttachmentSchema).safeParse(raw);
  return parsed.success ? parsed.data.slice(0, MAX_UPLOAD_FILES) : [];
}

function size(n: number): string {
  return n < 1024 ? `${n} B` : `${Math.round(n / 102.4) / 10} KB`;
}

/** One line per file, for the panel and the task text ("file_1 \"cv.pdf\" (application/pdf, 12.3 KB)"). */
export function describeFiles(files: readonly FileAttachment[]): string {
  return files
    .map((f) => `${f.id} ${JSON.stringify(f.name)} (${f.type || 'unknown type'}, ${size(f.size)})`)
    .join('\n');
}

/** The task text with the files named; their content stays out of the conversation. */
export function taskWithFiles(task: string, files: readonly FileAttachment[]): string {
  if (files.length === 0) return task;
  return `${task}\n\nThe user attached these files for this task (give one to a page with upload_file {attachment_id}; their content is not shown):\n${describeFiles(files)}`;
}

/** The next free id for a list ("file_1", "file_2", …). */
export function nextFileId(files: readonly FileAttachment[]): string {
  const used = new Set(files.map((f) => f.id));
  for (let i = 1; ; i++) if (!used.has(`file_${i}`)) return `file_${i}`;
}

/** base64 of bytes without a Node Buffer (the panel and the worker have none). */
export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(bin);
}

/** The attached files an upload_file call sends (its files given by attachment_id). */
export function attachedFileIds(tool: string, args: unknown): string[] {
  if (tool !== 'upload_file' || typeof args !== 'object' || args === null || !('files' in args)) return [];
  const files: unknown = args.files;
  if (!Array.isArray(files)) return [];
  const ids: string[] = [];
  for (const f of files as unknown[]) {
    if (typeof f === 'object' && f !== null && 'attachment_id' in f && typeof f.attachment_id === 'string')
      ids.push(f.attachment_id);
  }
  return ids;
}

/**
 * upload_file's page contract (issue 25): the files the model hands to an `<input type=file>` or a
 * drop zone. Files travel as text or base64 inside the tool call and are built into `File` objects in
 * the page (`new DataTransfer()`, the one path Chrome and Firefox share: CDP `DOM.setFileInputFiles`
 * needs paths on disk, which an extension does not have). The caps keep one call well inside a
 * message and a model's output: beyond them the agent is not filling a form.
 */
import * as z from 'zod/mini';
import { REF_PATTERN } from '../refs';

/** Most files one call sets. */
export const MAX_UPLOAD_FILES = 5;
/** Largest decoded size of one file (1 MiB). */
export const MAX_UPLOAD_BYTES = 1_048_576;
/** base64 of MAX_UPLOAD_BYTES (4 chars per 3 bytes), plus padding. */
const MAX_BASE64_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;

/** A file name, not a path: the page sees only the name (File.name), and a slash would be a lie. */
export function isPlainFileName(name: string): boolean {
  return !/[/\\]/.test(name) && ![...name].some((c) => c.charCodeAt(0) < 0x20);
}
export const FILE_NAME_RULE = 'a plain file name such as "notes.txt", without slashes or control characters';

const FileName = z.string().check(z.minLength(1), z.maxLength(200), z.refine(isPlainFileName, FILE_NAME_RULE));
/** A MIME type such as "text/csv" (no parameters: File.type carries none). */
export function isMimeType(s: string): boolean {
  return s.length <= 100 && /^[\w.+-]+\/[\w.+-]+$/.test(s);
}
export const MIME_RULE = 'a MIME type such as "text/csv"';
/** Standard base64 of at most MAX_UPLOAD_BYTES. */
export function isBase64(s: string): boolean {
  return s.length <= MAX_BASE64_CHARS && /^[A-Za-z0-9+/]*={0,2}$/.test(s);
}
export const BASE64_RULE = 'standard base64 (A–Z, a–z, 0–9, +, /, =) of at most 1 MiB';

const MimeType = z.string().check(z.refine(isMimeType, MIME_RULE));
const Base64 = z.string().check(z.refine(isBase64, BASE64_RULE));
const UploadFileSchema = z
  .strictObject({
    name: FileName,
    mimeType: z.optional(MimeType),
    text: z.optional(z.string().check(z.maxLength(MAX_UPLOAD_BYTES))),
    base64: z.optional(Base64),
  })
  .check(z.refine((f) => (f.text === undefined) !== (f.base64 === undefined), 'give exactly one of text or base64'));
export type UploadFile = z.infer<typeof UploadFileSchema>;

export const UploadArgsSchema = z.strictObject({
  ref_id: z
    .string()
    .check(z.regex(REF_PATTERN, 'must be a ref such as "ref_12", as printed by get_accessibility_tree')),
  files: z.array(UploadFileSchema).check(z.minLength(1), z.maxLength(MAX_UPLOAD_FILES)),
});
export type UploadArgs = z.infer<typeof UploadArgsSchema>;

/** The bytes of a base64 string, or null when it is not base64. No Buffer: this runs in pages and the worker. */
export function decodeBase64(b64: string): Uint8Array<ArrayBuffer> | null {
  try {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** The file's bytes: UTF-8 of its text, or its decoded base64. */
export function fileBytes(f: UploadFile): Uint8Array<ArrayBuffer> | null {
  return f.text !== undefined ? new TextEncoder().encode(f.text) : decodeBase64(f.base64 ?? '');
}

/** The type a file gets when none is given, from its extension (what a browser's file picker would report). */
export function mimeTypeOf(f: UploadFile): string {
  if (f.mimeType) return f.mimeType;
  const ext = /\.([a-z0-9]+)$/i.exec(f.name)?.[1]?.toLowerCase() ?? '';
  const known: Record<string, string> = {
    txt: 'text/plain',
    csv: 'text/csv',
    json: 'application/json',
    md: 'text/markdown',
    html: 'text/html',
    xml: 'application/xml',
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    svg: 'image/svg+xml',
    zip: 'application/zip',
  };
  return known[ext] ?? (f.text !== undefined ? 'text/plain' : 'application/octet-stream');
}

/**
 * Whether a file matches an input's `accept` list (HTML §4.10.5.1.18: comma-separated extensions,
 * MIME types and `type/*` wildcards). An empty list accepts anything.
 */
export function acceptsFile(accept: string, name: string, mime: string): boolean {
  const tokens = accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const lowerName = name.toLowerCase();
  const lowerMime = mime.toLowerCase();
  return tokens.some((t) => {
    if (t.startsWith('.')) return lowerName.endsWith(t);
    if (t.endsWith('/*')) return lowerMime.startsWith(t.slice(0, -1));
    return lowerMime === t;
  });
}

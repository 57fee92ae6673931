/**
 * Which downloads `read_download` reads (docs/files-and-downloads.md): text files up to 1 MiB, judged
 * by MIME type or extension and then by the bytes themselves (valid UTF-8 without NUL), because a
 * server can label a binary file text/plain.
 */
export const READ_DOWNLOAD_MAX = 1024 * 1024;

const TEXT_EXTENSIONS = new Set([
  'txt',
  'csv',
  'tsv',
  'json',
  'ndjson',
  'jsonl',
  'md',
  'xml',
  'log',
  'yaml',
  'yml',
  'ics',
  'vcf',
]);
const TEXT_MIME = /^(text\/|application\/(json|[\w.+-]*\+json|xml|[\w.+-]*\+xml|csv|x-ndjson|yaml|x-yaml)\b)/i;

export function isTextDownload(name: string, mime: string | undefined): boolean {
  if (mime && TEXT_MIME.test(mime)) return true;
  const dot = name.lastIndexOf('.');
  return dot > 0 && TEXT_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

/** The UTF-8 text (BOM dropped), or null when the bytes are not text. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The bytes of a `data:` URL (RFC 2397), decoded in the worker: the extension's CSP (`connect-src`)
 * does not allow fetching data: URLs, and nothing needs to go on the network for them.
 */
export function dataUrlBytes(url: string): Uint8Array | null {
  const comma = url.indexOf(',');
  if (!url.toLowerCase().startsWith('data:') || comma < 0) return null;
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  try {
    if (/;base64$/i.test(meta)) return Uint8Array.from(atob(decodeURIComponent(payload)), (c) => c.charCodeAt(0));
    return new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    return null;
  }
}

/**
 * pdf.js: text runs, link areas and the outline of a PDF. Only text, links and the outline are read,
 * so nothing needs a DOM or a canvas; `isEvalSupported: false` because extension pages allow no
 * eval (manifest CSP), and fonts are never turned into FontFace objects. pdf-reader.ts points pdf.js
 * at its worker file before any read. The legacy build: the modern one needs newer browsers than the
 * manifest's minimum (and fails to load in Node). docs/pdf.md.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfLinkArea, PdfOutlineEntry, PdfPageInput, PdfRun } from './pdf-layout';

export interface PdfSource {
  title: string;
  pages: PdfPageInput[];
  outline: PdfOutlineEntry[];
}

/** Where pdf.js starts its dedicated worker from (a URL in the extension's package). */
export function setPdfWorkerSrc(url: string): void {
  GlobalWorkerOptions.workerSrc = url;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

function runOf(item: unknown): PdfRun | null {
  if (!isRecord(item) || typeof item.str !== 'string' || !Array.isArray(item.transform)) return null;
  const t: unknown[] = item.transform;
  // The text matrix [a b c d e f]: the font size is the length of its vertical axis (c, d).
  const size = Math.hypot(num(t[2]), num(t[3])) || num(item.height);
  return { str: item.str, x: num(t[4]), y: num(t[5]), width: num(item.width), size };
}

/** The 1-based page an internal destination points at, or undefined when it cannot be resolved. */
async function destPage(doc: PDFDocumentProxy, dest: unknown): Promise<number | undefined> {
  try {
    const explicit: unknown = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit)) return undefined;
    const target: unknown = explicit[0];
    if (typeof target === 'number') return target + 1;
    if (isRecord(target) && typeof target.num === 'number' && typeof target.gen === 'number')
      return (await doc.getPageIndex({ num: target.num, gen: target.gen })) + 1;
  } catch {
    // A broken destination is left out rather than failing the whole read.
  }
  return undefined;
}

async function linksOf(doc: PDFDocumentProxy, annotations: unknown[]): Promise<PdfLinkArea[]> {
  const out: PdfLinkArea[] = [];
  for (const a of annotations) {
    if (!isRecord(a) || a.subtype !== 'Link' || !Array.isArray(a.rect) || a.rect.length !== 4) continue;
    const r: unknown[] = a.rect;
    const rect = [num(r[0]), num(r[1]), num(r[2]), num(r[3])] as const;
    // `url` is set only for URLs pdf.js considers safe; `unsafeUrl` is what the file says.
    const url = typeof a.url === 'string' ? a.url : typeof a.unsafeUrl === 'string' ? a.unsafeUrl : undefined;
    if (url !== undefined) out.push({ rect, url });
    else if (a.dest !== undefined && a.dest !== null) {
      const page = await destPage(doc, a.dest);
      if (page !== undefined) out.push({ rect, page });
    }
  }
  return out;
}

function flattenOutline(items: unknown, depth: number, out: PdfOutlineEntry[]): void {
  if (!Array.isArray(items)) return;
  for (const item of items) {
    if (!isRecord(item) || typeof item.title !== 'string') continue;
    out.push({ title: item.title, depth });
    flattenOutline(item.items, depth + 1, out);
  }
}

/** Parses the bytes into text runs, link areas and outline, page by page. */
export async function parsePdf(bytes: Uint8Array, fallbackTitle: string): Promise<PdfSource> {
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    stopAtErrors: false,
    // 0 = errors only: warnings about fonts it need not load would fill the worker's console.
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const pages: PdfPageInput[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [text, annotations] = await Promise.all([page.getTextContent(), page.getAnnotations()]);
      const runs = text.items.map(runOf).filter((r): r is PdfRun => r !== null);
      pages.push({ runs, links: await linksOf(doc, annotations) });
      page.cleanup();
    }
    const outline: PdfOutlineEntry[] = [];
    flattenOutline(await doc.getOutline().catch(() => null), 1, outline);
    const meta = await doc.getMetadata().catch(() => null);
    const info: unknown = meta?.info;
    const metaTitle = isRecord(info) && typeof info.Title === 'string' ? info.Title.trim() : '';
    return { title: metaTitle || fallbackTitle, pages, outline };
  } finally {
    await task.destroy();
  }
}

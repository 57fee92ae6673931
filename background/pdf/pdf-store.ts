/**
 * The PDF a tab shows, read once per document: fetched with the extension's host permission and parsed
 * by pdf.js where it runs (pdf-source.ts: Chrome's offscreen document), laid out (pdf-layout.ts), and its external links given refs from the
 * tab's ref floor (frames/ref-floor.ts), so they are never reused: a page script's next document
 * starts above them, and a new PDF document (another URL, a reload) is read again with new refs.
 * The old document's refs then miss with `stale_ref`. In memory only: after a worker restart the
 * PDF is read again, with new refs, and the model is told to re-read (stale_ref).
 */
import { ok, type Result } from '../../shared/result';
import { formatRef } from '../../shared/refs';
import { noteRefHigh, refFloor } from '../frames/ref-floor';
import { documentUrl } from './pdf-detect';
import { layoutPdf, type PdfLayoutPage } from './pdf-layout';
import { readPdfSource } from './pdf-source';
import type { RefLink } from './pdf-render';

export interface PdfDocument {
  url: string;
  title: string;
  pages: PdfLayoutPage[];
  /** ref → its link, for click_ax and the approval gate. */
  links: Map<string, RefLink>;
  /** Text runs in the file (the tree's elementCount). */
  runCount: number;
  /** Characters of text in the whole file; 0 means no text layer. */
  chars: number;
  /** Fetch + parse + layout time, ms. */
  loadMs: number;
  /** Names this read of the document: a tree page 2+ must carry it (a reload makes a new one). */
  revision: string;
}

interface Entry {
  /** The document URL (fragment dropped) and the navigation it belongs to. */
  key: string;
  doc: Promise<Result<PdfDocument>>;
}

const docs = new Map<number, Entry>();

function fileName(url: string): string {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return name || 'document.pdf';
  } catch {
    return 'document.pdf';
  }
}

async function load(tabId: number, url: string): Promise<Result<PdfDocument>> {
  const started = performance.now();
  // Fetched and parsed where pdf.js runs: an offscreen document in Chrome (pdf-source.ts).
  const read = await readPdfSource(url, fileName(url));
  if (!read.ok) return read;
  const source = read.data;
  const pages = layoutPdf(source.pages, source.outline);
  const links = new Map<string, RefLink>();
  let next = (await refFloor(tabId)) + 1;
  for (const page of pages)
    for (const block of page.blocks) {
      const list: RefLink[] = block.kind === 'link' ? [block.link] : block.links;
      for (const link of list) {
        if (link.url === undefined) continue;
        link.ref = formatRef(next++);
        links.set(link.ref, link);
      }
    }
  // Recorded before any reply reaches the model: the next document of this tab starts above these refs.
  await noteRefHigh(tabId, next - 1);
  return ok({
    url,
    title: source.title,
    pages,
    links,
    runCount: source.pages.reduce((n, p) => n + p.runs.length, 0),
    chars: pages.reduce((n, p) => n + p.chars, 0),
    loadMs: Math.round(performance.now() - started),
    revision: `pdf-${Math.random().toString(36).slice(2, 8)}`,
  });
}

/** The tab's PDF document for `url`, read on first use and kept until the tab navigates. */
export function pdfDocument(tabId: number, url: string): Promise<Result<PdfDocument>> {
  const key = documentUrl(url);
  const entry = docs.get(tabId);
  if (entry?.key === key) return entry.doc;
  const doc = load(tabId, url);
  docs.set(tabId, { key, doc });
  // A failed read is not kept: the next call tries again (the server may have been down).
  void doc.then((r) => {
    if (!r.ok && docs.get(tabId)?.doc === doc) docs.delete(tabId);
  });
  return doc;
}

/** The tab's document if it has been read (for ref lookups that must not trigger a read). */
export function loadedPdf(tabId: number): Promise<Result<PdfDocument>> | undefined {
  return docs.get(tabId)?.doc;
}

// Registered at module load: any committed main-frame navigation (a reload included) is a new
// document, so its refs must not resolve against the old one. Fragment moves (#page=3) do not commit.
if (typeof chrome !== 'undefined' && chrome.webNavigation?.onCommitted) {
  chrome.webNavigation.onCommitted.addListener((d) => {
    if (d.frameId === 0) docs.delete(d.tabId);
  });
  chrome.tabs.onRemoved.addListener((tabId) => docs.delete(tabId));
}

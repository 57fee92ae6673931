/**
 * Where pdf.js runs (docs/pdf.md#worker-start, docs/decisions/0007-pdf-offscreen.md). Chrome: in an
 * offscreen document opened for the read and closed after it, so the service worker never loads
 * pdf.js (its ~1.8 MB would be evaluated at every worker start). Firefox runs the background as an
 * event page, which may `import()` at run time: pdf.js is loaded there on the first PDF read.
 */
import { BROWSER } from '../../shared/browser-target';
import { err, errorMessage, type Result } from '../../shared/result';
import type { PdfSource } from './pdf-engine';
import { PDF_PARSE, PdfParseReply } from './pdf-protocol';

const DOCUMENT = 'offscreen/pdf.html';

/** Reads in flight: the document is closed when the last one ends (it holds pdf.js's heap). */
let users = 0;
let opening: Promise<void> | null = null;
/** A close in progress: a read that starts meanwhile waits for it, then opens a new document. */
let closing: Promise<void> = Promise.resolve();

async function openDocument(): Promise<void> {
  await closing;
  const url = chrome.runtime.getURL(DOCUMENT);
  const open = await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
  if (open.length > 0) return;
  opening ??= chrome.offscreen
    .createDocument({
      url: DOCUMENT,
      reasons: ['WORKERS'],
      justification: 'parse a PDF the user opened with pdf.js in its worker, so the agent can read it',
    })
    .finally(() => {
      opening = null;
    });
  await opening;
}

async function viaOffscreen(url: string, title: string): Promise<Result<PdfSource>> {
  users++;
  try {
    await openDocument();
    const reply: unknown = await chrome.runtime.sendMessage({ type: PDF_PARSE, url, title });
    const parsed = PdfParseReply.safeParse(reply);
    if (!parsed.success) return err('pdf_unreadable', 'the PDF reader gave no usable answer; retry once');
    return parsed.data;
  } catch (e) {
    return err('pdf_unreadable', `the PDF reader failed (${errorMessage(e)}); retry once`);
  } finally {
    users--;
    if (users === 0) {
      closing = chrome.offscreen.closeDocument().catch(() => undefined);
      await closing;
    }
  }
}

/** The PDF at `url`, fetched and parsed by pdf.js where this browser runs it. */
export async function readPdfSource(url: string, title: string): Promise<Result<PdfSource>> {
  if (BROWSER === 'firefox') {
    const { fetchAndParsePdf } = await import('./pdf-reader');
    return fetchAndParsePdf(url, title);
  }
  return viaOffscreen(url, title);
}

/**
 * Fetches the PDF a tab shows, with the extension's host permission and the user's cookies
 * (`credentials: "include"`: a PDF behind the user's login is read as the tab shows it), then parses
 * it with pdf.js (pdf-engine.ts). Runs where pdf.js runs: Chrome's offscreen document
 * (offscreen/pdf.ts), Firefox's background page (pdf-source.ts). docs/pdf.md.
 */
import { err, errorMessage, ok, type Result } from '../../shared/result';
import { parsePdf, type PdfSource } from './pdf-engine';

/** Larger files are refused: the whole file is held in memory while pdf.js parses it. */
const PDF_MAX_BYTES = 50 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

async function fetchBytes(url: string): Promise<Result<Uint8Array>> {
  if (!/^https?:/i.test(url))
    return err(
      'pdf_unreachable',
      `Weaverbird reads PDFs from http(s) URLs only, not ${url.split(':')[0]}: ones (a local file cannot be fetched by the extension); ask the user to open it from a web address`,
    );
  try {
    const res = await fetch(url, { credentials: 'include', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok)
      return err('pdf_unreachable', `fetching the PDF failed with HTTP ${res.status}; reload the tab and retry`);
    const length = Number(res.headers.get('content-length') ?? '0');
    if (length > PDF_MAX_BYTES)
      return err('pdf_too_large', `this PDF is ${Math.round(length / 1e6)} MB; Weaverbird reads PDFs up to 50 MB`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > PDF_MAX_BYTES)
      return err('pdf_too_large', 'this PDF is over 50 MB; Weaverbird reads PDFs up to 50 MB');
    return ok(bytes);
  } catch (e) {
    return err('pdf_unreachable', `could not fetch the PDF (${errorMessage(e)}); reload the tab and retry`);
  }
}

/** The file at `url`, fetched and parsed into text runs, link areas and outline. */
export async function fetchAndParsePdf(url: string, fallbackTitle: string): Promise<Result<PdfSource>> {
  const bytes = await fetchBytes(url);
  if (!bytes.ok) return bytes;
  try {
    return ok(await parsePdf(bytes.data, fallbackTitle));
  } catch (e) {
    return err(
      'pdf_unreadable',
      `this PDF could not be parsed (${errorMessage(e)}); use screenshot if your model has vision`,
    );
  }
}

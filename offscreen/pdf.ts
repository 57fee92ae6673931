/**
 * The offscreen document where Chrome's build runs pdf.js (docs/decisions/0007-pdf-offscreen.md):
 * pdf.js is ~1.8 MB that the service worker would evaluate at every start, for the rare tab that
 * shows a PDF. The worker opens this document for a read (background/pdf/pdf-offscreen.ts) and asks
 * it with one runtime message; it fetches the file with the extension's host permission, parses it
 * in pdf.js's own dedicated worker (the reason the document is opened: `WORKERS`) and answers with
 * the text runs, link areas and outline. It answers only its own extension's worker, and only that
 * message: nothing from a web page reaches it (no content script messages the runtime).
 */
import { PdfParseRequest } from '../background/pdf/pdf-protocol';
import { fetchAndParsePdf } from '../background/pdf/pdf-reader';

chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return false;
  const request = PdfParseRequest.safeParse(raw);
  if (!request.success) return false;
  void fetchAndParsePdf(request.data.url, request.data.title).then(sendResponse);
  return true;
});

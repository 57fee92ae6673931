/**
 * pdf.js ready to read: its parser runs in its own dedicated worker, loaded from the extension's
 * package (`workerSrc`, the file vite.config.ts copies there: pdf-worker-file.ts). Loaded where pdf.js runs, never by
 * the service worker: Chrome's offscreen document (offscreen/pdf.ts) and, by `import()`, Firefox's
 * background page (pdf-source.ts). docs/pdf.md#where-pdfjs-runs.
 */
import { setPdfWorkerSrc } from './pdf-engine';
import { PDF_WORKER_FILE } from './pdf-worker-file';

setPdfWorkerSrc(chrome.runtime.getURL(PDF_WORKER_FILE));

export { fetchAndParsePdf } from './pdf-fetch';

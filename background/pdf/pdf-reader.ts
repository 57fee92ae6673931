/**
 * pdf.js ready to read: its parser runs in its own dedicated worker, loaded from the extension's
 * package (`workerSrc`, the worker file Vite emits as an asset). Loaded where pdf.js runs, never by
 * the service worker: Chrome's offscreen document (offscreen/pdf.ts) and, by `import()`, Firefox's
 * background page (pdf-source.ts). docs/pdf.md#where-pdfjs-runs.
 */
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { setPdfWorkerSrc } from './pdf-engine';

setPdfWorkerSrc(workerUrl);

export { fetchAndParsePdf } from './pdf-fetch';

// The worker start bench's comparison build (worker-start.mjs): pdf.js bundled into the service worker
// and evaluated at every start, as before docs/decisions/0006-pdf-offscreen.md. Never shipped.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { fetchAndParsePdf } from '../../background/pdf/pdf-fetch';

export const readPdfSource = fetchAndParsePdf;

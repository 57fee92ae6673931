/**
 * Where pdf.js's worker file sits in the built extension: vite.config.ts copies
 * pdfjs-dist/legacy/build/pdf.worker.min.mjs there unchanged, and pdf-reader.ts starts it from there.
 */
export const PDF_WORKER_FILE = 'pdfjs/pdf.worker.min.mjs';

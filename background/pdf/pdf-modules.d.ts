// pdf.js's worker module imported for its side effect (it sets `globalThis.pdfjsWorker`, pdf.js's in-thread
// "fake worker"); only the worker start bench's comparison build does (scripts/bench/pdf-in-worker.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';

// pdfjs-dist replaced for the worker start bench (worker-start.mjs): the extension built without pdf.js.
// Never shipped; a PDF read in that build fails with this message.
export function getDocument() {
  throw new Error('this build has no pdf.js (worker start bench)');
}

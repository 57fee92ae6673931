/**
 * The low-content notice: a big page that yields only a handful of controls is usually still loading
 * (a client-rendered app before its data arrives) or draws its interface on a <canvas> (maps, editors,
 * games), which no tree can read. Saying so keeps the model from concluding "there is nothing here".
 */

/** Fewer refs than this on a page counts as "few controls". */
const FEW_REFS = 5;
/** A page with at least this many elements, or a document this many viewports tall, is "big". */
const BIG_ELEMENTS = 300;
const BIG_VIEWPORTS = 3;
/** A canvas covering this share of the viewport is the page's main surface. */
const CANVAS_SHARE = 0.25;

function canvasShare(doc: Document): number {
  const view = doc.defaultView;
  if (!view || view.innerWidth === 0 || view.innerHeight === 0) return 0;
  let best = 0;
  for (const canvas of Array.from(doc.getElementsByTagName('canvas'))) {
    const r = canvas.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, view.innerWidth) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, view.innerHeight) - Math.max(r.top, 0));
    best = Math.max(best, (w * h) / (view.innerWidth * view.innerHeight));
  }
  return best;
}

/** Fewer lines than this: an article (few controls, many paragraphs) has content and gets no notice. */
const FEW_LINES = 15;

export function lowContentNotice(
  doc: Document,
  refCount: number,
  lineCount: number,
  elementCount: number,
): string | null {
  if (refCount >= FEW_REFS || lineCount >= FEW_LINES) return null;
  const view = doc.defaultView;
  const tall = view ? doc.documentElement.scrollHeight / Math.max(1, view.innerHeight) : 0;
  const canvas = canvasShare(doc);
  const loading = doc.readyState !== 'complete';
  if (elementCount < BIG_ELEMENTS && tall < BIG_VIEWPORTS && canvas < CANVAS_SHARE && !loading) return null;
  const why: string[] = [];
  if (canvas >= CANVAS_SHARE)
    why.push(`a <canvas> covers ${Math.round(canvas * 100)}% of the viewport: what it draws is not in any tree`);
  if (loading) why.push('the document is still loading');
  why.push('the page may still be rendering: call wait_for_stable (if you have it), then read again');
  return `low content: only ${refCount} control(s) among ${elementCount} elements; ${why.join('; ')}.`;
}

/**
 * Code editors that take keys through a hidden textarea and draw the document elsewhere: Monaco in its
 * textarea mode (Firefox always; Chrome with `editContext: false`), CodeMirror 5, Ace. The textarea is
 * a 1px box (or sits in a 0-height wrapper) and holds at most a window of the document around the
 * cursor, rewritten by the editor after every edit and selection change (Monaco: its screen-reader
 * page, `simplePagedScreenReaderStrategy`). Its value is therefore not the document: the document is
 * what the editor draws, read here from the visible surface around the textarea.
 */
import { isTextArea } from './element-info';
import { visualState } from './reachability';

/** The smallest box that can show a line of code: a smaller ancestor is a wrapper, not the editor. */
const MIN_W = 40;
const MIN_H = 16;

/** Gutters drawn beside the code (Monaco `.margin`/`.line-numbers`, CodeMirror 5 `-gutters`, Ace `ace_gutter`). */
const GUTTER = '[class*="gutter" i], [class*="line-number" i], [class*="linenumber" i], .margin';

/**
 * The visible editor surface around a hidden textarea, or null when `el` is not such a textarea (an
 * ordinary field, even a visually hidden one outside a drawn editor, keeps the ordinary methods).
 */
export function drawnSurface(el: Element): HTMLElement | null {
  if (!isTextArea(el) || visualState(el).hidden === null) return null;
  let p = el.parentElement;
  for (let depth = 0; p && depth < 4; p = p.parentElement, depth++) {
    const r = p.getBoundingClientRect();
    if (r.width >= MIN_W && r.height >= MIN_H && visualState(p).hidden === null) return p;
  }
  return null;
}

function innerTextOf(el: Element): string {
  return 'innerText' in el && typeof el.innerText === 'string' ? el.innerText : (el.textContent ?? '');
}

/**
 * The document as the editor draws it, without its gutter: each gutter's text (one line number per
 * line) is a block of its own in the surface's text, ahead of the code, and is cut out once.
 */
export function drawnText(surface: HTMLElement): string {
  let text = innerTextOf(surface);
  const gutters = [...surface.querySelectorAll(GUTTER)].filter((g) => !g.parentElement?.closest(GUTTER));
  for (const g of gutters) {
    const own = innerTextOf(g).trim();
    const at = own === '' ? -1 : text.indexOf(own);
    if (at >= 0) text = text.slice(0, at) + text.slice(at + own.length);
  }
  return text.replace(/\u00a0/g, ' ').trim();
}

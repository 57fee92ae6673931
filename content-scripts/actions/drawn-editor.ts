/**
 * Code editors that take keys through a hidden textarea and draw the document elsewhere: Monaco in its
 * textarea mode (Firefox always; Chrome with `editContext: false`), CodeMirror 5, Ace. The textarea is
 * a 1px box (or sits in a 0-height wrapper) and holds at most a window of the document around the
 * cursor, rewritten by the editor after every edit and selection change (Monaco: its screen-reader
 * page, `simplePagedScreenReaderStrategy`). Its value is therefore not the document: the document is
 * what the editor draws, read here from the visible surface around the textarea.
 *
 * Monaco in Chrome's default mode takes text through the EditContext API instead (W3C EditContext,
 * https://w3c.github.io/edit-context/): a `div` whose `editContext` receives the text input, holding
 * the same screen-reader window of the document as child text. It is drawn the same way, so it is
 * read and typed into the same way, with its own window left out of the document.
 */
import { isTextArea } from './element-info';
import { visualState } from './reachability';

/** The smallest box that can show a line of code: a smaller ancestor is a wrapper, not the editor. */
const MIN_W = 40;
const MIN_H = 16;

/** Gutters drawn beside the code (Monaco `.margin`/`.line-numbers`, CodeMirror 5 `-gutters`, Ace `ace_gutter`). */
const GUTTER = '[class*="gutter" i], [class*="line-number" i], [class*="linenumber" i], .margin';

/**
 * True when the element takes text through an EditContext (`HTMLElement.editContext`, Chrome 121+).
 * The property is read through Reflect: the TypeScript DOM library does not declare it yet, and
 * Firefox has no EditContext (there it is always absent).
 */
export function ownsEditContext(el: Element): el is HTMLElement {
  const ctx: unknown = Reflect.get(el, 'editContext');
  return typeof ctx === 'object' && ctx !== null;
}

/** The first ancestor (up to 4 up) with a box that can show a line of code and larger than `el`. */
function surfaceAbove(el: Element): HTMLElement | null {
  const own = el.getBoundingClientRect();
  let p = el.parentElement;
  for (let depth = 0; p && depth < 4; p = p.parentElement, depth++) {
    const r = p.getBoundingClientRect();
    const larger = r.width * r.height > own.width * own.height;
    if (r.width >= MIN_W && r.height >= MIN_H && larger && visualState(p).hidden === null) return p;
  }
  return null;
}

/**
 * The visible editor surface around a hidden textarea or an EditContext element, or null when `el`
 * is neither (an ordinary field, even a visually hidden one outside a drawn editor, keeps the
 * ordinary methods).
 */
export function drawnSurface(el: Element): HTMLElement | null {
  if (ownsEditContext(el)) return surfaceAbove(el);
  if (!isTextArea(el) || visualState(el).hidden === null) return null;
  return surfaceAbove(el);
}

function innerTextOf(el: Element): string {
  return 'innerText' in el && typeof el.innerText === 'string' ? el.innerText : (el.textContent ?? '');
}

/**
 * The surface's rendered text without one subtree (the EditContext element's own window of the
 * document, which innerText would count as drawn text): the blocks beside it, in order.
 */
function textWithout(root: Element, skip: Element): string {
  if (!root.contains(skip) || root === skip) return root === skip ? '' : innerTextOf(root);
  return [...root.children]
    .map((c) => textWithout(c, skip))
    .filter((t) => t !== '')
    .join('\n');
}

/**
 * The document as the editor draws it, without its gutter: each gutter's text (one line number per
 * line) is a block of its own in the surface's text, ahead of the code, and is cut out once. `input`
 * is the element that takes the keys, left out when its own text is rendered (an EditContext div).
 */
export function drawnText(surface: HTMLElement, input?: Element): string {
  let text = input && ownsEditContext(input) ? textWithout(surface, input) : innerTextOf(surface);
  const gutters = [...surface.querySelectorAll(GUTTER)].filter((g) => !g.parentElement?.closest(GUTTER));
  for (const g of gutters) {
    const own = innerTextOf(g).trim();
    const at = own === '' ? -1 : text.indexOf(own);
    if (at >= 0) text = text.slice(0, at) + text.slice(at + own.length);
  }
  return text.replace(/\u00a0/g, ' ').trim();
}

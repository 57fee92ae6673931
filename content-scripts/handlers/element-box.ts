/**
 * `element_box`: the box of the element behind a ref or a CSS selector, for the worker's screenshot
 * crop. An element not wholly inside the viewport is scrolled into view first (block "nearest", as a
 * person would scroll to look at it), because a child frame only paints what its own viewport shows.
 */
import { ElementBoxArgsSchema } from '../../shared/protocol/element-box';
import { err, ok, type Result } from '../../shared/result';
import { getRefRegistry } from '../ax/ref-registry';
import { queryComposed } from '../reads/query';
import type { ContentHandler } from './types';

function label(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const cls = [...el.classList]
    .slice(0, 2)
    .map((c) => `.${c}`)
    .join('');
  return `${el.tagName.toLowerCase()}${id}${cls}`.slice(0, 80);
}

/** Where the viewport sits in the page and how big the page is, read after any scroll (the reply's `scroll`, `content`). */
function pageGeometry(doc: Document): { scroll: { x: number; y: number }; content: { width: number; height: number } } {
  const view = doc.defaultView;
  const root = doc.documentElement;
  return {
    scroll: { x: view?.scrollX ?? 0, y: view?.scrollY ?? 0 },
    content: {
      width: Math.max(root.scrollWidth, doc.body?.scrollWidth ?? 0),
      height: Math.max(root.scrollHeight, doc.body?.scrollHeight ?? 0),
    },
  };
}

/**
 * The first element `selector` matches, searched as verify searches (reads/query.ts): the document
 * and every shadow root, closed ones included, so a web component's inner part can be cropped too.
 */
function find(doc: Document, selector: string): Result<{ el: Element; matches: number }> {
  const all = queryComposed(doc, selector);
  if (!all.ok) return all;
  const el = all.data[0];
  if (!el)
    return err(
      'element_not_found',
      `no element matches ${JSON.stringify(selector.slice(0, 80))} in this frame (shadow roots included); read the tree and pass a ref_id instead`,
    );
  return ok({ el, matches: all.data.length });
}

export const elementBoxHandler: ContentHandler = {
  name: 'element_box',
  run(args, doc) {
    const parsed = ElementBoxArgsSchema.safeParse(args);
    if (!parsed.success)
      return err('bad_arguments', `element_box: ${parsed.error.issues[0]?.message ?? 'bad arguments'}`);
    const view = doc.defaultView;
    const viewport = {
      width: doc.documentElement.clientWidth || (view?.innerWidth ?? 0),
      height: doc.documentElement.clientHeight || (view?.innerHeight ?? 0),
    };
    const dpr = view?.devicePixelRatio ?? 1;
    const { ref, selector } = parsed.data;
    if (ref === undefined && selector === undefined)
      return ok({ rect: { x: 0, y: 0, ...viewport }, viewport, dpr, ...pageGeometry(doc) });

    let el: Element;
    let matches: number | undefined;
    if (ref !== undefined) {
      const found = getRefRegistry(globalThis).resolve(ref);
      if (!found.ok) return found;
      el = found.data;
    } else {
      const found = find(doc, selector ?? '');
      if (!found.ok) return found;
      ({ el, matches } = found.data);
    }
    let rect = el.getBoundingClientRect();
    const name = ref ?? label(el);
    if (rect.width <= 0 || rect.height <= 0)
      return err(
        'no_box',
        `${name} has no box on screen (hidden, collapsed or display:none): there is nothing to capture; screenshot the viewport or another element`,
      );
    const inside = rect.top >= 0 && rect.left >= 0 && rect.bottom <= viewport.height && rect.right <= viewport.width;
    if (!inside) {
      el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      rect = el.getBoundingClientRect();
    }
    return ok({
      rect: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      viewport,
      dpr,
      ...(matches !== undefined ? { matches } : {}),
      label: label(el),
      ...pageGeometry(doc),
    });
  },
};

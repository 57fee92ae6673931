/**
 * A laid-out PDF as tree lines in the one grammar (shared/tree-line.ts):
 *
 *   region "Page 2 of 5"
 *    h2 "Results"
 *    paragraph: "The measured figures…"
 *     link "the data set" [ref_7] href="https://example.org/data"
 *    link "see page 4" href="#page=4"
 *
 * Each page is a region named "Page N of M", so a tree page that starts mid-document opens with
 * `[continues inside: region "Page 2 of 5"]` (shared/tree-page-context.ts). External links
 * carry a ref; internal links (a page of the same PDF) carry none: there is nothing to click, the
 * text is already in the tree. Pure: unit-tested on plain data.
 */
import { cap, printLine, type Capper } from '../../shared/tree-print';
import type { PdfBlock, PdfLayoutPage, PdfLink } from './pdf-layout';

/** A link of a loaded document with the ref it was given when the document was read. */
export type RefLink = PdfLink & { ref?: string };

export interface PdfRenderOptions {
  filter: 'all' | 'visible' | 'interactive';
  /** Print only the line of this ref (a link). */
  ref_id?: string;
  omit: readonly string[];
  capper: Capper;
}

const NO_TEXT_PAGE = '(no text layer on this page: scanned? use screenshot if your model has vision)';

function linkLine(link: RefLink, indent: number, capper: Capper): string {
  const href = link.url ?? (link.page !== undefined ? `#page=${link.page}` : '');
  return printLine({
    indent,
    role: 'link',
    ...(link.text ? { name: cap(link.text, capper) } : {}),
    ...(link.ref ? { ref: link.ref } : {}),
    ...(href && href !== link.text ? { attrs: { href: cap(href, { limit: 500, cut: 0 }) } } : {}),
  });
}

function omitted(role: string, text: string, omit: readonly string[]): boolean {
  if (omit.length === 0) return false;
  const hay = `${role} ${text}`.toLowerCase();
  return omit.some((p) => hay.includes(p.toLowerCase()));
}

function blockLines(block: PdfBlock, o: PdfRenderOptions): string[] {
  if (block.kind === 'link') {
    if (omitted('link', block.link.text, o.omit)) return [];
    return [linkLine(block.link, 1, o.capper)];
  }
  const links: RefLink[] = block.links;
  // A paragraph that is nothing but one link ("Visit the home page") prints as that link alone.
  const [only] = links;
  if (block.kind === 'paragraph' && links.length === 1 && only?.text === block.text)
    return omitted('link', only.text, o.omit) ? [] : [linkLine(only, 1, o.capper)];
  // Under the 'interactive' filter the block prints no line, so its links move up one level.
  const depth = o.filter === 'interactive' ? 1 : 2;
  const children = links.filter((l) => !omitted('link', l.text, o.omit)).map((l) => linkLine(l, depth, o.capper));
  if (o.filter === 'interactive') return children;
  if (omitted(block.kind, block.text, o.omit)) return [];
  const text = cap(block.text, o.capper);
  const head =
    block.kind === 'heading'
      ? printLine({
          indent: 1,
          role: 'heading',
          name: text,
          states: [`level=${Math.min(6, Math.max(1, block.level))}`],
        })
      : printLine({ indent: 1, role: 'paragraph', text });
  return [head, ...children];
}

/** Every line of the document (or of one link, for a ref_id zoom), page regions included. */
export function renderPdf(pages: readonly PdfLayoutPage[], o: PdfRenderOptions): string[] {
  if (o.ref_id !== undefined) {
    for (const page of pages)
      for (const b of page.blocks) {
        const links: RefLink[] = b.kind === 'link' ? [b.link] : b.links;
        const hit = links.find((l) => l.ref === o.ref_id);
        if (hit) return [linkLine(hit, 0, o.capper)];
      }
    return [];
  }
  const out: string[] = [];
  pages.forEach((page, i) => {
    const body = page.blocks.flatMap((b) => blockLines(b, o));
    if (o.filter === 'interactive' && body.length === 0) return;
    out.push(printLine({ role: 'region', name: `Page ${i + 1} of ${pages.length}` }));
    if (page.chars === 0 && o.filter !== 'interactive')
      out.push(printLine({ indent: 1, role: 'text', name: NO_TEXT_PAGE }));
    out.push(...body);
  });
  return out;
}

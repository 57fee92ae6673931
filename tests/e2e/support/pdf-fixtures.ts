/**
 * PDF fixtures, generated at test time with pdf-lib (no committed binaries): a report of several
 * pages with headings (larger type), paragraphs, external links (URI actions) and an internal link
 * (a GoTo to page 1), and a "scanned" PDF that is one image per page with no text layer. Used by
 * tests/e2e/pdf.e2e.ts and the PDF section of `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { ROOT } from './paths';

const BODY = 11;
const LINE = 15;
const MARGIN = 56;

export const REPORT_TITLE = 'Annual Report of the Weaverbird Society';

function lorem(seed: number, words: number): string {
  const pool =
    'river delta nest weaver grass colony season rain seed branch thread knot flock morning survey count'.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(pool[(seed * 7 + i * 3) % pool.length] ?? 'nest');
  return out.join(' ');
}

function addLink(doc: PDFDocument, page: PDFPage, rect: number[], action: { url?: string; page?: PDFPage }): void {
  const base = { Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0] };
  const annot = action.url
    ? doc.context.obj({ ...base, A: { Type: 'Action', S: 'URI', URI: PDFString.of(action.url) } })
    : doc.context.obj({ ...base, Dest: [action.page?.ref ?? null, PDFName.of('XYZ'), null, null, null] });
  page.node.addAnnot(doc.context.register(annot));
}

/** Writes lines top-down; returns the next baseline. */
function write(page: PDFPage, font: PDFFont, text: string, y: number, size = BODY): number {
  page.drawText(text, { x: MARGIN, y, size, font });
  return y - (size > BODY ? size * 1.8 : LINE);
}

/** A paragraph of `lines` lines, then a blank line. */
function paragraph(page: PDFPage, font: PDFFont, seed: number, lines: number, y: number): number {
  let at = y;
  for (let i = 0; i < lines; i++) at = write(page, font, lorem(seed + i, 11), at);
  return at - LINE;
}

/**
 * The report: `pages` pages (at least 3). Page 1 has the title, an introduction and a link to
 * `homeUrl`; page 2 a link to https://example.org/data; page 3 an internal link back to page 1;
 * every page a section heading and paragraphs; later pages only text (for the bench).
 */
export async function makeReportPdf(homeUrl: string, pages = 3): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(REPORT_TITLE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const all: PDFPage[] = [];
  for (let n = 1; n <= Math.max(3, pages); n++) {
    const page = doc.addPage([595, 842]);
    all.push(page);
    let y = 842 - MARGIN;
    if (n === 1) y = write(page, bold, REPORT_TITLE, y, 22);
    y = write(page, bold, `${n}. Section ${['Introduction', 'Methods', 'Results'][n - 1] ?? `Appendix ${n}`}`, y, 16);
    y = paragraph(page, font, n * 10, 4, y);
    if (n === 1) {
      const label = 'Visit the society home page';
      page.drawText(label, { x: MARGIN, y, size: BODY, font });
      addLink(doc, page, [MARGIN, y - 2, MARGIN + font.widthOfTextAtSize(label, BODY), y + BODY], { url: homeUrl });
      y -= LINE * 2;
    }
    if (n === 2) {
      const before = 'The raw counts are in ';
      const label = 'the open data set';
      page.drawText(before + label + ' for everyone.', { x: MARGIN, y, size: BODY, font });
      const x = MARGIN + font.widthOfTextAtSize(before, BODY);
      addLink(doc, page, [x, y - 2, x + font.widthOfTextAtSize(label, BODY), y + BODY], {
        url: 'https://example.org/data',
      });
      y -= LINE * 2;
    }
    if (n === 3) {
      const label = 'Back to the introduction';
      page.drawText(label, { x: MARGIN, y, size: BODY, font });
      addLink(doc, page, [MARGIN, y - 2, MARGIN + font.widthOfTextAtSize(label, BODY), y + BODY], {
        page: all[0],
      });
      y -= LINE * 2;
    }
    y = write(page, bold, `${n}.1 Details`, y, 13);
    for (let p = 0; p < 6 && y > MARGIN + LINE * 5; p++) y = paragraph(page, font, n * 100 + p, 4, y);
  }
  return doc.save();
}

/** Pages that are only an image: what a scanner produces without OCR. */
export async function makeScannedPdf(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(readFileSync(path.join(ROOT, 'assets/icons/icon-128.png')));
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage([595, 842]);
    page.drawImage(png, { x: 100, y: 300, width: 395, height: 395 });
  }
  return doc.save();
}

import { describe, expect, it } from 'vitest';
import { layoutPdf, type PdfRun } from './pdf-layout';
import { renderPdf } from './pdf-render';

const W = 5.5; // a fixed advance per character, enough for these tests
const run = (str: string, y: number, size = 11, x = 50): PdfRun => ({ str, x, y, width: str.length * W, size });

describe('layoutPdf', () => {
  it('finds headings by size, joins close lines into paragraphs and splits at gaps', () => {
    const [page] = layoutPdf([
      {
        runs: [
          run('Title', 800, 22),
          run('Section', 760, 16),
          run('first line of a para-', 730),
          run('graph continues here', 715),
          run('another paragraph', 670),
        ],
        links: [],
      },
    ]);
    expect(page?.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Title', links: [] },
      { kind: 'heading', level: 2, text: 'Section', links: [] },
      { kind: 'paragraph', text: 'first line of a paragraph continues here', links: [] },
      { kind: 'paragraph', text: 'another paragraph', links: [] },
    ]);
  });

  it('names a link by the words its rectangle covers inside a longer run', () => {
    const sentence = 'The raw counts are in the open data set for everyone.';
    const start = 50 + 'The raw counts are in '.length * W;
    const end = start + 'the open data set'.length * W;
    const [page] = layoutPdf([
      { runs: [run(sentence, 700)], links: [{ rect: [start, 698, end, 711], url: 'https://example.org/data' }] },
    ]);
    expect(page?.blocks[0]).toMatchObject({
      kind: 'paragraph',
      text: sentence,
      links: [{ text: 'the open data set', url: 'https://example.org/data' }],
    });
  });

  it('takes heading levels from the outline and lists links over no text on their own', () => {
    const [page] = layoutPdf(
      [{ runs: [run('Summary', 700), run('body', 650)], links: [{ rect: [0, 0, 10, 10], page: 2 }] }],
      [{ title: 'Summary', depth: 2 }],
    );
    expect(page?.blocks[0]).toMatchObject({ kind: 'heading', level: 2, text: 'Summary' });
    expect(page?.blocks.at(-1)).toEqual({ kind: 'link', link: { text: '', page: 2 } });
  });

  it('renders pages as regions, says when a page has no text, and keeps lines parseable', () => {
    const pages = layoutPdf([
      { runs: [run('Hello "world"', 700)], links: [] },
      { runs: [], links: [] },
    ]);
    const lines = renderPdf(pages, { filter: 'all', omit: [], capper: { limit: 300, cut: 0 } });
    expect(lines).toEqual([
      'region "Page 1 of 2"',
      ' paragraph: "Hello \\"world\\""',
      'region "Page 2 of 2"',
      ' "(no text layer on this page: scanned? use screenshot if your model has vision)"',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { collapsedLines } from './collapsed-content';

describe('collapsedLines', () => {
  it('names "more" controls and collapsed sections as printed tree lines with refs, once each', () => {
    const tree = [
      'main',
      ' article',
      '  h2 "Re: launch plan"',
      '  button "Show 4 more replies" [ref_12]',
      '  button "Expand all" [ref_13]',
      '  link "View 2 replies" [ref_14] href="/t/1"',
      '  button "Quoted text" [ref_15] {collapsed}',
      '  button "Show less" [ref_16]',
      '  button "More options" [ref_17] {collapsed}',
      '  combobox "Sort by" [ref_18] {collapsed}',
      '  button "Reply" [ref_19]',
      '  "Show more"',
      '  button "Load more comments" [ref_12]',
      ' row [ref_20]: Ada | button "Read more" [ref_21]',
    ].join('\n');
    expect(collapsedLines(tree)).toEqual([
      'button "Show 4 more replies" [ref_12]',
      'button "Expand all" [ref_13]',
      'link "View 2 replies" [ref_14] href="/t/1"',
      'button "Quoted text" [ref_15] {collapsed}',
      'button "Read more" [ref_21]',
    ]);
  });

  it('finds nothing in a tree with no collapsed content', () => {
    expect(collapsedLines('h1 "Notes"\n button "Save" [ref_1]\n button "Menu" [ref_2] {expanded}')).toEqual([]);
  });
});

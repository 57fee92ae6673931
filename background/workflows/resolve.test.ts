import { describe, expect, it } from 'vitest';
import type { FindPageCandidate } from '../../shared/find-schemas';
import type { BrowserFrame } from '../frames/frame-store';
import { exactMatches, framesFor } from './resolve';

const cand = (ref: string, line: string, context?: string): FindPageCandidate => ({
  ref,
  line,
  score: 50,
  actionable: true,
  box: null,
  ...(context ? { context } : {}),
});

describe('exactMatches', () => {
  const candidates = [
    cand('ref_1', 'button "Save customer" [ref_1]'),
    cand('ref_2', 'button "Save customer draft" [ref_2]'),
    cand('ref_3', 'link "Save customer" [ref_3] href=/save'),
    cand('ref_4', 'textbox "Customer name" [ref_4] value="Ada"'),
    cand('ref_5', 'h2 "Orders" [ref_5]'),
  ];

  it('keeps only the same role and the same name (case and spaces aside)', () => {
    expect(exactMatches(candidates, { role: 'button', name: 'save  Customer' }).map((c) => c.ref)).toEqual(['ref_1']);
    expect(exactMatches(candidates, { role: 'textbox', name: 'Customer name' }).map((c) => c.ref)).toEqual(['ref_4']);
    expect(exactMatches(candidates, { role: 'link', name: 'Save customer' }).map((c) => c.ref)).toEqual(['ref_3']);
  });

  it('a synonym or another role is not a match (that step goes to the healer)', () => {
    expect(exactMatches(candidates, { role: 'button', name: 'Store customer' })).toEqual([]);
    expect(exactMatches(candidates, { role: 'checkbox', name: 'Save customer' })).toEqual([]);
  });

  it('reads a printed heading level as the heading role, and a cut name by its shown part', () => {
    expect(exactMatches(candidates, { role: 'heading', name: 'Orders' }).map((c) => c.ref)).toEqual(['ref_5']);
    const long = [cand('ref_9', 'button "Send the quarterly report to…" [ref_9]')];
    expect(exactMatches(long, { role: 'button', name: 'Send the quarterly report to finance' })).toHaveLength(1);
  });
});

describe('framesFor', () => {
  const frame = (id: string, chromeFrameId: number, url: string, parent: string | null = 'f0'): BrowserFrame => ({
    id,
    chromeFrameId,
    parent,
    parentChromeFrameId: parent === null ? -1 : 0,
    url,
    documentId: undefined,
    errorOccurred: false,
  });
  const live = [
    frame('f0', 0, 'https://shop.test/', null),
    frame('f1', 11, 'https://ads.test/x'),
    frame('f2', 12, 'https://shop.test/form'),
    frame('f3', 13, 'https://shop.test/other'),
  ];
  const target = { role: 'button', name: 'Save' };

  it('searches the page for a target recorded there (or recorded before frames were stored)', () => {
    expect(framesFor(target, live)).toEqual([{ chromeFrameId: 0, id: 'f0' }]);
    expect(framesFor({ ...target, frame: 'f0', frameOrigin: 'https://shop.test' }, live)).toEqual([
      { chromeFrameId: 0, id: 'f0' },
    ]);
  });

  it("searches only child frames of the stored origin, the stored id first, never another site's", () => {
    expect(framesFor({ ...target, frame: 'f3', frameOrigin: 'https://shop.test' }, live)).toEqual([
      { chromeFrameId: 13, id: 'f3' },
      { chromeFrameId: 12, id: 'f2' },
    ]);
    expect(framesFor({ ...target, frame: 'f9', frameOrigin: 'https://pay.test' }, live)).toEqual([]);
  });
});

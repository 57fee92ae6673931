import { describe, expect, it } from 'vitest';
import { assignFrameIds, chromeIdFor, emptyFrameIdState, fidFor, isFrameIdState } from './frame-ids';
import { parseQualifiedRef, qualifyRef, qualifyRefsInText } from './qualified-ref';

const f = (frameId: number, parentFrameId: number) => ({ frameId, parentFrameId, url: `u${frameId}` });

describe('assignFrameIds', () => {
  it('gives f0 to the main frame and mints children parent-first', () => {
    const { state } = assignFrameIds(emptyFrameIdState(), [f(30, 10), f(0, -1), f(10, 0), f(20, 0)]);
    expect([0, 10, 20, 30].map((id) => fidFor(state, id))).toEqual(['f0', 'f1', 'f2', 'f3']);
    expect(chromeIdFor(state, 'f3')).toBe(30);
  });

  it('keeps ids of frames that stay and never reuses a departed id', () => {
    const one = assignFrameIds(emptyFrameIdState(), [f(0, -1), f(10, 0), f(20, 0)]).state;
    const two = assignFrameIds(one, [f(0, -1), f(20, 0), f(40, 0)]);
    expect(two.changed).toBe(true);
    expect(fidFor(two.state, 20)).toBe('f2');
    expect(fidFor(two.state, 40)).toBe('f3');
    expect(fidFor(two.state, 10)).toBeUndefined();
    expect(assignFrameIds(two.state, [f(0, -1), f(20, 0), f(40, 0)]).changed).toBe(false);
  });

  it('survives a parent cycle in a malformed inventory', () => {
    const { state } = assignFrameIds(emptyFrameIdState(), [f(1, 2), f(2, 1)]);
    expect(Object.keys(state.ids)).toHaveLength(2);
  });

  it('validates stored state', () => {
    expect(isFrameIdState({ next: 3, ids: { '0': 'f0', '12': 'f2' } })).toBe(true);
    expect(isFrameIdState({ next: 0, ids: {} })).toBe(false);
    expect(isFrameIdState({ next: 2, ids: { x: 'f1' } })).toBe(false);
    expect(isFrameIdState({ next: 2, ids: { '1': 'frame1' } })).toBe(false);
  });
});

describe('qualified refs', () => {
  it('parses plain, qualified and main-frame-qualified refs', () => {
    expect(parseQualifiedRef('ref_3')).toEqual({ frame: 'f0', localRef: 'ref_3', qualified: false });
    expect(parseQualifiedRef('f12:ref_3')).toEqual({ frame: 'f12', localRef: 'ref_3', qualified: true });
    expect(parseQualifiedRef('f0:ref_9')).toEqual({ frame: 'f0', localRef: 'ref_9', qualified: true });
    expect(parseQualifiedRef('f1:ref_0')).toBeNull();
    expect(parseQualifiedRef('frame1:ref_2')).toBeNull();
    expect(parseQualifiedRef('ref_3 ')).not.toBeNull();
  });

  it('qualifies bare refs in text only, leaving other tokens alone', () => {
    const text = 'button "Go" [ref_4]\nread it with ref_id "ref_12"; f3:ref_5 stays; xref_1 and ref_id stay';
    expect(qualifyRefsInText(text, 'f2')).toBe(
      'button "Go" [f2:ref_4]\nread it with ref_id "f2:ref_12"; f3:ref_5 stays; xref_1 and ref_id stay',
    );
    expect(qualifyRefsInText(text, 'f0')).toBe(text);
    expect(qualifyRef('f0', 'ref_1')).toBe('ref_1');
    expect(qualifyRef('f7', 'ref_1')).toBe('f7:ref_1');
  });
});

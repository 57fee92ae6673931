import { describe, expect, it } from 'vitest';
import { DomQuiet } from './stable-frames';

const quietFor = (ms: number, readyState = 'complete', ageMs = 60_000) => ({
  msSinceMutation: ms,
  started: false,
  readyState,
  ageMs,
});

describe('DomQuiet', () => {
  it('keeps the latest change over every frame and names where it was', () => {
    const q = new DomQuiet(1_000);
    q.round();
    q.note('the page', 5_000, quietFor(3_000));
    q.note('frame f1', 5_000, quietFor(40));
    expect(q.lastChange).toBe(4_960);
    expect(q.busy(5_100)).toBe('frame f1 changed 140 ms ago');
  });

  it('counts a frame that did not answer as changing now', () => {
    const q = new DomQuiet(1_000);
    q.round();
    q.note('the page', 5_000, quietFor(3_000));
    q.note('frame f2', 5_000, null);
    expect(q.lastChange).toBe(5_000);
    expect(q.busy(5_000)).toBe('frame f2 changed 0 ms ago');
  });

  it('says which document is still loading, judged afresh each round', () => {
    const q = new DomQuiet(0);
    q.round();
    q.note('frame f3', 2_000, quietFor(1_500, 'interactive', 900));
    expect(q.busy(2_000)).toBe('frame f3 is still loading (document.readyState "interactive")');
    q.round();
    q.note('frame f3', 2_500, quietFor(400));
    expect(q.busy(2_600)).toBe('frame f3 changed 500 ms ago');
  });
});

import { describe, expect, it } from 'vitest';
import { DomQuiet, frameNotes } from './stable-frames';

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

describe('frameNotes', () => {
  it('counts judged frames and says nothing when every frame answered', () => {
    expect(frameNotes(2, 0, [])).toEqual({ framesWatched: 2 });
    expect(frameNotes(0, 0, [])).toEqual({});
  });

  it('names a frame that never answered as not judged, beside the other sites', () => {
    expect(frameNotes(2, 1, ['frame f3'])).toEqual({
      framesWatched: 1,
      framesNotWatched:
        '1 iframe(s) of other sites; frame f3: never answered (frozen by its script, never loaded, or a data: page), not judged',
    });
    expect(frameNotes(1, 0, ['frame f2'])).toEqual({
      framesNotWatched: 'frame f2: never answered (frozen by its script, never loaded, or a data: page), not judged',
    });
  });
});

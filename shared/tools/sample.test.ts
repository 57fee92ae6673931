import { describe, expect, it } from 'vitest';
import { summarise, thin, type SamplePoint } from './sample';

const pts = (values: number[], every = 100): SamplePoint[] => values.map((value, i) => ({ tMs: i * every, value }));

describe('sample summary', () => {
  it('says where it started, ended, peaked and when it first and last changed', () => {
    expect(summarise(pts([0, 0, 200, 200, 0, 0]))).toEqual({
      first: 0,
      last: 0,
      min: 0,
      max: 200,
      changes: 2,
      firstChangeMs: 200,
      lastChangeMs: 400,
    });
    expect(summarise(pts([5, 5, 5]))).toMatchObject({ changes: 0, firstChangeMs: null, lastChangeMs: null });
  });

  it('thins a long series keeping the ends and every change, in time order', () => {
    const long = pts(
      Array.from({ length: 300 }, (_, i) => (i === 150 || i === 151 ? 9 : 1)),
      10,
    );
    const kept = thin(long, 20);
    expect(kept).toHaveLength(20);
    expect(kept[0]?.tMs).toBe(0);
    expect(kept.at(-1)?.tMs).toBe(2990);
    expect(kept.map((p) => p.tMs)).toContain(1500);
    expect(kept.map((p) => p.tMs)).toContain(1520);
    expect([...kept].sort((a, b) => a.tMs - b.tMs)).toEqual(kept);
    expect(thin(pts([1, 2]), 20)).toHaveLength(2);
  });
});

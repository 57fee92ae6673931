import { describe, expect, it } from 'vitest';
import { axRecovery, keepAxPayload, noteAxRead } from './ax-recovery';

describe('ax recovery', () => {
  it('keeps the last four payloads per tab, newest first, each with its read and ref map', async () => {
    for (let i = 1; i <= 5; i++) {
      const r = await keepAxPayload(7, 'https://a.example/', undefined, { nodes: [{ nodeId: String(i) }] });
      noteAxRead(r, `cax-x-${i}`, new Map([[100 + i, `ref_${i}`]]));
    }
    const kept = axRecovery(7);
    expect(kept.map((k) => k.revision)).toEqual(['cax-x-5', 'cax-x-4', 'cax-x-3', 'cax-x-2']);
    expect(kept[0]?.json).toBe('{"nodes":[{"nodeId":"5"}]}');
    expect(kept[0]?.refs).toEqual({ '105': 'ref_5' });
    expect(kept[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps at most four tabs, dropping the least recently read', async () => {
    for (const tab of [1, 2, 3, 4, 5]) await keepAxPayload(tab, 'https://b.example/', undefined, { tab });
    expect(axRecovery(1)).toEqual([]);
    expect(axRecovery(5)).toHaveLength(1);
    expect(new Set(axRecovery().map((r) => r.tabId))).toEqual(new Set([2, 3, 4, 5]));
  });
});

import { describe, expect, it } from 'vitest';
import { cutBody } from './trace';

describe('trace body cut', () => {
  it('keeps short bodies whole', () => {
    expect(cutBody('x'.repeat(64_000))).toHaveLength(64_000);
  });
  it('keeps the head and the long tail of a long body, where the newest tool results are', () => {
    const body = `${'h'.repeat(4_000)}${'m'.repeat(100_000)}${'newest tool result'.padStart(60_000, 't')}`;
    const cut = cutBody(body);
    expect(cut.startsWith('h'.repeat(4_000))).toBe(true);
    expect(cut.endsWith('newest tool result')).toBe(true);
    expect(cut).toContain(`[trace cut: 100000 of ${body.length} chars omitted here]`);
    expect(cut).not.toContain('mm');
  });
});

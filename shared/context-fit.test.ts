import { describe, expect, it } from 'vitest';
import { contextWindowWarning, minContextWindow } from './context-fit';

describe('context fit', () => {
  it('an 8,000-token window holds a Compact task; Full needs more', () => {
    expect(minContextWindow('compact')).toBeLessThanOrEqual(8_000);
    expect(contextWindowWarning(8_000, 'compact')).toBeNull();
    expect(contextWindowWarning(4_096, 'compact')).toMatch(/4,096-token window cannot hold/);
    expect(contextWindowWarning(4_096, 'full')).toMatch(/Compact tier/);
    expect(contextWindowWarning(128_000, 'full')).toBeNull();
  });
});

/**
 * The per-tab ref floor (issue 10, item 6): never goes down, survives a worker restart through
 * chrome.storage.session (a fresh module instance over the same storage stands for the restart).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSessionStorage } from '../../tests/unit-support/fake-session';

// Files share one module graph (isolate: false, vitest.config.ts): start from fresh modules.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('ref floor', () => {
  it('starts at 0, follows the highest reported mark, never goes down', async () => {
    const { noteRefHigh, refFloor, forgetRefFloor } = await import('./ref-floor');
    expect(await refFloor(7)).toBe(0);
    await noteRefHigh(7, 40);
    await noteRefHigh(7, 12);
    expect(await refFloor(7)).toBe(40);
    await Promise.all([noteRefHigh(7, 90), noteRefHigh(7, 60), noteRefHigh(7, 75)]);
    expect(await refFloor(7)).toBe(90);
    await noteRefHigh(7, -1);
    await noteRefHigh(7, 1.5);
    expect(await refFloor(7)).toBe(90);
    expect(await refFloor(8)).toBe(0);
    await forgetRefFloor(7);
    expect(await refFloor(7)).toBe(0);
  });

  it('keeps the floor across a worker restart (chrome.storage.session)', async () => {
    const session = fakeSessionStorage();
    vi.stubGlobal('chrome', { storage: { session }, tabs: { onRemoved: { addListener: () => undefined } } });
    const before = await import('./ref-floor');
    await before.noteRefHigh(3, 55);
    vi.resetModules();
    const after = await import('./ref-floor');
    expect(after).not.toBe(before);
    expect(await after.refFloor(3)).toBe(55);
  });
});

import { describe, expect, it } from 'vitest';
import { ACTION_WINDOW, isActivity, windowVerdict } from './quiet-window';

const at = (now: number, lastActivityAt = 0, navigating = false) =>
  windowVerdict({ startedAt: 0, lastActivityAt, now, navigating });

describe('the adaptive observation window', () => {
  it('ends a click that changed nothing once the minimum and a quiet settle have passed', () => {
    expect(at(10)).toBe('wait');
    expect(at(ACTION_WINDOW.minMs)).toBe('wait');
    expect(at(ACTION_WINDOW.quietMs)).toBe('quiet');
    expect(Math.max(ACTION_WINDOW.minMs, ACTION_WINDOW.quietMs)).toBeLessThanOrEqual(40);
  });

  it('extends while things happen, a settle after each change', () => {
    expect(at(100, 90)).toBe('wait');
    expect(at(90 + ACTION_WINDOW.quietMs, 90)).toBe('quiet');
    expect(at(1500, 1490)).toBe('wait');
  });

  it('never runs past the cap, however busy the page', () => {
    expect(at(ACTION_WINDOW.maxMs - 1, ACTION_WINDOW.maxMs - 2)).toBe('wait');
    expect(at(ACTION_WINDOW.maxMs, ACTION_WINDOW.maxMs)).toBe('cap');
    expect(ACTION_WINDOW.maxMs).toBe(2000);
  });

  it('stops at once when the page navigates', () => {
    expect(at(1, 1, true)).toBe('navigating');
  });

  it('honours a longer minimum (before a trusted retry, a hover delay)', () => {
    const rule = { ...ACTION_WINDOW, minMs: 400 };
    expect(windowVerdict({ startedAt: 0, lastActivityAt: 0, now: 399, navigating: false }, rule)).toBe('wait');
    expect(windowVerdict({ startedAt: 0, lastActivityAt: 0, now: 400, navigating: false }, rule)).toBe('quiet');
  });

  it('waits for two rendered frames, where observers start a feed fetch, but not past frameWaitMs', () => {
    const v = (now: number, frames: number) =>
      windowVerdict({ startedAt: 0, lastActivityAt: 0, now, navigating: false, frames });
    // A loaded machine: the quiet settle has passed, the frame has not come yet.
    expect(v(80, 0)).toBe('wait');
    expect(v(80, 1)).toBe('wait');
    expect(v(80, ACTION_WINDOW.minFrames)).toBe('quiet');
    // A throttled document never renders: the floor gives way, the window still ends.
    expect(v(ACTION_WINDOW.frameWaitMs - 1, 0)).toBe('wait');
    expect(v(ACTION_WINDOW.frameWaitMs, 0)).toBe('quiet');
    // On a quiet machine two frames (about 33 ms at 60 Hz) come before the settle ends: no cost.
    expect(ACTION_WINDOW.minFrames * (1000 / 60)).toBeLessThan(ACTION_WINDOW.minMs + ACTION_WINDOW.quietMs);
  });

  it('counts every DOM change as activity except style rewrites (animations, hover styling)', () => {
    expect(isActivity({ type: 'childList' })).toBe(true);
    expect(isActivity({ type: 'characterData' })).toBe(true);
    expect(isActivity({ type: 'attributes', attributeName: 'aria-expanded' })).toBe(true);
    expect(isActivity({ type: 'attributes', attributeName: 'style' })).toBe(false);
  });
});

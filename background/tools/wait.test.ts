import { describe, expect, it } from 'vitest';
import { waitMissed } from './wait';

describe('waitMissed', () => {
  it('counts a wait that ran out of time as not a success, and nothing else', () => {
    expect(waitMissed('wait_for', { holds: false, waitedMs: 5000 })).toBe(true);
    expect(waitMissed('wait_for_stable', { stable: false, waitedMs: 5000 })).toBe(true);
    expect(waitMissed('wait_for', { holds: true, waitedMs: 20 })).toBe(false);
    expect(waitMissed('wait_for_stable', { stable: true })).toBe(false);
    expect(waitMissed('verify', { holds: false })).toBe(false);
    expect(waitMissed('wait_for', null)).toBe(false);
  });
});

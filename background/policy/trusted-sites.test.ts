import { describe, expect, it } from 'vitest';
import { canTrust, grantCovers, HOUR_MS } from './trusted-sites';

describe('trust grants', () => {
  const O = 'https://pay.example';
  it('covers one origin, one kind, one task', () => {
    const g = { origin: O, kind: 'click', taskId: 't1' };
    expect(grantCovers(g, 't1', O, 'click', 0)).toBe(true);
    expect(grantCovers(g, 't2', O, 'click', 0)).toBe(false);
    expect(grantCovers(g, 't1', O, 'submit', 0)).toBe(false);
    expect(grantCovers(g, 't1', 'https://shop.example', 'click', 0)).toBe(false);
  });
  it('a timed grant spans tasks until it expires', () => {
    const g = { origin: O, kind: 'click', until: 1000 + HOUR_MS };
    expect(grantCovers(g, 'any', O, 'click', 1000)).toBe(true);
    expect(grantCovers(g, 'any', O, 'click', 1000 + HOUR_MS)).toBe(false);
  });
  it('never for opaque or unknown origins, nor execute_js', () => {
    expect(canTrust('null', 'click')).toBe(false);
    expect(canTrust('unknown', 'click')).toBe(false);
    expect(canTrust('file://', 'click')).toBe(false);
    expect(canTrust(O, 'execute_js')).toBe(false);
    expect(canTrust(O, 'navigate')).toBe(true);
    expect(grantCovers({ origin: 'null', kind: 'click', taskId: 't' }, 't', 'null', 'click', 0)).toBe(false);
  });
});

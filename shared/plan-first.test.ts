import { describe, expect, it } from 'vitest';
import { planFirstByDefault, planFromText, planOrigins, planRequiredFor, planText } from './plan-first';

describe('plan first rules', () => {
  it('is on by default for Compact and Mid models, off for Full, never in Ask mode', () => {
    expect(['compact', 'mid', 'full'].map((t) => planFirstByDefault(t as 'compact'))).toEqual([true, true, false]);
    expect(planRequiredFor('act', true)).toBe(true);
    expect(planRequiredFor('dev', true)).toBe(true);
    expect(planRequiredFor('ask', true)).toBe(false);
    expect(planRequiredFor('act', false)).toBe(false);
  });

  it('turns sites into http(s) origins, reading bare hosts as https', () => {
    expect(planOrigins(['https://shop.example/cart?x=1', 'shop.example', 'http://127.0.0.2:8080/a', ' '])).toEqual({
      ok: true,
      data: ['https://shop.example', 'http://127.0.0.2:8080'],
    });
    const bad = planOrigins(['javascript:alert(1)']);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/not an http\(s\) site.*https:\/\/shop\.example/);
    expect(planOrigins(['file:///etc/passwd']).ok).toBe(false);
    expect(planOrigins(['exa mple']).ok).toBe(false);
    expect(planOrigins(['mailto:a@b.example']).ok).toBe(false);
    expect(planOrigins(['https://user:pw@b.example']).ok).toBe(false);
    expect(planOrigins(['localhost:8080'])).toEqual({ ok: true, data: ['https://localhost:8080'] });
  });

  it('reads the edit box back into a plan and prints a plan for the model', () => {
    const plan = planFromText(
      '1. Open the cart\n\n2) Pay\n',
      'https://a.example, b.example\nhttps://c.example',
      ' none ',
    );
    expect(plan).toEqual({
      steps: ['Open the cart', 'Pay'],
      sites: ['https://a.example', 'b.example', 'https://c.example'],
      changes: 'none',
    });
    expect(planText({ ...plan, sites: ['https://a.example'] })).toBe(
      'Steps:\n1. Open the cart\n2. Pay\nSites: https://a.example\nChanges: none',
    );
  });
});

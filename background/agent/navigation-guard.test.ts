import { describe, expect, it } from 'vitest';
import { buildGuardRules } from './navigation-guard';

describe('buildGuardRules', () => {
  it('blocks top-level loads the task hosts start, and allows each allowed origin by host and port', () => {
    const rules = buildGuardRules(
      { start: 'http://127.0.0.1:8123', approved: ['https://docs.example.com'] },
      [7, 8, 9],
    );
    expect(rules).toHaveLength(3);
    expect(rules[0]).toMatchObject({
      id: 7,
      priority: 1,
      action: { type: 'block' },
      condition: { initiatorDomains: ['127.0.0.1', 'docs.example.com'], resourceTypes: ['main_frame'] },
    });
    const allow = rules.slice(1).map((r) => r.condition.regexFilter ?? '');
    expect(rules[1]).toMatchObject({ id: 8, priority: 2, action: { type: 'allow' } });
    // The port is part of the match: DNR domains ignore ports, and the attacker may be the same host.
    expect(allow[0]).toBe('^https?://127\\.0\\.0\\.1:8123/');
    const re = new RegExp(allow[0] ?? '');
    expect(re.test('http://127.0.0.1:8123/page?x=1')).toBe(true);
    expect(re.test('http://127.0.0.1:9999/w?d=TOKEN')).toBe(false);
    expect(re.test('http://127.0.0.1:81234/')).toBe(false);
    // A default port is absent from request URLs, so it is absent from the filter.
    expect(allow[1]).toBe('^https?://docs\\.example\\.com/');
    expect(new RegExp(allow[1] ?? '').test('https://docs.example.com.evil.test/')).toBe(false);
  });

  it("counts the hosts of the task's frames as initiators (a cross-origin frame's window.open)", () => {
    const rules = buildGuardRules({ start: 'http://127.0.0.1:8123', approved: [] }, [1, 2], ['127.0.0.2', '127.0.0.1']);
    expect(rules[0]?.condition.initiatorDomains).toEqual(['127.0.0.1', '127.0.0.2']);
    expect(rules[1]?.condition).toMatchObject({ initiatorDomains: ['127.0.0.1', '127.0.0.2'] });
    // Frames alone allow nothing: their hosts are initiators to block, not origins to allow.
    expect(rules).toHaveLength(2);
  });

  it('guards nothing when the task did not start on a web page', () => {
    expect(buildGuardRules({ start: 'null', approved: [] }, [1])).toEqual([]);
  });

  it('asks for enough rule ids', () => {
    expect(() => buildGuardRules({ start: 'https://a.test', approved: [] }, [1])).toThrow(/2 rule ids/);
  });
});

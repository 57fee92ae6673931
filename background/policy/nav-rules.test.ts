import { describe, expect, it } from 'vitest';
import { buildGuardRules, ruleCount } from './nav-rules';

const STATE = { start: 'http://127.0.0.1:8123', approved: ['https://docs.example.com'] };

describe('buildGuardRules', () => {
  it('blocks every top-level load in every tab but the excluded ones, then allows each allowed origin exactly', () => {
    const rules = buildGuardRules(STATE, [1, 2, 3, 4, 5, 6], [42, 43]);
    expect(rules).toHaveLength(ruleCount(STATE));
    expect(rules[0]).toMatchObject({
      id: 1,
      priority: 1,
      action: { type: 'block' },
      // The tabs that are not the task's, and requests of no tab (TAB_ID_NONE): a tab created
      // during the task is covered from its first request (an opaque frame's popup).
      condition: { excludedTabIds: [42, 43, -1], resourceTypes: ['main_frame'] },
    });
    expect(rules[0]?.condition.tabIds).toBeUndefined();
    expect(rules[1]).toMatchObject({
      id: 2,
      priority: 2,
      action: { type: 'allow' },
      condition: { excludedTabIds: [42, 43, -1] },
    });
    const allow = new RegExp(rules[1]?.condition.regexFilter ?? '');
    expect(allow.test('http://127.0.0.1:8123/page?x=1')).toBe(true);
    // The port is part of the match (the attacker may be the same host) and ends at "/".
    expect(allow.test('http://127.0.0.1:9999/w?d=TOKEN')).toBe(false);
    expect(allow.test('http://127.0.0.1:81234/')).toBe(false);
    const docs = new RegExp(rules[2]?.condition.regexFilter ?? '');
    expect(docs.test('https://docs.example.com/a')).toBe(true);
    expect(docs.test('https://docs.example.com.evil.test/')).toBe(false);
  });

  it('does not let an approved https origin pass over http (a downgrade)', () => {
    const rules = buildGuardRules(STATE, [1, 2, 3, 4, 5, 6], [42]);
    const allows = rules.filter((r) => r.action.type === 'allow').map((r) => new RegExp(r.condition.regexFilter ?? ''));
    expect(allows.some((re) => re.test('http://docs.example.com/leak?d=1'))).toBe(false);
    expect(allows.some((re) => re.test('https://127.0.0.1:8123/'))).toBe(false);
  });

  it("blocks page-opened tabs by the task's hosts, frames' hosts included, as initiators", () => {
    const rules = buildGuardRules(
      { start: 'http://127.0.0.1:8123', approved: [] },
      [1, 2, 3, 4],
      [42],
      ['127.0.0.2', '127.0.0.1'],
    );
    expect(rules[2]).toMatchObject({
      action: { type: 'block' },
      condition: { initiatorDomains: ['127.0.0.1', '127.0.0.2'], resourceTypes: ['main_frame'] },
    });
    // Frames alone allow nothing: their hosts are initiators to block, not origins to allow.
    expect(rules.filter((r) => r.action.type === 'allow')).toHaveLength(2);
  });

  it('guards nothing when the task did not start on a web page', () => {
    expect(buildGuardRules({ start: 'null', approved: [] }, [1], [42])).toEqual([]);
  });

  it('asks for enough rule ids', () => {
    expect(() => buildGuardRules({ start: 'https://a.test', approved: [] }, [1], [42])).toThrow(/4 rule ids/);
  });
});

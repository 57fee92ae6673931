import { describe, expect, it } from 'vitest';
import { evaluatePredicate, PredicateSchema, predicateProblem, readKey, type Predicate } from './predicates';

const data = { ok: true, text: 'Saved 3 items ✓', data: { count: 3, items: ['a', 'b', 'c'], name: null } };

describe('predicates', () => {
  it('reads dotted keys, own properties only, with .length', () => {
    expect(readKey(data, 'data.count')).toEqual({ found: true, value: 3 });
    expect(readKey(data, 'data.items.length')).toEqual({ found: true, value: 3 });
    expect(readKey(data, 'text.length').value).toBe(15);
    expect(readKey(data, 'data.toString').found).toBe(false);
    expect(readKey(data, 'data.missing.x').found).toBe(false);
  });

  it.each<[Predicate, boolean]>([
    [{ kind: 'equals', key: 'ok', value: true }, true],
    [{ kind: 'notEquals', key: 'data.count', value: 3 }, false],
    [{ kind: 'contains', key: 'text', value: 'SAVED' }, true],
    [{ kind: 'notContains', key: 'text', value: 'error' }, true],
    [{ kind: 'gt', key: 'data.count', value: 2 }, true],
    [{ kind: 'lte', key: 'data.items.length', value: 2 }, false],
    [{ kind: 'between', key: 'data.count', lo: 1, hi: 3 }, true],
    [{ kind: 'matches', key: 'text', value: '^Saved \\d+' }, true],
    [{ kind: 'exists', key: 'data.name' }, false],
    [{ kind: 'exists', key: 'data.items' }, true],
    [
      {
        kind: 'and',
        predicates: [
          { kind: 'exists', key: 'ok' },
          { kind: 'gt', key: 'data.count', value: 5 },
        ],
      },
      false,
    ],
    [
      {
        kind: 'or',
        predicates: [
          { kind: 'exists', key: 'nope' },
          { kind: 'equals', key: 'ok', value: true },
        ],
      },
      true,
    ],
    [{ kind: 'not', predicate: { kind: 'contains', key: 'text', value: 'saved' } }, false],
  ])('%j → %s', (p, holds) => {
    expect(PredicateSchema.safeParse(p).success).toBe(true);
    expect(predicateProblem(p)).toBeNull();
    expect(evaluatePredicate(p, data).holds).toBe(holds);
  });

  it('says which key failed, what was expected and what was there', () => {
    expect(evaluatePredicate({ kind: 'gt', key: 'data.count', value: 5 }, data)).toEqual({
      holds: false,
      failure: { kind: 'gt', key: 'data.count', expected: 5, actual: 3 },
    });
  });

  it('refuses what is not a check: code-like keys, backtracking patterns, deep or huge trees', () => {
    expect(PredicateSchema.safeParse({ kind: 'exists', key: 'a[0]' }).success).toBe(false);
    expect(PredicateSchema.safeParse({ kind: 'run', key: 'x' }).success).toBe(false);
    expect(predicateProblem({ kind: 'matches', key: 'text', value: '(a+)+$' })).toMatch(/repeated group/);
    expect(predicateProblem({ kind: 'matches', key: 'text', value: '(a)\\1' })).toMatch(/back-references/);
    expect(predicateProblem({ kind: 'matches', key: 'text', value: '(' })).toMatch(/not a valid/);
    let deep: Predicate = { kind: 'exists', key: 'ok' };
    for (let i = 0; i < 5; i++) deep = { kind: 'not', predicate: deep };
    expect(predicateProblem(deep)).toMatch(/deeper/);
    const wide: Predicate = {
      kind: 'and',
      predicates: Array.from({ length: 10 }, () => ({
        kind: 'or' as const,
        predicates: [
          { kind: 'exists' as const, key: 'ok' },
          { kind: 'exists' as const, key: 'text' },
        ],
      })),
    };
    expect(predicateProblem(wide)).toMatch(/more than 20/);
  });
});

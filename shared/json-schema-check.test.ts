import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from './json-schema-check';

const order = {
  type: 'object',
  properties: {
    item: { type: 'string', minLength: 1, maxLength: 5 },
    qty: { type: 'integer', minimum: 1, maximum: 9 },
    size: { enum: ['S', 'M'] },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['item'],
  additionalProperties: false,
};

describe('checkJsonSchema', () => {
  it('accepts arguments that fit', () => {
    expect(checkJsonSchema({ item: 'mug', qty: 2, size: 'M', tags: ['a'], note: null }, order)).toEqual({ ok: true });
    expect(checkJsonSchema({ anything: 1 }, undefined)).toEqual({ ok: true });
    expect(checkJsonSchema(3, { type: 'number' })).toEqual({ ok: true });
  });

  it('names the first problem with its path', () => {
    const cases: [unknown, RegExp][] = [
      [{}, /args\.item is required/],
      [{ item: 5 }, /args\.item must be "string", got integer/],
      [{ item: 'toolong' }, /at most 5 characters/],
      [{ item: 'a', qty: 1.5 }, /args\.qty must be "integer"/],
      [{ item: 'a', qty: 10 }, /≤ 9/],
      [{ item: 'a', size: 'L' }, /one of \["S","M"\]/],
      [{ item: 'a', tags: [1] }, /args\.tags\[0\]/],
      [{ item: 'a', tags: ['a', 'b', 'c'] }, /at most 2 items/],
      [{ item: 'a', note: 4 }, /fits none of the anyOf/],
      [{ item: 'a', extra: 1 }, /args\.extra is not a property of this tool \(it takes: item, qty/],
    ];
    for (const [value, message] of cases) {
      const r = checkJsonSchema(value, order);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.message).toMatch(message);
        expect(r.unsupported).toBe(false);
      }
    }
  });

  it('says when a schema uses what it does not check, and never compiles a page pattern', () => {
    const r = checkJsonSchema({ a: 1 }, { type: 'object', properties: { a: { $ref: '#/defs/x' } } });
    expect(r).toEqual({ ok: false, unsupported: true, message: expect.stringMatching(/"\$ref"/) });
    // A catastrophic pattern is ignored, not run.
    expect(checkJsonSchema('a'.repeat(50_000) + '!', { type: 'string', pattern: '^(a+)+$' })).toEqual({ ok: true });
  });

  it('caps the depth of a hostile schema', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    let value: unknown = 'x';
    for (let i = 0; i < 40; i++) {
      deep = { type: 'object', properties: { a: deep } };
      value = { a: value };
    }
    const r = checkJsonSchema(value, deep);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.unsupported).toBe(true);
  });
});

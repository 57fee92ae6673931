import { describe, expect, it } from 'vitest';
import { parseListings } from './workflow-run';
import { parseParamLines } from './workflows';

describe('parseParamLines', () => {
  it('reads name=text lines, skipping blank ones', () => {
    expect(parseParamLines('customer=Ada Lovelace\n\n mail = ada@example.com ')).toEqual({
      params: { customer: 'Ada Lovelace', mail: 'ada@example.com' },
    });
    expect(parseParamLines('')).toEqual({ params: {} });
  });

  it('keeps an = inside the typed text, and names a line without a name', () => {
    expect(parseParamLines('q=a=b')).toEqual({ params: { q: 'a=b' } });
    expect(parseParamLines('Ada Lovelace')).toEqual({ error: '"Ada Lovelace": write name=text you typed' });
    expect(parseParamLines('=Ada')).toHaveProperty('error');
  });
});

describe('parseListings', () => {
  it("narrows the worker's summaries and skips bad entries", () => {
    const good = {
      id: 'w1',
      name: 'Add customer',
      approved: false,
      params: ['customer', 'password'],
      defaults: { customer: 'Ada', bad: 3 },
      origins: ['https://a.test'],
      actions: ['type_ax on textbox "Name" text="{{customer}}"'],
    };
    expect(parseListings([good, { id: 1 }, null])).toEqual([{ ...good, defaults: { customer: 'Ada' } }]);
    expect(parseListings('nope')).toEqual([]);
  });
});

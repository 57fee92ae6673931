import { describe, expect, it } from 'vitest';
import { carriedText } from './write-gate';

describe('carriedText', () => {
  it('is every string the action hands to the page, not the strings that address it', () => {
    expect(carriedText({ ref_id: 'f1:ref_4', frameId: 'f1', text: 'MAIL-INBOX-RT-7788', submit: true })).toBe(
      'MAIL-INBOX-RT-7788',
    );
    expect(carriedText({ ref_id: 'ref_2', value: 'del', label: 'Delete account' })).toBe('del\nDelete account');
    expect(carriedText({ selector: '#q', key: 'Enter' })).toBe('Enter');
  });
  it("walks a site tool's nested input, to a bounded depth", () => {
    expect(carriedText({ input: { query: 'a', tags: ['b', { deep: 'c' }] } })).toBe('a\nb\nc');
    expect(carriedText({ a: { b: { c: { d: { e: { f: 'too deep' } } } } } })).toBe('');
  });
  it('is empty for arguments that are not an object', () => {
    expect(carriedText(null)).toBe('');
    expect(carriedText('text')).toBe('');
  });
});

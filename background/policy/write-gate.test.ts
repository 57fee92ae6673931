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
  it("carries an uploaded file's name, text and decoded base64 (text or binary)", () => {
    const b64 = btoa('MAIL-INBOX-RT-7788');
    expect(
      carriedText({
        ref_id: 'ref_3',
        files: [
          { name: 'a.txt', text: 'hello' },
          { name: 'b.txt', base64: b64 },
        ],
      }),
    ).toBe('a.txt\nhello\nb.txt\nMAIL-INBOX-RT-7788\nMAIL-INBOX-RT-7788');
    const binary = btoa(`\u0000\u00ff\u0001TOKEN-RT-42\u0002\u00fe`);
    expect(carriedText({ files: [{ name: 'x.bin', base64: binary }] })).toContain('TOKEN-RT-42');
  });
});

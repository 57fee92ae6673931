import { describe, expect, it } from 'vitest';
import { acceptsFile, decodeBase64, fileBytes, isPlainFileName, mimeTypeOf, UploadArgsSchema } from './upload';

describe('upload_file contract', () => {
  it('matches accept lists as HTML does: extensions, exact types, type/* wildcards', () => {
    expect(acceptsFile('', 'a.exe', 'application/x-msdownload')).toBe(true);
    expect(acceptsFile('.txt, .PDF', 'CV.pdf', 'application/pdf')).toBe(true);
    expect(acceptsFile('.txt,.pdf', 'cv.docx', 'application/octet-stream')).toBe(false);
    expect(acceptsFile('image/*', 'a.png', 'image/png')).toBe(true);
    expect(acceptsFile('image/*', 'a.csv', 'text/csv')).toBe(false);
    expect(acceptsFile('text/csv', 'a.csv', 'text/csv')).toBe(true);
  });

  it('types a file from its extension unless given, as a picker would', () => {
    expect(mimeTypeOf({ name: 'a.CSV', text: 'x' })).toBe('text/csv');
    expect(mimeTypeOf({ name: 'a.bin', base64: '' })).toBe('application/octet-stream');
    expect(mimeTypeOf({ name: 'notes', text: 'x' })).toBe('text/plain');
    expect(mimeTypeOf({ name: 'a.csv', text: 'x', mimeType: 'text/plain' })).toBe('text/plain');
  });

  it('decodes base64 and text to bytes; bad base64 is null', () => {
    expect([...(decodeBase64('aGk=') ?? [])]).toEqual([104, 105]);
    expect(decodeBase64('%%%')).toBeNull();
    expect(fileBytes({ name: 'a', text: 'é' })?.length).toBe(2);
  });

  it('takes plain names only, one of text or base64, 1–5 files', () => {
    expect(isPlainFileName('report 2026.csv')).toBe(true);
    expect(isPlainFileName('../a')).toBe(false);
    expect(isPlainFileName('a\nb')).toBe(false);
    const ok = (files: unknown) => UploadArgsSchema.safeParse({ ref_id: 'ref_1', files }).success;
    expect(ok([{ name: 'a.txt', text: '' }])).toBe(true);
    expect(ok([{ name: 'a.txt' }])).toBe(false);
    expect(ok([])).toBe(false);
    expect(ok(Array.from({ length: 6 }, () => ({ name: 'a.txt', text: 'x' })))).toBe(false);
  });
});

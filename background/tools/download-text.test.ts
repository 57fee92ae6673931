import { describe, expect, it } from 'vitest';
import { dataUrlBytes, decodeText, isTextDownload } from './download-text';

describe('read_download text checks', () => {
  it('takes text by MIME type or by extension', () => {
    expect(isTextDownload('report.csv', 'text/csv')).toBe(true);
    expect(isTextDownload('data', 'application/json')).toBe(true);
    expect(isTextDownload('x.geojson', 'application/geo+json')).toBe(true);
    expect(isTextDownload('users.csv', 'application/octet-stream')).toBe(true);
    expect(isTextDownload('photo.png', 'image/png')).toBe(false);
    expect(isTextDownload('archive.zip', undefined)).toBe(false);
    expect(isTextDownload('.csv', undefined)).toBe(false);
  });

  it('decodes UTF-8 and refuses binary bytes', () => {
    expect(decodeText(new TextEncoder().encode('\uFEFFname,ok\né,1\n'))).toBe('name,ok\né,1\n');
    expect(decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(decodeText(new Uint8Array([0x61, 0x00, 0x62]))).toBeNull();
  });
});

describe('data: URL downloads', () => {
  it('decodes percent-encoded and base64 payloads', () => {
    expect(decodeText(dataUrlBytes('data:application/json,%7B%22a%22%3A1%7D') ?? new Uint8Array())).toBe('{"a":1}');
    expect(decodeText(dataUrlBytes('data:text/csv;base64,YSxiCjEsMgo=') ?? new Uint8Array())).toBe('a,b\n1,2\n');
    expect(dataUrlBytes('data:text/plain;base64,@@@')).toBeNull();
    expect(dataUrlBytes('https://x.test/a,b')).toBeNull();
  });
});

// @ts-check
import { describe, expect, it } from 'vitest';
import { LineReader, NativeReader, encodeLine, encodeNative } from './framing.mjs';

describe('native messaging framing', () => {
  it('round-trips messages split at any byte, several per chunk', () => {
    const bytes = Buffer.concat([encodeNative({ a: 1, t: 'é🙂' }), encodeNative({ b: [2] })]);
    for (let split = 0; split <= bytes.length; split++) {
      /** @type {unknown[]} */
      const got = [];
      const r = new NativeReader((m) => got.push(m));
      r.push(bytes.subarray(0, split));
      r.push(bytes.subarray(split));
      expect(got).toEqual([{ a: 1, t: 'é🙂' }, { b: [2] }]);
    }
  });

  it('prefixes the UTF-8 byte length, little-endian', () => {
    const b = encodeNative('é');
    expect(b.readUInt32LE(0)).toBe(4); // "é" in quotes: 1 + 2 + 1 bytes
  });

  it("refuses a message over Chrome's 1 MB limit to the browser", () => {
    expect(() => encodeNative('x'.repeat(1024 * 1024))).toThrow(/1 MB/);
  });

  it('says framing is lost on an implausible length', () => {
    const r = new NativeReader(() => undefined);
    expect(() => r.push(Buffer.from([0xff, 0xff, 0xff, 0x7f]))).toThrow(/framing lost/);
  });
});

describe('socket lines', () => {
  it('parses one JSON object per line and reports a bad line without throwing', () => {
    /** @type {unknown[]} */
    const got = [];
    /** @type {string[]} */
    const bad = [];
    const r = new LineReader(
      (m) => got.push(m),
      (l) => bad.push(l),
    );
    r.push(`${encodeLine({ x: 'a\nb' })}not json\n{"y":`);
    r.push('2}\n');
    expect(got).toEqual([{ x: 'a\nb' }, { y: 2 }]);
    expect(bad).toEqual(['not json']);
  });
});

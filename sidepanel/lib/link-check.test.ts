import { describe, expect, it } from 'vitest';
import { linkMismatch } from './link-check';

describe('linkMismatch', () => {
  it.each([
    ['bank.example', 'https://evil.example/login'],
    ['https://bank.example/account', 'https://evil.example/account'],
    ['Open bank.example now', 'https://bank.example.evil.test/'],
    ['127.0.0.1:8080/account', 'http://127.0.0.1:9090/lookalike?d=1'],
    ['your account at paypal.com', 'https://paypa1.com/'],
    ['mail.example and evil.example', 'https://mail.example/'],
  ])('%j → %s asks', (text, href) => {
    expect(linkMismatch(text, href)).not.toBeNull();
  });

  it.each([
    ['the report', 'https://evil.example/r'],
    ['bank.example', 'https://bank.example/login'],
    ['bank.example', 'https://www.bank.example/'],
    ['www.bank.example', 'https://bank.example/'],
    ['bank.example', 'https://login.bank.example/'],
    ['https://bank.example/a', 'https://bank.example/b?x=1'],
    ['127.0.0.1:8080', 'http://127.0.0.1:8080/'],
    ['example.com:443', 'https://example.com/'],
    ['version 1.2.3', 'https://example.com/'],
    ['e.g. this', 'https://example.com/'],
    ['anything', 'not a url'],
  ])('%j → %s opens', (text, href) => {
    expect(linkMismatch(text, href)).toBeNull();
  });

  it('names the real destination with its port', () => {
    expect(linkMismatch('127.0.0.1:8080', 'http://127.0.0.1:9090/x')).toEqual({
      named: '127.0.0.1:8080',
      destination: '127.0.0.1:9090',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { contentOrigin, mayRead, readPrompt } from './read-scope';

const frames = [
  { frameId: 0, parentFrameId: -1, url: 'https://news.example/a' },
  { frameId: 3, parentFrameId: 0, url: 'https://mail.example/inbox' },
  { frameId: 4, parentFrameId: 3, url: 'about:srcdoc' },
  { frameId: 5, parentFrameId: 0, url: 'about:blank' },
  { frameId: 6, parentFrameId: 3, url: 'data:text/html,<p>x' },
  { frameId: 7, parentFrameId: 0, url: 'blob:https://mail.example/1234' },
  { frameId: 8, parentFrameId: 0, url: 'chrome-extension://abc/viewer.html' },
];

describe('contentOrigin', () => {
  it('is the origin of a web frame', () => {
    expect(contentOrigin(frames, 0)).toBe('https://news.example');
    expect(contentOrigin(frames, 3)).toBe('https://mail.example');
  });
  it('follows about:/data: frames to the parent that wrote them', () => {
    expect(contentOrigin(frames, 4)).toBe('https://mail.example');
    expect(contentOrigin(frames, 5)).toBe('https://news.example');
    expect(contentOrigin(frames, 6)).toBe('https://mail.example');
  });
  it("reads a blob: URL's creator origin", () => {
    expect(contentOrigin(frames, 7)).toBe('https://mail.example');
  });
  it('is null for frames that are not web documents or not there', () => {
    expect(contentOrigin(frames, 8)).toBeNull();
    expect(contentOrigin(frames, 99)).toBeNull();
  });
});

describe('mayRead', () => {
  const scope = { start: 'https://news.example', approved: ['https://shop.example'], frames: ['https://pay.example'] };
  it('allows the start, navigation-approved and frame-approved origins only', () => {
    expect(mayRead(scope, 'https://news.example')).toBe(true);
    expect(mayRead(scope, 'https://shop.example')).toBe(true);
    expect(mayRead(scope, 'https://pay.example')).toBe(true);
    expect(mayRead(scope, 'https://mail.example')).toBe(false);
    expect(mayRead(scope, 'http://news.example')).toBe(false);
  });
});

describe('readPrompt', () => {
  it('names the host, not the URL', () => {
    expect(readPrompt('https://mail.example', false)).toMatch(/^Read the embedded frame from mail\.example\?/);
    expect(readPrompt('https://mail.example:8443', true)).toMatch(/mail\.example:8443/);
  });
});

import { describe, expect, it } from 'vitest';
import type { BrowserFrame } from './frame-store';
import { childFramesNote } from './frames-note';

const frame = (id: string, chromeFrameId: number, url: string): BrowserFrame => ({
  id,
  chromeFrameId,
  url,
  parent: id === 'f0' ? null : 'f0',
  parentChromeFrameId: id === 'f0' ? -1 : 0,
  documentId: `doc-${chromeFrameId}`,
  errorOccurred: false,
});

describe('childFramesNote', () => {
  const frames = [
    frame('f0', 0, 'https://news.example/'),
    frame('f1', 3, 'https://mail.example/inbox'),
    frame('f2', 4, 'https://news.example/widget'),
  ];
  it('lists child frames without content and marks those of another site', () => {
    const note = childFramesNote(frames, new Set([3])) ?? '';
    expect(note).toContain('f1 https://mail.example/inbox (another site: reading it asks the user)');
    expect(note).toContain('f2 https://news.example/widget.');
    expect(note).not.toContain('widget (another site');
  });
  it('marks nothing outside a task', () => {
    expect(childFramesNote(frames)).not.toContain('another site');
  });
});

import { describe, expect, it } from 'vitest';
import { homeless, startedBy, summarize } from './downloads';

function item(over: Partial<chrome.downloads.DownloadItem>): chrome.downloads.DownloadItem {
  return {
    id: 4,
    url: 'https://shop.example/export',
    finalUrl: 'https://shop.example/export',
    referrer: '',
    filename: '/home/ana/Downloads/users.csv',
    incognito: false,
    danger: 'safe',
    mime: 'text/csv',
    startTime: '2026-12-06T12:00:00Z',
    state: 'complete',
    paused: false,
    canResume: false,
    bytesReceived: 71,
    totalBytes: 71,
    fileSize: 71,
    exists: true,
    ...over,
  };
}

describe('download summaries', () => {
  it('name from the saved path (POSIX or Windows), size on disk, else the announced size', () => {
    expect(summarize(item({}))).toEqual({
      id: 4,
      name: 'users.csv',
      size: 71,
      state: 'complete',
      path: '~/Downloads/users.csv',
      mime: 'text/csv',
    });
    expect(summarize(item({ filename: 'C:\\Users\\ana\\Downloads\\a.json', fileSize: 0, totalBytes: 12 })).name).toBe(
      'a.json',
    );
    expect(summarize(item({ state: 'in_progress', fileSize: 0, totalBytes: 12 })).size).toBe(12);
    expect(
      summarize(item({ state: 'interrupted', error: 'NETWORK_FAILED', fileSize: 0, totalBytes: -1 })),
    ).toMatchObject({
      state: 'interrupted',
      error: 'NETWORK_FAILED',
    });
  });

  it("writes the user's home folder as ~ (its name is usually the user's)", () => {
    expect(homeless('/home/ana/Downloads/a.csv')).toBe('~/Downloads/a.csv');
    expect(homeless('/root/Downloads/a.csv')).toBe('~/Downloads/a.csv');
    expect(homeless('/Users/ana.b/Downloads/a.csv')).toBe('~/Downloads/a.csv');
    expect(homeless('C:\\Users\\ana\\Downloads\\a.csv')).toBe('~\\Downloads\\a.csv');
    expect(homeless('/rooted/a.csv')).toBe('/rooted/a.csv');
    expect(homeless('/mnt/data/a.csv')).toBe('/mnt/data/a.csv');
    expect(homeless('/home/ana')).toBe('/home/ana');
  });

  it('no tab started a download the worker never saw', () => {
    expect(startedBy([1, 2], 4)).toBe(false);
  });
});

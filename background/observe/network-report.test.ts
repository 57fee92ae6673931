import { describe, expect, it } from 'vitest';
import type { NetEntry } from './network-log';
import { typeName } from './network-log';
import { foldType, networkReport, requestLine, summarize } from './network-report';

const e = (method: string, type: string, extra: Partial<NetEntry> = {}): NetEntry => ({
  method,
  url: 'https://shop.example/api/x',
  type,
  startedAt: 0,
  frameId: 0,
  ...extra,
});

describe('network report', () => {
  it('names webRequest types as the model reads them', () => {
    expect(['main_frame', 'sub_frame', 'xmlhttprequest', 'ping', 'image'].map(typeName)).toEqual([
      'document',
      'frame',
      'xhr',
      'beacon',
      'image',
    ]);
  });
  it('folds images, fonts, styles, media and beacons into other', () => {
    expect(['image', 'font', 'stylesheet', 'media', 'beacon', 'csp_report'].map(foldType)).toEqual(
      Array(6).fill('other'),
    );
    expect(['document', 'frame', 'xhr', 'script', 'websocket'].map(foldType)).toEqual([
      'document',
      'frame',
      'xhr',
      'script',
      'websocket',
    ]);
  });
  it('prints one line per request: method, status, type, time, URL, error', () => {
    expect(requestLine(e('POST', 'xhr', { status: 422, ms: 35 }))).toBe('POST 422 xhr 35ms https://shop.example/api/x');
    expect(requestLine(e('GET', 'script', { error: 'net::ERR_BLOCKED_BY_CLIENT', ms: 2 }))).toBe(
      'GET failed script 2ms https://shop.example/api/x (net::ERR_BLOCKED_BY_CLIENT)',
    );
    expect(requestLine(e('GET', 'xhr'))).toBe('GET pending xhr https://shop.example/api/x');
  });
  it('summarizes by folded type, failures, mutations and pending requests', () => {
    const entries = [
      e('GET', 'document', { status: 200 }),
      e('GET', 'image', { status: 404 }),
      e('POST', 'xhr', { status: 500 }),
      e('PUT', 'xhr', { error: 'net::ERR_FAILED' }),
      e('POST', 'beacon'),
    ];
    expect(summarize(entries)).toEqual({
      requests: 5,
      byType: { document: 1, other: 2, xhr: 2 },
      failed: 3,
      mutations: 3,
      pending: 1,
    });
  });
  it('filters, then keeps the newest `limit`, oldest first', () => {
    const entries = [1, 2, 3, 4, 5].map((i) => e(i % 2 ? 'GET' : 'POST', 'xhr', { status: 200, url: `u${i}` }));
    const all = networkReport(entries, { since: 1, seen: 7, filter: 'all', limit: 2 });
    expect(all.requests).toEqual(['GET 200 xhr u4'.replace('GET', 'POST'), 'GET 200 xhr u5']);
    expect(all).toMatchObject({ seen: 7, kept: 5, matching: 5 });
    const writes = networkReport(entries, { since: 1, seen: 5, filter: 'mutations', limit: 50 });
    expect(writes.requests).toEqual(['POST 200 xhr u2', 'POST 200 xhr u4']);
    const failed = networkReport(entries, { since: 1, seen: 5, filter: 'failed', limit: 50 });
    expect(failed.matching).toBe(0);
  });
});

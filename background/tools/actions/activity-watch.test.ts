import { describe, expect, it } from 'vitest';
import { classify, isTelemetry, vetoReason } from './activity-watch';

describe('request classification for the CDP veto', () => {
  it('treats non-telemetry writes from the page as mutating', () => {
    expect(classify({ method: 'POST', url: 'https://shop.example/api/orders', type: 'xmlhttprequest' })).toBe(
      'mutating',
    );
    expect(classify({ method: 'DELETE', url: 'https://shop.example/api/items/4', type: 'xmlhttprequest' })).toBe(
      'mutating',
    );
    expect(classify({ method: 'POST', url: 'https://shop.example/save', type: 'ping' })).toBe('mutating');
  });
  it('ignores reads, navigations and telemetry/heartbeat traffic', () => {
    expect(classify({ method: 'GET', url: 'https://shop.example/api/orders', type: 'xmlhttprequest' })).toBe('ignored');
    expect(classify({ method: 'POST', url: 'https://shop.example/checkout', type: 'main_frame' })).toBe('ignored');
    for (const url of [
      'https://www.google-analytics.com/g/collect?v=2',
      'https://shop.example/api/telemetry',
      'https://shop.example/heartbeat',
      'https://o1.ingest.sentry.io/api/5/envelope/',
      'https://shop.example/v1/track',
      'https://shop.example/log',
    ]) {
      expect(isTelemetry(url), url).toBe(true);
      expect(classify({ method: 'POST', url, type: 'ping' })).toBe('ignored');
    }
    expect(isTelemetry('https://shop.example/api/catalog')).toBe(false);
    expect(isTelemetry('https://blog.example/posts')).toBe(false);
  });
  it('words the veto with the method and path', () => {
    expect(
      vetoReason({
        mutating: [{ method: 'POST', url: 'https://a.example/api/x?q=1', type: 'xmlhttprequest' }],
        ignored: 0,
        newTabs: [],
        downloads: [],
      }),
    ).toMatch(/^vetoed: the click sent POST \/api\/x,/);
    expect(vetoReason({ mutating: [], ignored: 3, newTabs: ['https://b.example/'], downloads: [] })).toContain(
      'new tab',
    );
    expect(vetoReason({ mutating: [], ignored: 0, newTabs: [], downloads: ['https://a.example/f.zip'] })).toContain(
      'download',
    );
    expect(vetoReason({ mutating: [], ignored: 5, newTabs: [], downloads: [] })).toBeNull();
  });
});

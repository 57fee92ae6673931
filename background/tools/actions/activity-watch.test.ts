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
  it('ignores reads and writes to known third-party telemetry hosts', () => {
    const page = 'https://shop.example';
    expect(classify({ method: 'GET', url: 'https://shop.example/api/orders', type: 'xmlhttprequest' })).toBe('ignored');
    expect(classify({ method: 'HEAD', url: 'https://shop.example/', type: 'other' })).toBe('ignored');
    for (const url of [
      'https://www.google-analytics.com/g/collect?v=2',
      'https://region1.analytics.google.com/g/collect',
      'https://o1.ingest.sentry.io/api/5/envelope/',
      'https://api.segment.io/v1/t',
      'https://browser-intake-datadoghq.com/api/v2/rum',
      'https://api-js.mixpanel.com/track/',
      'https://api2.amplitude.com/2/httpapi',
      'https://in.hotjar.com/api/v2/client',
      'https://stats.g.doubleclick.net/j/collect',
    ]) {
      expect(isTelemetry(url, page), url).toBe(true);
      expect(classify({ method: 'POST', url, type: 'ping', initiator: page }), url).toBe('ignored');
    }
  });
  it("treats every write to the page's own site as mutating, whatever the path (issue 10 item 7)", () => {
    const page = 'https://shop.example';
    for (const path of [
      '/api/events',
      '/logs',
      '/log',
      '/track',
      '/v1/track',
      '/collect',
      '/api/telemetry',
      '/heartbeat',
      '/beacon',
      '/metrics',
    ]) {
      const url = `https://shop.example${path}`;
      expect(isTelemetry(url, page), url).toBe(false);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
        expect(classify({ method, url, type: 'xmlhttprequest', initiator: page }), `${method} ${url}`).toBe('mutating');
      expect(classify({ method: 'POST', url, type: 'ping', initiator: page }), `beacon ${url}`).toBe('mutating');
    }
    // Telemetry-looking subdomains of unknown sites are not on the list: writes.
    expect(classify({ method: 'POST', url: 'https://analytics.shop.example/e', type: 'ping', initiator: page })).toBe(
      'mutating',
    );
    // Form posts into a frame or the top document are writes too.
    expect(classify({ method: 'POST', url: 'https://shop.example/checkout', type: 'main_frame' })).toBe('mutating');
    expect(classify({ method: 'POST', url: 'https://pay.example/charge', type: 'sub_frame' })).toBe('mutating');
    // An unknown third party receiving a write: mutating.
    expect(classify({ method: 'POST', url: 'https://api.partner.example/x', type: 'xmlhttprequest' })).toBe('mutating');
    // Browser-generated CSP reports are not the click's doing.
    expect(classify({ method: 'POST', url: 'https://shop.example/csp', type: 'csp_report' })).toBe('ignored');
  });
  it("does not ignore a telemetry vendor's own app: there its POSTs are the user's data", () => {
    expect(isTelemetry('https://sentry.io/api/0/projects/x/', 'https://sentry.io')).toBe(false);
    expect(isTelemetry('https://app.amplitude.com/api/charts', 'https://app.amplitude.com')).toBe(false);
    expect(isTelemetry('https://o1.ingest.sentry.io/api/5/envelope/', 'https://shop.example')).toBe(true);
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

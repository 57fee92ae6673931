import { describe, expect, it } from 'vitest';
import { isActionRequest, requestLines, type ActionRequest } from './action-evidence';

const page = 'http://127.0.0.1:8080';
const req = (over: Partial<ActionRequest>): ActionRequest => ({
  method: 'POST',
  url: `${page}/api/orders`,
  type: 'xmlhttprequest',
  initiator: page,
  done: true,
  ...over,
});

describe('the requests an action caused', () => {
  it('keeps fetch/XHR, beacons and document writes; drops assets, plain navigations and telemetry', () => {
    expect(isActionRequest(req({}))).toBe(true);
    expect(isActionRequest(req({ method: 'GET' }))).toBe(true);
    expect(isActionRequest(req({ type: 'ping' }))).toBe(true);
    expect(isActionRequest(req({ type: 'main_frame' }))).toBe(true);
    expect(isActionRequest(req({ type: 'main_frame', method: 'GET' }))).toBe(false);
    expect(isActionRequest(req({ type: 'image', method: 'GET' }))).toBe(false);
    expect(isActionRequest(req({ type: 'script', method: 'GET' }))).toBe(false);
    expect(isActionRequest(req({ url: 'https://www.google-analytics.com/g/collect' }))).toBe(false);
  });

  it('prints method, sanitized path and outcome; the page origin as a path, never a query', () => {
    expect(
      requestLines([
        req({ url: `${page}/api/orders?card=4111111111111111`, status: 422 }),
        req({ method: 'get', url: 'https://api.example.com/v1/search?q=secret', status: 200 }),
        req({ error: 'net::ERR_CONNECTION_REFUSED', done: true }),
        req({ done: false }),
      ]),
    ).toEqual([
      'POST /api/orders → 422',
      'GET https://api.example.com/v1/search → 200',
      'POST /api/orders → failed (net::ERR_CONNECTION_REFUSED)',
      'POST /api/orders → pending',
    ]);
  });

  it('lists at most four and says how many more', () => {
    const lines = requestLines(Array.from({ length: 6 }, (_, i) => req({ status: 200 + i })));
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('(+2 more; network_read lists them)');
  });
});

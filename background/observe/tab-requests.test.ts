import { describe, expect, it } from 'vitest';
import { countsAsBusy, HELD_OPEN_MS } from '../tools/inflight-requests';
import { track, type OpenRequest, type RequestEvent } from './tab-requests';

const start = (id: string, t: number, type = 'xmlhttprequest'): RequestEvent => ({
  kind: 'start',
  requestId: id,
  url: `https://shop.example/api/${id}`,
  method: 'GET',
  type,
  frameId: 0,
  timeStamp: t,
});

describe('the tap’s open requests', () => {
  it('opens on start, stays open through a redirect, closes on done or error', () => {
    const open = new Map<string, OpenRequest>();
    track(open, start('1', 100));
    track(open, start('2', 110));
    track(open, {
      kind: 'redirect',
      requestId: '1',
      redirectUrl: 'https://shop.example/b',
      statusCode: 302,
      timeStamp: 120,
    });
    track(open, start('1', 121));
    expect(open.get('1')?.startedAt).toBe(100);
    track(open, { kind: 'done', requestId: '2', statusCode: 200, fromCache: false, timeStamp: 130 });
    expect([...open.keys()]).toEqual(['1']);
    track(open, { kind: 'error', requestId: '1', error: 'net::ERR_ABORTED', timeStamp: 140 });
    expect(open.size).toBe(0);
  });

  it('marks a server-sent event stream, which a wait does not wait for', () => {
    const open = new Map<string, OpenRequest>();
    track(open, start('s', 100));
    track(open, {
      kind: 'headers',
      requestId: 's',
      url: 'https://shop.example/events',
      statusCode: 200,
      responseHeaders: [{ name: 'Content-Type', value: 'text/event-stream; charset=utf-8' }],
      timeStamp: 150,
    });
    const req = open.get('s');
    expect(req?.stream).toBe(true);
    if (req) expect(countsAsBusy(req, 200)).toBe(false);
  });

  it('a wait counts a slow request, not a socket or one held open past the limit', () => {
    const open = new Map<string, OpenRequest>();
    track(open, start('slow', 1000));
    track(open, start('ws', 1000, 'websocket'));
    const slow = open.get('slow');
    const ws = open.get('ws');
    if (!slow || !ws) throw new Error('tracked requests missing');
    expect(countsAsBusy(slow, 2500)).toBe(true);
    expect(countsAsBusy(ws, 1001)).toBe(false);
    expect(countsAsBusy(slow, 1000 + HELD_OPEN_MS)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { frameLine, socketHttpUrl } from './ws-frames';

const raw = (payload: string, opcode = 1) => ({ at: 1_250, dir: 'received' as const, cdpId: '7.1', opcode, payload });

describe('WebSocket frame lines', () => {
  it('judges ws and wss as the http and https origins they share', () => {
    expect(socketHttpUrl('wss://chat.example:8443/socket?x=1')).toBe('https://chat.example:8443/socket?x=1');
    expect(socketHttpUrl('ws://127.0.0.1:9000/live')).toBe('http://127.0.0.1:9000/live');
  });

  it('blanks credentials, cuts long text, sanitizes the socket URL and reports binary by size', () => {
    const url = 'wss://chat.example/socket?session=abc123';
    const json = frameLine(raw(JSON.stringify({ text: 'hello', access_token: 'tok_WsS3cret99' })), url, 1_000);
    expect(json).toMatchObject({ atMs: 250, dir: 'received', socket: 'https://chat.example/socket?…' });
    expect(json.text).toContain('hello');
    expect(json.text).not.toContain('tok_WsS3cret99');
    expect(frameLine(raw('x'.repeat(1_000)), url, 0).text?.length).toBeLessThanOrEqual(301);
    expect(frameLine(raw('AAAA', 2), url, 0)).toMatchObject({ bytes: 3 });
    expect(frameLine(raw('AAAA', 2), url, 0).text).toBeUndefined();
  });
});

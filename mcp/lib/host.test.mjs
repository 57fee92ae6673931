// @ts-check
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LineReader, NativeReader, encodeLine, encodeNative } from './framing.mjs';
import { runHost } from './host.mjs';

/** @type {string} */
let dir;
beforeEach(() => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wb-mcp-host-')), 'bridge');
});
afterEach(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

/** A host on in-memory stdin/stdout; what it tells the browser is collected. */
function startHost() {
  const input = new PassThrough();
  const output = new PassThrough();
  /** @type {unknown[]} */
  const toBrowser = [];
  const reader = new NativeReader((m) => toBrowser.push(m));
  output.on('data', (c) => reader.push(c));
  const done = runHost({ input, output, dir, log: () => undefined });
  return { input, toBrowser, done };
}

/** @param {() => boolean} cond */
async function until(cond) {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}

describe('native host', () => {
  it('listens in a 0700 directory, relays both ways, drops unknown types, one client at a time', async () => {
    const host = startHost();
    await until(() => host.toBrowser.length > 0);
    expect(host.toBrowser[0]).toMatchObject({ type: 'host_ready' });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const sock = path.join(dir, 'host.sock');
    const client = net.connect(sock);
    /** @type {unknown[]} */
    const toClient = [];
    const lines = new LineReader((m) => toClient.push(m));
    client.on('data', (c) => lines.push(c));
    await new Promise((r) => client.once('connect', r));
    const read = { type: 'read', id: '2', uri: 'weaverbird://tab/tree' };
    client.write(
      encodeLine({ type: 'hello', client: { name: 'x' } }) +
        encodeLine({ type: 'evil', id: '1' }) +
        encodeLine({ type: 'mcp_pick_tab', tabId: 1, pick: 2, allowed: true }) +
        encodeLine(read),
    );
    await until(() => host.toBrowser.length === 3);
    expect(host.toBrowser[1]).toEqual({ type: 'hello', client: { name: 'x' } });
    // The panel's tab picker is not a message the server can send: only hello, list, call and read pass.
    expect(host.toBrowser[2]).toEqual(read);

    host.input.write(encodeNative({ type: 'reply', id: '1', ok: true, data: 1 }));
    await until(() => toClient.length === 1);
    expect(toClient[0]).toEqual({ type: 'reply', id: '1', ok: true, data: 1 });

    const second = net.connect(sock);
    /** @type {unknown[]} */
    const toSecond = [];
    const l2 = new LineReader((m) => toSecond.push(m));
    second.on('data', (c) => l2.push(c));
    await until(() => toSecond.length === 1);
    expect(toSecond[0]).toMatchObject({ type: 'refused' });

    client.destroy();
    await until(() => host.toBrowser.some((m) => JSON.stringify(m) === '{"type":"client_gone"}'));
    host.input.end();
    await host.done;
    expect(fs.existsSync(sock)).toBe(false);
  });

  it('a second host (another browser) says the socket is taken instead of stealing it', async () => {
    const first = startHost();
    await until(() => first.toBrowser.length > 0);
    const second = startHost();
    await second.done;
    expect(second.toBrowser[0]).toMatchObject({
      type: 'host_error',
      message: expect.stringMatching(/already listens/),
    });
    first.input.end();
    await first.done;
  });
});

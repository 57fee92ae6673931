// @ts-check
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { LineReader, NativeReader, encodeLine, encodeNative } from './framing.mjs';
import { SOCKET_NAME, ensurePrivateDir } from './paths.mjs';

/** What an MCP server may send the extension; anything else is dropped at the host. */
const FROM_SERVER = new Set(['hello', 'list', 'call', 'read']);

/**
 * @typedef {object} HostOptions
 * @property {NodeJS.ReadableStream} input The browser's end (stdin).
 * @property {NodeJS.WritableStream} output stdout: only native messages may be written to it.
 * @property {string} dir The private bridge directory.
 * @property {(line: string) => void} log stderr (Chrome and Firefox show it in their own logs).
 */

/** @param {string} sock */
function isLive(sock) {
  return new Promise((resolve) => {
    const probe = net.connect(sock);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * The native-messaging host: started by the browser (chrome.runtime.connectNative), it listens on a
 * Unix socket in the private directory and relays between the one MCP server connected there and the
 * extension. It holds no state and decides nothing: every decision is the extension's.
 * @param {HostOptions} o
 * @returns {Promise<void>} resolves when the browser closes the port
 */
export async function runHost(o) {
  ensurePrivateDir(o.dir);
  const sock = path.join(o.dir, SOCKET_NAME);
  /** @param {unknown} m */
  const toBrowser = (m) => o.output.write(encodeNative(m));
  if (fs.existsSync(sock)) {
    if (await isLive(sock)) {
      toBrowser({
        type: 'host_error',
        message: `another Weaverbird host already listens on ${sock} (another browser with MCP on?)`,
      });
      return;
    }
    fs.rmSync(sock); // left by a host that died
  }
  /** @type {{ client: net.Socket | null }} */
  const state = { client: null };
  const server = net.createServer((conn) => {
    if (state.client) {
      conn.end(encodeLine({ type: 'refused', message: 'another MCP client is already connected to Weaverbird' }));
      return;
    }
    state.client = conn;
    const reader = new LineReader(
      (m) => {
        const type = typeof m === 'object' && m !== null ? Reflect.get(m, 'type') : undefined;
        if (typeof type === 'string' && FROM_SERVER.has(type)) toBrowser(m);
        else o.log(`dropped a message of type ${String(type)} from the MCP server`);
      },
      (line) => o.log(`dropped a line that is not JSON: ${line.slice(0, 80)}`),
    );
    conn.on('data', (chunk) => reader.push(chunk));
    conn.on('error', () => undefined);
    conn.on('close', () => {
      if (state.client === conn) state.client = null;
      toBrowser({ type: 'client_gone' });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    // The directory is 0700, so the socket is reachable by this user only whatever its own mode.
    server.listen(sock, () => resolve(undefined));
  });
  fs.chmodSync(sock, 0o600);
  toBrowser({ type: 'host_ready', socket: sock });
  const native = new NativeReader((m) => state.client?.write(encodeLine(m)));
  await new Promise((resolve) => {
    o.input.on('data', (chunk) => {
      try {
        native.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      } catch (e) {
        o.log(String(e));
        resolve(undefined);
      }
    });
    o.input.on('end', () => resolve(undefined));
    o.input.on('error', () => resolve(undefined));
  });
  state.client?.destroy();
  server.close();
  fs.rmSync(sock, { force: true });
}

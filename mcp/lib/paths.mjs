// @ts-check
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The native-messaging host name (lower-case letters, digits, dots and underscores, as Chrome requires). */
export const HOST_NAME = 'com.weaverbird.mcp';
export const SOCKET_NAME = 'host.sock';

/**
 * The per-user directory where the host's socket lives. `WEAVERBIRD_MCP_DIR` wins (the launcher written
 * by `install` sets it, so the host the browser starts and the server the coding agent starts agree
 * even when the two run with different environments); else `~/.weaverbird-mcp`.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function bridgeDir(env = process.env) {
  const own = env.WEAVERBIRD_MCP_DIR;
  if (own) return path.resolve(own);
  return path.join(env.HOME || os.homedir(), '.weaverbird-mcp');
}

/**
 * Creates the directory with mode 0700, or checks an existing one: it must be a directory owned by
 * this user that nobody else can enter, or another local user could connect to the socket (or plant
 * one) and drive the browser. Refuses rather than repairs a directory someone else owns.
 * @param {string} dir
 */
export function ensurePrivateDir(dir) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory`);
  const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
  if (st.uid !== uid)
    throw new Error(`${dir} belongs to another user (uid ${st.uid}); remove it or set WEAVERBIRD_MCP_DIR`);
  if ((st.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
}

/** @param {NodeJS.ProcessEnv} [env] */
export function socketPath(env = process.env) {
  return path.join(bridgeDir(env), SOCKET_NAME);
}

// @ts-check
import net from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { LineReader, encodeLine } from './framing.mjs';

/** A call waits for the user's approval in the panel (the extension gives up after 2 minutes); this is the backstop. */
const CALL_DEADLINE_MS = 5 * 60_000;
const CONNECT_DEADLINE_MS = 5_000;

/**
 * @typedef {{ ok: true, data: unknown } | { ok: false, error: { code: string, message: string } }} Reply
 * @typedef {{ name: string, description?: string, inputSchema: { type: 'object', [k: string]: unknown } }} ToolEntry
 * @typedef {{ uri: string, name: string, description?: string, mimeType?: string }} ResourceEntry
 */

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The server's end of the socket: requests by id, replies matched back, a deadline on each. */
class BridgeClient {
  /** @param {string} sock @param {() => { name: string, version?: string }} whoAmI */
  constructor(sock, whoAmI) {
    this.sock = sock;
    this.whoAmI = whoAmI;
    /** @type {net.Socket | null} */
    this.conn = null;
    /** @type {Map<string, (r: Reply) => void>} */
    this.pending = new Map();
    this.next = 1;
  }

  /** @returns {Promise<net.Socket>} */
  connect() {
    if (this.conn && !this.conn.destroyed) return Promise.resolve(this.conn);
    return new Promise((resolve, reject) => {
      const conn = net.connect(this.sock);
      const timer = setTimeout(() => {
        conn.destroy();
        reject(new Error('timed out'));
      }, CONNECT_DEADLINE_MS);
      conn.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      conn.once('connect', () => {
        clearTimeout(timer);
        this.conn = conn;
        const reader = new LineReader((m) => this.onMessage(m));
        conn.on('data', (chunk) => reader.push(chunk));
        conn.on('close', () => this.onClose(conn));
        conn.write(encodeLine({ type: 'hello', client: this.whoAmI() }));
        resolve(conn);
      });
    });
  }

  /** @param {unknown} m */
  onMessage(m) {
    if (!isRecord(m)) return;
    if (m.type === 'refused' && typeof m.message === 'string') return this.failAll(m.message);
    if (m.type !== 'reply' || typeof m.id !== 'string') return;
    const resolve = this.pending.get(m.id);
    if (!resolve) return;
    this.pending.delete(m.id);
    const error = isRecord(m.error) ? m.error : {};
    resolve(
      m.ok === true
        ? { ok: true, data: m.data }
        : { ok: false, error: { code: String(error.code ?? 'failed'), message: String(error.message ?? 'failed') } },
    );
  }

  /** @param {net.Socket} conn */
  onClose(conn) {
    if (this.conn === conn) this.conn = null;
    this.failAll(
      'Weaverbird went away (the browser closed, or MCP was turned off in its settings); the next call reconnects.',
    );
  }

  /** @param {string} message */
  failAll(message) {
    for (const resolve of this.pending.values()) resolve({ ok: false, error: { code: 'disconnected', message } });
    this.pending.clear();
  }

  /**
   * @param {Record<string, unknown>} message
   * @returns {Promise<Reply>}
   */
  async request(message) {
    let conn;
    try {
      conn = await this.connect();
    } catch (e) {
      return {
        ok: false,
        error: {
          code: 'not_connected',
          message: `Weaverbird is not reachable at ${this.sock} (${e instanceof Error ? e.message : String(e)}). Open the browser, turn on Settings → MCP in Weaverbird's panel, and run \`npx weaverbird-mcp install --browser …\` once (docs/mcp.md).`,
        },
      };
    }
    const id = String(this.next++);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({
          ok: false,
          error: { code: 'timeout', message: `Weaverbird did not answer within ${CALL_DEADLINE_MS / 1000} s` },
        });
      }, CALL_DEADLINE_MS);
      this.pending.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      conn.write(encodeLine({ ...message, id }));
    });
  }

  close() {
    this.conn?.destroy();
  }
}

/**
 * The stdio MCP server a coding agent starts. It owns nothing but the protocol: the tool list and every
 * call's result come from the extension over the host's socket.
 * @param {string} sock
 */
export async function runServer(sock) {
  const server = new Server({ name: 'weaverbird', version: '0.1.0' }, { capabilities: { tools: {}, resources: {} } });
  const bridge = new BridgeClient(sock, () => {
    const c = server.getClientVersion();
    return c ? { name: c.name, version: c.version } : { name: 'an MCP client' };
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const r = await bridge.request({ type: 'list' });
    if (!r.ok) throw new Error(r.error.message);
    const tools = isRecord(r.data) && Array.isArray(r.data.tools) ? r.data.tools : [];
    return { tools: /** @type {ToolEntry[]} */ (tools.filter(isTool)) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const r = await bridge.request({ type: 'call', name: req.params.name, args: req.params.arguments ?? {} });
    if (!r.ok) return { content: [{ type: 'text', text: `${r.error.code}: ${r.error.message}` }], isError: true };
    const text = isRecord(r.data) && typeof r.data.text === 'string' ? r.data.text : JSON.stringify(r.data);
    const failed = isRecord(r.data) && r.data.ok === false;
    return { content: [{ type: 'text', text }], isError: failed };
  });
  // Resources (docs/mcp.md "Resources"): the extension lists them with the tools and answers a read
  // with the same text its tool gives; a refusal is a JSON-RPC error carrying the extension's words.
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const r = await bridge.request({ type: 'list' });
    if (!r.ok) throw new McpError(ErrorCode.InternalError, r.error.message);
    const resources = isRecord(r.data) && Array.isArray(r.data.resources) ? r.data.resources : [];
    return { resources: /** @type {ResourceEntry[]} */ (resources.filter(isResource)) };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    const r = await bridge.request({ type: 'read', uri: req.params.uri });
    if (!r.ok) throw new McpError(ErrorCode.InvalidRequest, `${r.error.code}: ${r.error.message}`);
    const text = isRecord(r.data) && typeof r.data.text === 'string' ? r.data.text : '';
    if (isRecord(r.data) && r.data.ok === false) throw new McpError(ErrorCode.InvalidRequest, text);
    return { contents: [{ uri: req.params.uri, mimeType: 'text/plain', text }] };
  });
  const transport = new StdioServerTransport();
  transport.onclose = () => bridge.close();
  await server.connect(transport);
}

/** @param {unknown} t @returns {boolean} */
function isTool(t) {
  return isRecord(t) && typeof t.name === 'string' && isRecord(t.inputSchema) && t.inputSchema.type === 'object';
}

/** @param {unknown} r @returns {boolean} */
function isResource(r) {
  return isRecord(r) && typeof r.uri === 'string' && typeof r.name === 'string';
}

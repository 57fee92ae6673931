// @ts-check
/**
 * The two wire formats of the bridge.
 *
 * Native messaging (browser ⇄ host, on the host's stdin/stdout): each message is UTF-8 JSON preceded
 * by its byte length as a 32-bit unsigned integer in native byte order (little-endian on every platform
 * Chrome and Firefox ship on). Chrome limits a message to the host at 4 GB and from the host at 1 MB
 * (https://developer.chrome.com/docs/extensions/develop/concepts/native-messaging#native-messaging-host-protocol).
 *
 * The local socket (host ⇄ MCP server): one JSON object per line (JSON.stringify never emits a raw
 * newline), so either end can be read with a line splitter.
 */

/** Chrome refuses a message from the host over 1 MB and then closes the port: cut before that. */
const MAX_TO_BROWSER = 1024 * 1024;
/** A length above this is a framing error (a stray write to stdout), not a message to wait for. */
const MAX_FROM_BROWSER = 64 * 1024 * 1024;

/**
 * @param {unknown} message
 * @returns {Buffer}
 */
export function encodeNative(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  if (body.length > MAX_TO_BROWSER) throw new Error(`message of ${body.length} bytes exceeds Chrome's 1 MB limit`);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}

/** Reassembles length-prefixed messages from a byte stream delivered in arbitrary chunks. */
export class NativeReader {
  /** @param {(message: unknown) => void} onMessage */
  constructor(onMessage) {
    this.onMessage = onMessage;
    /** @type {Buffer} */
    this.buffer = Buffer.alloc(0);
  }

  /** @param {Buffer} chunk */
  push(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.buffer.length < 4) return;
      const size = this.buffer.readUInt32LE(0);
      if (size > MAX_FROM_BROWSER) throw new Error(`native message length ${size} is not plausible: framing lost`);
      if (this.buffer.length < 4 + size) return;
      const body = this.buffer.subarray(4, 4 + size).toString('utf8');
      this.buffer = this.buffer.subarray(4 + size);
      this.onMessage(JSON.parse(body));
    }
  }
}

/** Splits a text stream into lines and parses each as JSON; a line that does not parse is reported, not thrown. */
export class LineReader {
  /**
   * @param {(message: unknown) => void} onMessage
   * @param {(line: string) => void} [onBad]
   */
  constructor(onMessage, onBad) {
    this.onMessage = onMessage;
    this.onBad = onBad ?? (() => undefined);
    this.text = '';
  }

  /** @param {Buffer | string} chunk */
  push(chunk) {
    this.text += chunk.toString();
    let at;
    while ((at = this.text.indexOf('\n')) >= 0) {
      const line = this.text.slice(0, at);
      this.text = this.text.slice(at + 1);
      if (!line.trim()) continue;
      let parsed;
      try {
        parsed = JSON.parse(line);
      } catch {
        this.onBad(line);
        continue;
      }
      this.onMessage(parsed);
    }
  }
}

/**
 * @param {unknown} message
 * @returns {string}
 */
export function encodeLine(message) {
  return `${JSON.stringify(message)}\n`;
}

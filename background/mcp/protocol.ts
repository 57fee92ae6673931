import * as z from 'zod/mini';

/**
 * The messages between the extension and the native host (mcp/lib/host.mjs), framed by Chrome's native
 * messaging. The host relays the MCP server's requests (`hello`, `list`, `call`, `read`) and says when the
 * server's socket closed (`client_gone`); every message is parsed here before anything acts on it.
 */
export const HOST_NAME = 'com.weaverbird.mcp';

export const FromHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('host_ready'), socket: z.optional(z.string()) }),
  z.object({ type: z.literal('host_error'), message: z.string() }),
  z.object({
    type: z.literal('hello'),
    client: z.object({ name: z.string(), version: z.optional(z.string()) }),
  }),
  z.object({ type: z.literal('list'), id: z.string() }),
  z.object({ type: z.literal('call'), id: z.string(), name: z.string(), args: z.unknown() }),
  z.object({ type: z.literal('read'), id: z.string(), uri: z.string() }),
  z.object({ type: z.literal('client_gone') }),
]);

export type ToHost =
  | { type: 'reply'; id: string; ok: true; data: unknown }
  | { type: 'reply'; id: string; ok: false; error: { code: string; message: string } }
  | { type: 'ended'; reason: string };

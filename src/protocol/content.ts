import * as z from 'zod/mini';

/**
 * Service worker → content script (one frame). Page tools travel as `tool` messages whose
 * arguments the content-side handler validates with the tool's own contract, so this union
 * does not grow with every tool.
 */
export const ContentRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('tool'), tool: z.string().check(z.minLength(1)), args: z.unknown() }),
]);
export type ContentRequest = z.infer<typeof ContentRequestSchema>;

export const PingReplySchema = z.object({
  url: z.string(),
  isTop: z.boolean(),
  axReady: z.boolean(),
});
export type PingReply = z.infer<typeof PingReplySchema>;

export const PageInfoSchema = z.object({
  url: z.string(),
  title: z.string(),
  readyState: z.string(),
  isTop: z.boolean(),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;

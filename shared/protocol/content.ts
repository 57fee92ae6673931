import * as z from 'zod/mini';

/**
 * Service worker → content script (one frame). Page tools travel as `tool` messages whose
 * arguments the content-side handler validates with the tool's own contract, so this union
 * does not grow with every tool.
 */
/**
 * `refFloor`: the highest ref number the worker has seen issued in this tab (any frame, any earlier
 * document). The page raises its counter to it before running the request, so a new document never
 * mints a number an older one already printed (see content-scripts/ax/ref-registry.ts).
 */
const RefFloor = z.optional(z.number().check(z.int(), z.minimum(0)));
/**
 * `expiresAt`: the worker's deadline for the request (epoch ms). A page that was blocked (a JS
 * dialog, a busy script) receives queued messages once it is free again; by then the worker has
 * answered the model with a timeout, so a late click must not happen behind its back.
 */
const ExpiresAt = z.optional(z.number());
/**
 * `place`: describe the element `args.ref_id` names (content-scripts/find/target-place.ts) before the
 * handler runs, and return it beside the reply as `place`. Set by the worker for an action the
 * workflow recorder records (background/page-place.ts), so the description costs no extra round trip.
 */
const Place = z.optional(z.literal(true));

export const ContentRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), refFloor: RefFloor, expiresAt: ExpiresAt }),
  z.object({
    type: z.literal('tool'),
    tool: z.string().check(z.minLength(1)),
    args: z.unknown(),
    refFloor: RefFloor,
    expiresAt: ExpiresAt,
    place: Place,
  }),
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

/**
 * Every reply from a page carries, next to the Result, the highest ref number its document knows
 * (`refHigh`), so the worker's per-tab floor follows every ref the model can have been shown.
 */
export const RefHighSchema = z.object({ refHigh: z.number().check(z.int(), z.minimum(0)) });

/** True when a request carries a deadline that has passed (see ExpiresAt). */
export function requestExpired(raw: unknown, now: number): boolean {
  const parsed = z.object({ expiresAt: z.number() }).safeParse(raw);
  return parsed.success && parsed.data.expiresAt < now;
}

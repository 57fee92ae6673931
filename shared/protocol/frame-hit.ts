import * as z from 'zod/mini';

/**
 * `frame_hit_test`, worker → parent frame: does a point inside child frame `frameIndex` (in the
 * child's own viewport coordinates) reach that child's `<iframe>` in this frame? The worker asks each
 * ancestor in turn before a trusted click inside a child frame, because a hit test inside the child
 * cannot see what its parents draw over it.
 */
export const FrameHitArgsSchema = z.strictObject({
  /** The child's index in this window's `frames` (the join key of frame_info). */
  frameIndex: z.number().check(z.int(), z.minimum(0), z.maximum(10_000)),
  x: z.number().check(z.minimum(-1e6), z.maximum(1e6)),
  y: z.number().check(z.minimum(-1e6), z.maximum(1e6)),
});
export type FrameHitArgs = z.infer<typeof FrameHitArgsSchema>;

export const FrameHitReplySchema = z.object({
  /** True when a real click at the point lands on the `<iframe>` (and so in the child's document). */
  hit: z.boolean(),
  /** The same point in this frame's viewport coordinates. */
  x: z.number(),
  y: z.number(),
  /** This frame's short description of the `<iframe>` (tag#id). */
  frame: z.string(),
  /** Why not, when `hit` is false: what a real click would land on instead. */
  reason: z.optional(z.string()),
});
export type FrameHitReply = z.infer<typeof FrameHitReplySchema>;

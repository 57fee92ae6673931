import * as z from 'zod/mini';

/**
 * `element_box` (worker → one frame's page scripts): where an element is, in CSS pixels of that frame's
 * viewport, for the screenshot tool's crop. Neither `ref` nor `selector`: the frame's own viewport.
 */
export const ElementBoxArgsSchema = z.strictObject({
  ref: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
  selector: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
});

const Rect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type BoxRect = z.infer<typeof Rect>;

export const ElementBoxReplySchema = z.object({
  rect: Rect,
  /** The frame's viewport (layout viewport, CSS px): a crop never reaches outside it. */
  viewport: z.object({ width: z.number(), height: z.number() }),
  /** `window.devicePixelRatio` of the frame (device scale times browser zoom). */
  dpr: z.number(),
  /** How many elements the selector matched (the first one is boxed). */
  matches: z.optional(z.number()),
  /** `tag#id.class` of the element, so the model can tell what it got. */
  label: z.optional(z.string()),
  /**
   * The frame's scroll offset and its document's scroll size (CSS px), read after any scroll: where the
   * viewport sits in the page, for a capture API that takes page coordinates and has no layout metrics
   * of its own (Firefox's tabs.captureTab; Chrome asks CDP's Page.getLayoutMetrics instead).
   */
  scroll: z.optional(z.object({ x: z.number(), y: z.number() })),
  content: z.optional(z.object({ width: z.number(), height: z.number() })),
});
export type ElementBoxReply = z.infer<typeof ElementBoxReplySchema>;

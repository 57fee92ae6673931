import * as z from 'zod/mini';

/**
 * What the conversation keeps of an image a tool produced: its id and shape, never its bytes. The
 * bytes live only in the worker's memory (background/vision/image-store.ts); the panel asks for them by
 * id to show a thumbnail, and after a worker restart they are gone.
 */
export const ImageMetaSchema = z.object({
  id: z.string().check(z.regex(/^img_[0-9a-z]{1,24}$/)),
  mediaType: z.enum(['image/jpeg', 'image/png']),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});
export type ImageMeta = z.infer<typeof ImageMetaSchema>;

/** The panel's `get_image` reply: the bytes as base64, for a blob: URL in the panel. */
export const ImageDataSchema = z.object({
  id: z.string(),
  mediaType: z.enum(['image/jpeg', 'image/png']),
  data: z.string(),
});
export type ImageData = z.infer<typeof ImageDataSchema>;

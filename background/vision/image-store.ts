/**
 * Images tools produced, in worker memory only. Image bytes never enter chrome.storage (the task record,
 * the conversation, the chat history) nor any text the model or the debug log sees: those hold an
 * `img_…` id and the image's shape. The agent loop attaches the bytes to the one model request that
 * follows the call; the panel fetches them by id for the thumbnail. A worker restart forgets them all,
 * which is the point: a screenshot of a private page lives no longer than it is useful.
 */
import type { ImageMeta } from '../../shared/protocol/image';

export interface StoredImage extends ImageMeta {
  /** base64, as CDP returns it and as the AI SDK and the panel take it. */
  data: string;
  tabId: number;
}

/** A handful of recent screenshots for the panel; the model only ever needs the latest step's. */
const MAX_IMAGES = 16;
const MAX_TOTAL_CHARS = 48 * 1024 * 1024;

const images = new Map<string, StoredImage>();

function evict(): void {
  let total = [...images.values()].reduce((n, i) => n + i.data.length, 0);
  for (const [id, img] of images) {
    if (images.size <= MAX_IMAGES && total <= MAX_TOTAL_CHARS) break;
    images.delete(id);
    total -= img.data.length;
  }
}

export function putImage(image: Omit<StoredImage, 'id'>): StoredImage {
  const id = `img_${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const stored = { ...image, id };
  images.set(id, stored);
  evict();
  return stored;
}

export function getImage(id: string): StoredImage | undefined {
  return images.get(id);
}

export function metaOf(image: StoredImage): ImageMeta {
  return { id: image.id, mediaType: image.mediaType, width: image.width, height: image.height, bytes: image.bytes };
}

/** The image a tool's result names (`{image: "img_…"}`), if it is still in memory. */
export function imageOfResult(data: unknown): StoredImage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const id: unknown = Reflect.get(data, 'image');
  return typeof id === 'string' ? images.get(id) : undefined;
}

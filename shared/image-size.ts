/**
 * Width and height of a PNG or JPEG from its first bytes, so a screenshot's reported size is the
 * image's own, not a computation that could drift from what Chrome encoded. PNG: the IHDR chunk at
 * byte 16 (PNG spec §11.2.2). JPEG: the first start-of-frame marker (ITU T.81 §B.2.2).
 */
export interface ImageSize {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

export function imageSize(bytes: Uint8Array): ImageSize | null {
  const at = (i: number) => bytes[i] ?? 0;
  const u16 = (i: number) => (at(i) << 8) | at(i + 1);
  const u32 = (i: number) => ((at(i) << 24) | (at(i + 1) << 16) | (at(i + 2) << 8) | at(i + 3)) >>> 0;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) {
    return { format: 'png', width: u32(16), height: u32(20) };
  }
  if (at(0) !== 0xff || at(1) !== 0xd8) return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (at(i) !== 0xff) return null;
    const marker = at(i + 1);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: 'jpeg', width: u16(i + 7), height: u16(i + 5) };
    }
    i += 2 + u16(i + 2);
  }
  return null;
}

/** Decodes the head of a base64 string (enough for the size headers) without decoding it all. */
export function base64Head(b64: string, chars = 96 * 1024): Uint8Array {
  const head = b64.slice(0, chars - (chars % 4));
  const bin = atob(head);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

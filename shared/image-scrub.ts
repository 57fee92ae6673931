/**
 * Replaces inline image data in a provider request body with its length, so the debug log and the
 * trace (which may be stored) never hold screenshot bytes. It matches base64 runs of 200+ characters
 * that follow an image field (`"data":"`, `"image_url":{"url":"data:…;base64,`, Gemini's `inlineData`),
 * and any `data:image/…;base64,` URL.
 */
const DATA_URL = /data:(image\/[\w.+-]+);base64,[A-Za-z0-9+/=]{200,}/g;
const JSON_DATA = /("data"\s*:\s*")[A-Za-z0-9+/=]{200,}(")/g;

export function scrubImages(text: string): string {
  return text
    .replace(DATA_URL, (m, type: string) => `data:${type};base64,[image data: ${m.length} chars]`)
    .replace(
      JSON_DATA,
      (m, open: string, close: string) => `${open}[image data: ${m.length - open.length - close.length} chars]${close}`,
    );
}

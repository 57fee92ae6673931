import { describe, expect, it } from 'vitest';
import { scrubImages } from './image-scrub';

const b64 = 'iVBORw0KGgo'.padEnd(4000, 'A') + '==';

describe('scrubImages', () => {
  it('drops the bytes of Anthropic, Gemini and OpenAI image parts, keeping their length', () => {
    const anthropic = JSON.stringify({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64 } });
    const gemini = JSON.stringify({ inlineData: { mimeType: 'image/jpeg', data: b64 } });
    const openai = JSON.stringify({ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${b64}` } });
    for (const body of [anthropic, gemini, openai]) {
      const out = scrubImages(body);
      expect(out).not.toContain('AAAAAAAAAA');
      expect(out).toContain(`[image data: `);
      expect(() => JSON.parse(out) as unknown).not.toThrow();
    }
    expect(scrubImages(anthropic)).toContain(`[image data: ${b64.length} chars]`);
  });

  it('leaves ordinary text and short data alone', () => {
    const text = JSON.stringify({ data: 'short', content: 'a long tree '.repeat(100) });
    expect(scrubImages(text)).toBe(text);
  });
});

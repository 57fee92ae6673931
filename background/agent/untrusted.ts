/**
 * Page content is untrusted: a page can say "ignore previous instructions". Every tool result
 * the model sees is fenced between markers carrying a per-task random nonce, and the system prompt
 * says text inside them is data. A page cannot close the fence early because it cannot know the
 * nonce; lookalike markers it prints are defanged anyway so a log reader is not fooled either.
 */

const MARKER = 'WB-UNTRUSTED';

/** 96 random bits as hex: unguessable by a page within one task. */
export function makeNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function openMarker(nonce: string): string {
  return `<<${MARKER} ${nonce}>>`;
}

export function closeMarker(nonce: string): string {
  return `<</${MARKER} ${nonce}>>`;
}

/** Defangs anything in page text that looks like one of our markers, whatever its nonce. */
function defang(text: string): string {
  return text.replace(/<<(\/?)\s*WB-UNTRUSTED/gi, '<‹$1WB-UNTRUSTED');
}

export function wrapUntrusted(nonce: string, source: string, body: string): string {
  return `${openMarker(nonce)} source=${source}\n${defang(body)}\n${closeMarker(nonce)}`;
}

/**
 * The one cheap token estimate (issue 28, `tokensEstimate` on reads): characters times a fixed ratio.
 * One token per three characters is a little high for English page text on o200k/cl100k (about 3.5–4)
 * and about right for JSON and non-Latin text, so reads and compaction err on the side of "larger".
 * Compaction starts from this ratio and then calibrates on the provider's own counts
 * (background/agent/loop/compaction.ts); reads report it as is, marked as an estimate (`~`).
 */
const CHARS_PER_TOKEN = 3;
export const DEFAULT_TOKENS_PER_CHAR = 1 / CHARS_PER_TOKEN;

/** Tokens for a character count (a snapshot's `totalChars`, when its text is not at hand). */
export function tokensForChars(chars: number): number {
  // Divided, not multiplied by the ratio: 300 × (1/3) is 100.00000000000001 in floating point.
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

export function estimateTokens(text: string): number {
  return tokensForChars(text.length);
}

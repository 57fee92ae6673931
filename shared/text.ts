/**
 * String primitives every context shares, once: the emoji-safe cut with an ellipsis and the
 * whitespace collapse. A cut never splits a surrogate pair: a lone surrogate is invalid UTF-16,
 * which JSON encoders and provider APIs reject (WHATWG Infra §4.6 "scalar value string").
 * No `chrome.*` and no DOM here.
 */

/** The first `end` code units of `text`, one fewer when that would split a surrogate pair. */
export function sliceSafe(text: string, end: number): string {
  if (end >= text.length) return text;
  if (end <= 0) return '';
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

/** `text` within `max` characters, the ellipsis included, cut without splitting an emoji. */
export function cut(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  return sliceSafe(text, Math.max(0, max - ellipsis.length)) + ellipsis;
}

/** A whitespace run of two or more, or one whitespace character other than a plain space. */
const NEEDS_COLLAPSE = /\s\s|[^\S ]/;

/** Collapses whitespace runs (newlines included) to one space. */
export function collapse(text: string): string {
  // Most text is already collapsed (single spaces between words): a scan that finds nothing to
  // change returns it without building a copy (the tree builder collapses every text run, issue 26).
  return NEEDS_COLLAPSE.test(text) ? text.replace(/\s+/g, ' ') : text;
}

/** Collapses whitespace runs to one space and trims the ends. */
export function squish(text: string): string {
  return collapse(text).trim();
}

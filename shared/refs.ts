/**
 * The ref grammar, shared by the page scripts (which mint refs), the worker (which routes them) and
 * the panel (which links tree lines to elements). A ref is `ref_N` with N a positive integer of at
 * most 16 digits, so it always fits a JavaScript safe integer (2^53 ≈ 9.007e15). A ref minted in a
 * child frame is shown to the model qualified by its frame id, `f2:ref_7`; `f0` is the main frame.
 * No `chrome.*` and no schema library here: content scripts import this file.
 */

const NUMBER = '[1-9]\\d{0,15}';
const FRAME = 'f(?:0|[1-9]\\d{0,8})';

/** A plain ref, `ref_12`; group 1 is its number. */
export const REF_PATTERN = new RegExp(`^ref_(${NUMBER})$`);

/** A frame id as `get_frames` lists it, `f0`…; group 1 is its number. */
export const FRAME_ID_PATTERN = /^f(0|[1-9]\d{0,8})$/;

/** A ref with an optional frame prefix, `ref_12` or `f2:ref_12`; group 1 is the frame, group 2 the local ref. */
export const QUALIFIED_REF_PATTERN = new RegExp(`^(?:(${FRAME}):)?(ref_${NUMBER})$`);

/** A ref as a tree line prints it, in brackets after the name: `button "Save" [f2:ref_12]`; group 1 is the ref. */
export const REF_IN_LINE = new RegExp(`\\[((?:${FRAME}:)?ref_${NUMBER})\\]`);

/** The ref for number `n`, `ref_12`: the one place a ref is spelled (the registry, Chrome's tree and PDFs mint through it). */
export function formatRef(n: number): string {
  return `ref_${n}`;
}

/** Source of a ref token in free text or JSON, plain or frame-qualified: `ref_12`, `f2:ref_12`. */
const ANY_REF_SOURCE = `(?<![\\w:])(?:${FRAME}:)?ref_${NUMBER}(?!\\w)`;

/** A fresh global regex for every ref token, plain or frame-qualified, in free text. */
export function refsIn(): RegExp {
  return new RegExp(ANY_REF_SOURCE, 'g');
}

/** True when the text is a ref (plain or frame-qualified) or a frame id: the project's own ids. */
export function isOwnId(text: string): boolean {
  return QUALIFIED_REF_PATTERN.test(text) || FRAME_ID_PATTERN.test(text);
}

/** Source of a bare ref token in free text: `ref_12` but not `f2:ref_12`, `ref_id`, or `xref_1`. */
const BARE_REF_SOURCE = `(?<![\\w:])ref_${NUMBER}(?!\\w)`;

/** A fresh global regex for bare refs in free text (global regexes carry state, so none is shared). */
export function bareRefsIn(): RegExp {
  return new RegExp(BARE_REF_SOURCE, 'g');
}

/**
 * Qualifies every bare ref in a text (tree lines, notices) minted in child frame `frame`; main-frame
 * refs (`f0`) stay plain. Already-qualified refs are left alone, so applying it twice changes nothing.
 */
export function qualifyRefsInText(text: string, frame: string): string {
  if (frame === 'f0') return text;
  return text.replace(bareRefsIn(), (ref) => `${frame}:${ref}`);
}

/** The number of a plain ref, or null when the text is not one. */
export function parseRefNumber(ref: string): number | null {
  const m = REF_PATTERN.exec(ref);
  return m?.[1] ? Number(m[1]) : null;
}

/** True when the text is a ref, plain or frame-qualified. */
export function isRef(text: string): boolean {
  return QUALIFIED_REF_PATTERN.test(text);
}

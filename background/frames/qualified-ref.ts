/**
 * Frame-qualified refs: a ref minted in child frame `f2` is shown to the model as `f2:ref_7`, so the
 * ref alone says where its element lives. Each frame's content scripts keep their own registry and
 * counter (see content-scripts/ax/ref-registry.ts), so `ref_7` exists independently in every frame;
 * the prefix is what makes it unambiguous. Main-frame refs stay plain `ref_N` (and `f0:ref_N` is
 * accepted as the same thing).
 */
import { QUALIFIED_REF_PATTERN } from '../../shared/refs';
import { MAIN_FRAME_ID } from './frame-ids';

export interface ParsedRef {
  /** The frame the ref names, `f0` when unqualified. */
  frame: string;
  /** The ref as that frame's registry knows it. */
  localRef: string;
  /** True when the caller wrote a frame prefix. */
  qualified: boolean;
}

export function parseQualifiedRef(ref: string): ParsedRef | null {
  const m = QUALIFIED_REF_PATTERN.exec(ref.trim());
  if (!m || m[2] === undefined) return null;
  return { frame: m[1] ?? MAIN_FRAME_ID, localRef: m[2], qualified: m[1] !== undefined };
}

/** How a ref from frame `frame` is shown to the model. */
export function qualifyRef(frame: string, localRef: string): string {
  return frame === MAIN_FRAME_ID ? localRef : `${frame}:${localRef}`;
}

export { qualifyRefsInText } from '../../shared/refs';
